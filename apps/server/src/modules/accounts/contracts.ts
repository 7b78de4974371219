import type {} from '../../http/page-contracts';
/** Wire shapes of the account pages (Profile/Show, API/Index), imported type-only by the web. */

export type TokenAbility = 'read' | 'create' | 'update' | 'delete' | (string & {});

export interface ApiToken {
  id: number;
  name: string;
  abilities: TokenAbility[];
  /** The server's own wording («۲ ساعت پیش») or null when never used. */
  last_used_ago?: string | null;
  /** ISO-8601, when the server sends the time rather than a phrase. */
  last_used_at?: string | null;
}

/** Profile/Show's own props (docs/screens.md §3), as on the wire. */
export interface BrowserSession {
  agent: { platform?: string | null; browser?: string | null; is_desktop?: boolean };
  /** Null when the address was not recorded. */
  ip_address: string | null;
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
  /** The mobile with its middle hidden («0912***0000»), for accounts that have one. */
  mobile_masked?: string | null;
  /** The whole number, for its owner (Profile). */
  mobile?: string | null;
  /** A new number waiting for the SMS code sent to it. */
  mobile_pending?: string | null;
  photo_url?: string | null;
  email_verified?: boolean;
  mobile_verified?: boolean;
  /** False for accounts made by SMS code that never set a password. */
  has_password?: boolean;
}

/** `profile.show`. */
export interface ProfileShowProps {
  /** The account's editable details (the shared `auth.user` carries no e-mail or photo). */
  user?: ProfileDetails;
  two_factor?: TwoFactorState;
  sessions?: BrowserSession[];
  confirms_two_factor_authentication?: boolean;
  delete_blockers?: DeleteBlocker[];
}

/** `api-tokens.index`. */
export interface ApiIndexProps {
  tokens?: ApiToken[];
  available_permissions?: string[];
  default_permissions?: string[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Profile/Show': ProfileShowProps;
    'API/Index': ApiIndexProps;
  }
}
