import type { AppModule } from '../app-module';

/** Mail and SMS carriers (SMTP or files, Kavenegar or a log). */
export const notificationsModule: AppModule = { name: 'notifications' };
