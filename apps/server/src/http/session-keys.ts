/**
 * What the identity flows keep in the server-side session, by key. One list, so a flow that
 * reads a key and the flow that writes it cannot drift apart.
 */
export const SESSION_KEYS = {
  /** The URL a guest asked for before being sent to sign in (Laravel's `url.intended`). */
  intended: 'url.intended',
  /**
   * The remember-me token a session was made with or issued with: when the token turns out to be
   * stolen, every session that carries it ends (remember-tokens.ts).
   */
  rememberTokenId: 'auth.remember_token',
  /** Epoch ms of the last password (or SMS code) confirmation: `confirm` routes need it < 3 h old. */
  passwordConfirmedAt: 'auth.password_confirmed_at',
  /** A sign-in waiting for its second factor: `{userId, via}`. */
  pendingTwoFactor: 'login.two_factor',
  /** The mobile flow in progress: `{mobile, purpose, name?, email?, remember?}`. */
  mobileAuth: 'auth.mobile',
  /** A mobile number proven by an SMS code, for Users/Auth/Signup: `{mobile, at, remember?}`. */
  mobileVerified: 'auth.mobile_verified',
  /** Recovery codes just made, for the JSON route right after: `{codes, until}`. */
  recoveryCodes: 'two_factor.recovery_codes',
  /** A new mobile number waiting for its SMS code (Profile): the number, Latin digits. */
  pendingMobile: 'account.pending_mobile',
} as const;

/** How long a password confirmation lasts (Fortify's default: three hours). */
export const PASSWORD_CONFIRM_SECONDS = 3 * 60 * 60;
/** How long a verified mobile waits for the sign-up form to be sent. */
export const MOBILE_VERIFIED_SECONDS = 30 * 60;
/** How long fresh recovery codes can be fetched again as JSON. */
export const RECOVERY_CODES_SHOWN_SECONDS = 10 * 60;

export interface PendingTwoFactor {
  userId: number;
  via: 'password' | 'mobile';
  /** "Remember me" was ticked: the cookie is issued once the second factor is through. */
  remember?: boolean;
}

export interface MobileAuthState {
  mobile: string;
  purpose: 'signin' | 'signup';
  name?: string;
  email?: string | null;
  /** "Remember me" was ticked on Users/Auth/Signin: the cookie is issued when the sign-in completes. */
  remember?: boolean;
}

/** A same-site path (no scheme, no `//host`), safe to redirect to after sign-in. */
export function safeIntended(value: unknown): string | null {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 2000 ? value : null;
}
