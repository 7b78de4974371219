/**
 * The e-mail transport's public face (platform: infrastructure every module uses, knowing no
 * business): an SMTP server, or files on disk in development and tests. The mails' words and
 * frame are the modules' business. Everything else in this folder is its own
 * (module-boundaries.test.ts).
 */
export { createMailer, type Mailer, type MailMessage, readMail } from './mailer';
