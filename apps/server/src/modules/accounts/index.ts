/**
 * The accounts module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export { type ApiTokenService, createApiTokenService, type TokenAbility } from './api-tokens';
export { countingBlocker, type DeleteBlockerCheck } from './delete-blockers';
export { profilePhotoUrl } from './profile-photo';
export { type AccountService, createAccountService } from './service';
export { createTwoFactorService, type TwoFactorService } from './two-factor';
