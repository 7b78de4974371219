import type {} from '../../http/page-contracts';

/** The props of this module's pages, written once here and imported type-only by the web. */

/** Onboarding steps the server knows are done; anything missing counts as not done yet. */
export interface LandingProps {
  checklist?: {
    profile?: boolean;
    email?: boolean;
    password?: boolean;
    kyc?: boolean;
    top_up?: boolean;
    machine?: boolean;
  };
}

export interface DashboardProps {
  /** The server's view of the account's security; `auth.user` fills in when it is absent. */
  checklist?: { mobile_verified?: boolean; email_verified?: boolean; two_factor?: boolean; kyc?: string };
  /** Signed-in browsers and devices of this account. */
  sessions_count?: number;
  api_tokens_count?: number;
}

/** A desk Users/Home may link to: its words and the route it opens. */
export interface Shortcut {
  key: string;
  label: string;
  /** A route name, resolved against the list this user was sent. */
  route: string;
}

/** Users/Home, the hub after any sign-in. */
export interface UsersHomeProps {
  greeting?: string;
  /** Rial. */
  balance?: number;
  kyc_status?: string;
  email_verified?: boolean;
  /** The desks the server offers this role. */
  shortcuts?: Shortcut[];
  suspended?: boolean;
  /** Why an admin suspended the account, in their words. */
  suspension_reason?: string | null;
  /** The page the person wanted before signing in; offered as «ادامه». */
  intended?: string | null;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Users/Home': UsersHomeProps;
    'Users/Landing': LandingProps;
    Dashboard: DashboardProps;
  }
}
