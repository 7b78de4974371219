// The whole schema, gathered from each module's tables for Drizzle's typed queries.

export * from '../modules/accounts/tables';
export * from '../modules/activity/tables';
export * from '../modules/auth/tables';
export * from '../modules/billing/tables';
export * from '../modules/catalog/tables';
export * from '../modules/content/tables';
export * from '../modules/instances/tables';
export * from '../modules/jobs/tables';
export * from '../modules/sessions/tables';
export * from '../modules/support/tables';
export * from '../modules/users/tables';
export * from '../modules/verification/tables';
