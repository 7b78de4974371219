/**
 * The auth module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export { createEmailVerificationService } from './email-verification';
export { AuthError } from './errors';
export { ALWAYS, newPasswordRules } from './new-password';
export { createPasswordResetService } from './password-reset';
export { assertPasswordAllowed } from './password-rules';
export { forgetPasswordReset, revokeRememberTokens } from './queries';
export { createRememberCookie, type RememberCookie } from './remember-cookie';
export { createRememberTokenService, type RememberTokenService } from './remember-tokens';
export { CONFIRM_LIMIT, VERIFICATION_MAIL_LIMIT } from './routes';
export { type AuthSettings, readAuthSettings } from './settings';
export { createSignedLinks, type SignedLinks } from './signed-links';
export { createSmsCodeService, type SmsCodeService } from './sms-codes';
export { generateTotpSecret, otpauthUrl, verifyTotp } from './totp';
export { verificationAddressSchema } from './validators';
