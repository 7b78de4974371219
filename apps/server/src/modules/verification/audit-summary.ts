import type { VerificationRequest } from './tables';

/** What each staff action on an identity check says in the audit, before whose check it was. */
export const STAFF_SUMMARIES: Record<string, string> = {
  'kyc:claimed': 'درخواست احراز هویت برای بررسی برداشته شد',
  'kyc:approved': 'احراز هویت تأیید شد',
  'kyc:rejected': 'احراز هویت رد شد',
  'kyc:revoked': 'تأیید احراز هویت لغو شد',
  'kyc:document.viewed': 'مدرک احراز هویت دیده شد',
};

/** Whose check it is, as the audit names it: the company, or the person. */
export function personOf(request: Pick<VerificationRequest, 'firstName' | 'lastName' | 'companyName'>) {
  const person = [request.firstName, request.lastName].filter(Boolean).join(' ');
  return request.companyName || person || 'بی‌نام';
}
