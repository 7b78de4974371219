import type { AppModule } from '../app-module';
import { notificationRoutes } from './routes';
import { seedDemoNotifications } from './seed';
import {
  createNoticeMailJobHandler,
  createNoticeSmsJobHandler,
  LEGACY_MACHINE_NOTICE_MAIL_JOB,
  NOTICE_MAIL_JOB,
  NOTICE_SMS_JOB,
} from './user-notice';

/** Notices to users: the in-app bell, and the mails and texts sent through platform/mail and platform/sms. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: [notificationRoutes],
  seed: seedDemoNotifications,
  jobs: ({ config, db, services, log }) => {
    const mail = createNoticeMailJobHandler({ db, mailer: services.mailer, appUrl: config.APP_URL, log });
    return {
      [NOTICE_MAIL_JOB]: mail,
      [LEGACY_MACHINE_NOTICE_MAIL_JOB]: mail,
      [NOTICE_SMS_JOB]: createNoticeSmsJobHandler({ db, sms: services.sms, siteName: 'رندر فارم ابری', log }),
    };
  },
};
export type { PanelNotificationsEditProps, PanelNotificationsListProps } from './contracts';
