import type {} from '../../http/page-contracts';
import type { BillTo, BillToValues } from '../billing/invoices/contracts';
import type { DocumentKind, VerificationStatus, VerificationType } from './tables';

/**
 * The props of the identity (KYC) and account pages, written once here and imported type-only by
 * their pages. Days are ISO (`1990-03-21`), times ISO-8601 UTC.
 */

export type { DocumentKind, VerificationStatus, VerificationType };

export interface KycDocumentView {
  uuid: string;
  kind: DocumentKind;
  label: string;
  mime: string;
  size: number;
  is_image: boolean;
  /** Streams the file privately (owner or staff). */
  url: string;
}

export interface KycRequestView {
  uuid: string;
  type: VerificationType;
  first_name: string | null;
  last_name: string | null;
  national_code: string | null;
  birth_date: string | null;
  mobile: string | null;
  mobile_verified: boolean;
  company_name: string | null;
  company_national_id: string | null;
  company_registration_no: string | null;
  /** What the note in the selfie must say. */
  selfie_text: string;
  status: VerificationStatus;
  reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
}

/** `panel.account.verify` «احراز هویت»: the wizard, or where the request stands. */
export interface PanelAccountVerifyProps {
  /** The latest request (null before the first save). */
  request: KycRequestView | null;
  /** While a draft is prepared after a rejection or a revoke: that decision and its reason. */
  previous: { status: VerificationStatus; reason: string | null } | null;
  documents: KycDocumentView[];
  account: { mobile: string | null; mobile_verified: boolean };
  /** The number an SMS code was last sent to from this page, and its countdowns. */
  mobile_code: { mobile: string; expires_in: number; resend_in: number } | null;
  required: Record<VerificationType, DocumentKind[]>;
  labels: Record<DocumentKind, string>;
  max_bytes: number;
  /** Today in Tehran: the latest birth date the picker offers, and the 18-year line. */
  today: string;
  latest_birth_date: string;
  /**
   * `edit`: the wizard (no request yet, or a draft); `renew`: after a rejection or a revoke, start
   * the next request (it gets selfie words of its own); `withdraw`: a draft or a request not claimed.
   */
  can: { edit: boolean; renew: boolean; withdraw: boolean };
}

export interface EffectiveLimit {
  key: string;
  label: string;
  /** Read as a person would («۲ سرور»), or null: no limit. */
  value: string | null;
}

export interface AccountSummary {
  name: string;
  email: string | null;
  mobile: string | null;
  email_verified: boolean;
  mobile_verified: boolean;
  two_factor: boolean;
  kyc_status: string;
  kyc_reason: string | null;
}

/** `panel.account.show` «حساب کاربری». */
export interface PanelAccountShowProps {
  account: AccountSummary;
  bill_to: BillTo | null;
  marketing_opt_in: boolean;
  limits: EffectiveLimit[];
}

/** `panel.account.edit` «ویرایش حساب». */
export interface PanelAccountEditProps {
  account: AccountSummary;
  bill_to: BillToValues;
  /** After approval the person's name and national code come from the verified identity. */
  names_locked: boolean;
  marketing_opt_in: boolean;
  mobile_code: { mobile: string; expires_in: number; resend_in: number } | null;
}

export interface KycQueueRow {
  id: number;
  type: VerificationType;
  name: string;
  company_name: string | null;
  owner: { id: number; name: string; mobile: string | null } | null;
  status: VerificationStatus;
  reviewer: string | null;
  mine: boolean;
  submitted_at: string | null;
  reviewed_at: string | null;
}

interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** `care.verify.list` / `admin.verify.list`. */
export interface StaffVerifyListProps {
  items: { data: KycQueueRow[]; meta: ListMeta };
  filters: { status: string; type: string; reviewer: string; q: string; from: string; to: string };
  statuses: { value: string; label: string }[];
  reviewers: { value: string; label: string }[];
}

/** `care.verify.edit` / `admin.verify.edit`. */
export interface StaffVerifyEditProps {
  request: KycRequestView & { id: number };
  owner: { id: number; name: string; email: string | null; mobile: string | null; kyc_status: string } | null;
  documents: KycDocumentView[];
  checks: {
    national_code_valid: boolean;
    mobile_matches: boolean;
    duplicates: { user_id: number; name: string; status: string }[];
  };
  attempts: {
    id: number;
    status: VerificationStatus;
    reason: string | null;
    submitted_at: string | null;
    reviewed_at: string | null;
  }[];
  /** What an approval still needs (the decide route refuses one while anything is listed). */
  approval: {
    /** Papers the request's kind needs that it does not carry (or whose file is gone). */
    missing: { kind: DocumentKind; label: string }[];
    /** Other accounts approved with the same national code: only an admin approves, with a reason. */
    approved_elsewhere: { user_id: number; name: string }[];
  };
  reviewer: string | null;
  /**
   * `decide`: this reviewer may decide (reject); `approve`: and approve now; `override`: an admin
   * may approve despite `approved_elsewhere`, giving a reason.
   */
  can: { claim: boolean; decide: boolean; approve: boolean; override: boolean; revoke: boolean };
  /** Admin only: every staff action on this request, oldest first. */
  history: { event: string; actor: string; at: string; reason: string | null }[] | null;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Account/Verify': PanelAccountVerifyProps;
    'Panel/Account/Show': PanelAccountShowProps;
    'Panel/Account/Edit': PanelAccountEditProps;
    'Care/Verify/List': StaffVerifyListProps;
    'Care/Verify/Edit': StaffVerifyEditProps;
    'Admin/Verify/List': StaffVerifyListProps;
    'Admin/Verify/Edit': StaffVerifyEditProps;
  }
}
