import type { AppModule } from '../app-module';

/** Browser sessions in the database: the page plugin's store, who is online. */
export const sessionsModule: AppModule = { name: 'sessions' };
