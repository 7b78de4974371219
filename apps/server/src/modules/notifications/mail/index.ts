export { createMailer, type Mailer, type MailMessage, mailDir, readMail, type StoredMail } from './mailer';
export {
  emailVerificationMail,
  type MailContent,
  newSignInMail,
  noticeMail,
  passwordResetMail,
  signupAttemptMail,
} from './templates';
