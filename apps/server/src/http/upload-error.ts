import { DomainError } from '../lib/domain-error';

/** Why an uploaded file was refused; stable codes, Persian messages safe to show beside the field. */
export const UPLOAD_ERROR_CODES = [
  'RF_UPLOAD_TOO_LARGE',
  'RF_UPLOAD_EMPTY',
  'RF_UPLOAD_MULTIPLE',
  'RF_UPLOAD_NOT_A_FILE',
  'RF_UPLOAD_MALFORMED',
  'RF_UPLOAD_TYPE',
  'RF_UPLOAD_DIMENSIONS',
] as const;

export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

/** Field-less by itself: the route names the upload's field (`errorField`) or sets `field`. */
export class UploadError extends DomainError {
  declare readonly code: UploadErrorCode;
  constructor(code: UploadErrorCode, message: string, field?: string) {
    super(code, message, { status: code === 'RF_UPLOAD_TOO_LARGE' ? 413 : 422, field });
  }
}
