export { createMailer, type Mailer, type MailMessage, mailDir, readMail, type StoredMail } from './mailer';
export {
  emailVerificationMail,
  type MailContent,
  machineNoticeMail,
  newSignInMail,
  passwordResetMail,
} from './templates';
