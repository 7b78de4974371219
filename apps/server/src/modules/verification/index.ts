/**
 * The verification module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export { billToInput } from './bill-to-input';
export { billToValues } from './bill-to-values';
export { type ApprovedIdentity, accountsWithNationalCode, approvedIdentityOf, savedBillTo } from './queries';
export { pendingVerificationCount } from './queue';
