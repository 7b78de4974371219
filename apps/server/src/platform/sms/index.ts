/**
 * The SMS transport's public face (platform: infrastructure every module uses, knowing no
 * business): Kavenegar in production, a log file in development and tests. What to send, and to
 * whom, is the modules' business. Everything else in this folder is its own
 * (module-boundaries.test.ts).
 */
export { createSmsProvider } from './create-sms-provider';
export { readSmsLog } from './log';
export type { SmsMessage, SmsProvider } from './provider';
