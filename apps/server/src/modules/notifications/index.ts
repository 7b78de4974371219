import type { AppModule } from '../app-module';
import { createNoticeMailJobHandler, LEGACY_MACHINE_NOTICE_MAIL_JOB, NOTICE_MAIL_JOB } from './user-notice';

/** Mail and SMS carriers (SMTP or files, Kavenegar or a log), and notices to users. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  jobs: ({ config, db, services, log }) => {
    const mail = createNoticeMailJobHandler({ db, mailer: services.mailer, appUrl: config.APP_URL, log });
    return { [NOTICE_MAIL_JOB]: mail, [LEGACY_MACHINE_NOTICE_MAIL_JOB]: mail };
  },
};
