export {
  emailVerificationMail,
  type MailContent,
  newSignInMail,
  noticeMail,
  passwordResetMail,
  signupAttemptMail,
} from './templates';
