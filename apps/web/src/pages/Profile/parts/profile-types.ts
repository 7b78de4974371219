/** Profile/Show's own props (SCREENS.md §3), as on the wire. */
export interface BrowserSession {
  agent: { platform?: string | null; browser?: string | null; is_desktop?: boolean };
  ip_address: string;
  is_current_device: boolean;
  /** ISO-8601 time of the last request from this session. */
  last_active: string;
}

export interface DeleteBlocker {
  code: string;
  message: string;
}

/** 2FA as the server knows it: a secret may exist (`enabled`) before it is confirmed with a code. */
export interface TwoFactorState {
  enabled: boolean;
  confirmed: boolean;
  recovery_codes_left?: number;
  /** False for staff when the site requires 2FA of them. */
  can_disable?: boolean;
}

export interface ProfileDetails {
  name: string;
  email: string | null;
  photo_url?: string | null;
  email_verified?: boolean;
  /** False for accounts made by SMS code that never set a password. */
  has_password?: boolean;
}
