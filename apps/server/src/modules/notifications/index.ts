/**
 * The notifications module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export type { PanelNotificationsEditProps, PanelNotificationsListProps } from './contracts';
export { unreadCount } from './inbox';
export { emailVerificationMail, noticeMail, passwordResetMail, signupAttemptMail } from './mail/index';
export { escapeHtml, layout, SITE_NAME } from './mail/layout';
export type { MailContent } from './mail/templates';
export { notify } from './user-notice';
