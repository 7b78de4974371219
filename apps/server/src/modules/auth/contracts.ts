import type {} from '../../http/page-contracts';

/** The props of this module's pages, written once here and imported type-only by the web. */

export interface LoginProps {
  can_reset_password?: boolean;
  can_register?: boolean;
  /** A message from the step before (a password was just reset). */
  status?: string | null;
}

export interface ForgotPasswordProps {
  /** Set once the link was sent (the same words whether or not the e-mail has an account). */
  status?: string | null;
}

export interface ConfirmPasswordProps {
  /** False for accounts that signed up by mobile and never set a password: they confirm by SMS code. */
  has_password?: boolean;
  mobile_masked?: string | null;
  /** For SMS confirmation: seconds the code still works, and until another may be asked for. */
  expires_in?: number;
  resend_in?: number;
}

export interface ResetPasswordProps {
  email: string;
  token: string;
}

export interface VerifyEmailProps {
  /** `verification-link-sent` once a new link went out. */
  status?: string | null;
  /** Where the link went: after a change of address, the person sees which one to open. */
  email?: string | null;
}

export interface SigninProps {
  /** What was typed and ticked before, when the person comes back from Verify to change the number. */
  mobile?: string;
  remember?: boolean;
}

export interface VerifyProps {
  mobile_masked: string;
  /** Seconds until the code stops working (120 when just sent). */
  expires_in: number;
  /** Seconds until another code may be asked for. */
  resend_in: number;
  purpose?: 'signin' | 'signup' | string;
}

export interface SignupProps {
  /** The number verified in this session by SMS code: shown locked. */
  mobile?: string | null;
  mobile_verified?: boolean;
  /** From a referral link (`?ref=`), prefilled. */
  referral_code?: string | null;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Auth/Login': LoginProps;
    'Auth/ForgotPassword': ForgotPasswordProps;
    'Auth/ConfirmPassword': ConfirmPasswordProps;
    'Auth/ResetPassword': ResetPasswordProps;
    'Auth/VerifyEmail': VerifyEmailProps;
    'Users/Auth/Signin': SigninProps;
    'Users/Auth/Verify': VerifyProps;
    'Users/Auth/Signup': SignupProps;
  }
}
