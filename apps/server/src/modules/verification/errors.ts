import { DomainError } from '../../lib/domain-error';

/**
 * Every refusal of identity checks (KYC). Codes are stable and never reused; the message is
 * Persian and safe to show the person who acted.
 */
export const VERIFICATION_ERROR_CODES = {
  RF_KYC_NOT_FOUND: 404,
  RF_KYC_UNDER_REVIEW: 422,
  RF_KYC_APPROVED: 422,
  RF_KYC_INCOMPLETE: 422,
  RF_KYC_MOBILE_NOT_PROVEN: 422,
  RF_KYC_NOTHING_TO_WITHDRAW: 422,
  RF_KYC_NOT_CLAIMABLE: 422,
  RF_KYC_CLAIMED_BY_OTHER: 409,
  RF_KYC_NOT_DECIDABLE: 422,
  RF_KYC_NOT_REVOCABLE: 422,
  RF_KYC_DOCUMENT_TYPE: 422,
  RF_KYC_NAMES_LOCKED: 422,
  RF_KYC_DOCUMENTS_MISSING: 422,
  RF_KYC_DUPLICATE_APPROVED: 422,
  RF_KYC_SELFIE_CODE_UNSEEN: 422,
} as const;

export type VerificationErrorCode = keyof typeof VERIFICATION_ERROR_CODES;

export class VerificationError extends DomainError {
  declare readonly code: VerificationErrorCode;
  constructor(code: VerificationErrorCode, message: string, field?: string) {
    super(code, message, { status: VERIFICATION_ERROR_CODES[code], field });
  }
}

export const kycNotFound = () =>
  new VerificationError('RF_KYC_NOT_FOUND', 'درخواست احراز هویتی که دنبالش بودید پیدا نشد.');
