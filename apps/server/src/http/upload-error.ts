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

export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}
