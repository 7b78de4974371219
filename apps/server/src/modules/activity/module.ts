import type { AppModule } from '../app-module';
import { activityRoutes } from './routes';

/** The activity log: who did what, from where, for the account owner and staff. */
export const activityModule: AppModule = { name: 'activity', routes: [activityRoutes] };
export type { PanelActivityShowProps } from './contracts';
