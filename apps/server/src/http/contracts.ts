/**
 * Props the server sends with every page (docs/screens.md §0, "Shared props"). Field names are
 * snake_case as on the wire; amounts are integer Rial.
 */

export type KycStatus = 'none' | 'pending' | 'approved' | 'rejected' | (string & {});

export interface AuthUser {
  id: number;
  name: string;
  mobile_masked: string | null;
  roles: string[];
  /** Wallet balance in Rial. */
  balance: number;
  kyc_status: KycStatus;
  two_factor: boolean;
  email_verified: boolean;
  /** The profile photo's address, or null for the initials. */
  photo_url?: string | null;
}

export interface MenuItem {
  label: string;
  url: string;
  children?: MenuItem[];
}

export interface LinkItem {
  label: string;
  url: string;
}

// A type alias, not an interface: the page client requires props assignable to Record<string, unknown>.
export type SharedProps = {
  auth: { user: AuthUser | null };
  /** `token`: a new API token in plain text, sent once after `api-tokens.store`. */
  flash: {
    success?: string | null;
    error?: string | null;
    /** Done, but with something to know («یک کد بازیابی مصرف شد؛ ۷ کد دیگر مانده است»). */
    warning?: string | null;
    token?: string | null;
    /** After 2FA is confirmed or its codes regenerated: the recovery codes, once. */
    recovery_codes?: string[] | null;
    /** A machine's RDP password after panel.instances.password, shown once and never again. */
    secret?: string | null;
  };
  /** Ziggy-format route list, read by @renderfarm/routes. */
  routes?: unknown;
  settings: { site_name: string; support_phone: string | null; vat_rate: number };
  menus: { header: MenuItem[]; footer: MenuItem[] };
  links: { footer: LinkItem[]; social: LinkItem[] };
  unread_notifications: number;
  /** The signed-in person's render jobs still under way (checking, queued, rendering, paused). */
  open_jobs?: number;
  recaptcha_site_key?: string | null;
  /** When shared: `none` turns the client's bot check off even if a challenge route is listed. */
  captcha_provider?: 'altcha' | 'recaptcha' | 'none' | null;
  /** Where the browser reaches the realtime server (Pusher protocol); absent: no live updates. */
  realtime?: RealtimeProps | null;
  /** Set while an admin is signed in as this customer (the banner with «بازگشت به حساب مدیر»). */
  impersonation?: { admin_name: string; user_name: string } | null;
};

export interface RealtimeProps {
  key: string;
  host?: string | null;
  port?: number | null;
  scheme?: 'http' | 'https' | null;
}

/** `Public/Blank`: the error and notice page (404, 403, 419, 429, 500…) with its Persian message. */
export interface BlankProps {
  status: number;
  message?: string | null;
}
