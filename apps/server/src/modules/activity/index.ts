import type { AppModule } from '../app-module';

/** The activity log: who did what, from where, for the account owner and staff. */
export const activityModule: AppModule = { name: 'activity' };
