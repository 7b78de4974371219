import { DomainError } from '../../lib/domain-error';

/** Every error code of drives (stable; the message is Persian and safe to show). */
export const DRIVE_ERROR_CODES = {
  RF_DRIVE_NOT_FOUND: 404,
  RF_DRIVE_SIZE: 422,
  RF_DRIVE_LIMIT: 422,
  RF_DRIVE_LOCATION: 422,
  RF_DRIVE_BALANCE: 422,
  RF_DRIVE_SHRINK: 422,
  RF_DRIVE_ATTACHED: 422,
  RF_DRIVE_CONFIRM_NAME: 422,
  RF_DRIVE_MACHINE: 422,
  RF_DRIVE_NOT_ACTIVE: 422,
  RF_DRIVE_NAME: 422,
  RF_DRIVE_PATH: 422,
  RF_DRIVE_EXISTS: 422,
  RF_DRIVE_FILE_NOT_FOUND: 404,
  RF_DRIVE_QUOTA: 413,
  RF_DRIVE_LINK_EXPIRED: 410,
} as const;

export type DriveErrorCode = keyof typeof DRIVE_ERROR_CODES;

export class DriveError extends DomainError {
  declare readonly code: DriveErrorCode;
  constructor(code: DriveErrorCode, message: string, field?: string, details?: Record<string, unknown>) {
    super(code, message, { status: DRIVE_ERROR_CODES[code], field, details });
  }
}

export const driveNotFound = () => new DriveError('RF_DRIVE_NOT_FOUND', 'فضای ذخیره‌سازی پیدا نشد.');
export const fileNotFound = () =>
  new DriveError('RF_DRIVE_FILE_NOT_FOUND', 'این فایل یا پوشه پیدا نشد.', 'path');
