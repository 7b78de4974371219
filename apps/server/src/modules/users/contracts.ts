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

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Users/Landing': LandingProps;
    Dashboard: DashboardProps;
  }
}
