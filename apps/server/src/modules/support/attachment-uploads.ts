import { type SchemaLike, ValidationError } from '@renderfarm/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptUploads } from '../../http/multipart';
import { UploadError } from '../../http/upload-error';
import { cleanFileName, nameForType, sniffFile } from '../../lib/files';
import { faNumber } from '../../lib/persian';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_MESSAGE, type NewAttachment } from './attachments';

export const ATTACHMENT_FIELD = 'attachments';
export const ATTACHMENT_TOO_LARGE = 'حجم هر پیوست باید حداکثر ۱۰ مگابایت باشد.';
const ALLOWED_TYPES = 'عکس (JPEG،\u200F PNG،\u200F WebP،\u200F GIF)، PDF، ZIP یا متن ساده';

/**
 * Lets a scope's routes take ticket attachments as multipart (the form fields stay plain fields,
 * so the same schemas validate them). One file more than allowed is read, so "too many" is an
 * answer rather than a broken request.
 */
export function acceptAttachments(scope: FastifyInstance) {
  return acceptUploads(scope, {
    fileSize: ATTACHMENT_MAX_BYTES,
    files: ATTACHMENTS_PER_MESSAGE + 1,
    maxRequestBytes: ATTACHMENTS_PER_MESSAGE * ATTACHMENT_MAX_BYTES + 512 * 1024,
    // `../x.png` is refused with a message, not quietly shortened to `x.png`.
    preservePath: true,
  });
}

/**
 * The files a ticket message carries (`attachments`, `attachments[]`, `attachments[0]`…), each
 * judged by its bytes against the allowlist, with a clean name whose extension tells the truth.
 * Every problem is an UploadError on `attachments`, raised before anything is stored.
 */
export function ticketAttachments(request: FastifyRequest): NewAttachment[] {
  const fail = (code: ConstructorParameters<typeof UploadError>[0], message: string): never => {
    throw new UploadError(code, message, ATTACHMENT_FIELD);
  };
  if (request.uploadProblem === 'too-large') fail('RF_UPLOAD_TOO_LARGE', ATTACHMENT_TOO_LARGE);
  if (request.uploadProblem === 'too-many-files') {
    fail('RF_UPLOAD_MULTIPLE', `حداکثر ${faNumber(ATTACHMENTS_PER_MESSAGE)} پیوست برای هر پیام.`);
  }
  if (request.uploadProblem === 'malformed') {
    fail('RF_UPLOAD_MALFORMED', 'پیوست‌ها به‌درستی فرستاده نشدند؛ دوباره تلاش کنید.');
  }
  // A browser sends an empty, nameless part for a file input left empty: nothing was chosen.
  const files = (request.uploads ?? []).filter((f) => !(f.filename === '' && f.bytes.length === 0));
  if (files.length > ATTACHMENTS_PER_MESSAGE) {
    fail('RF_UPLOAD_MULTIPLE', `حداکثر ${faNumber(ATTACHMENTS_PER_MESSAGE)} پیوست برای هر پیام.`);
  }
  return files.map((file) => {
    if (!/^attachments(\[\d*\])?$/.test(file.field))
      fail('RF_UPLOAD_NOT_A_FILE', 'این فایل جای پیوست نیامده است.');
    const name = cleanFileName(file.filename);
    if (name === null) {
      fail(
        'RF_UPLOAD_TYPE',
        'نام فایل پذیرفته نیست (مسیر، «..» یا نویسه‌های کنترلی دارد)؛ نام فایل را ساده کنید و دوباره بفرستید.',
      );
    }
    if (file.truncated) fail('RF_UPLOAD_TOO_LARGE', `${ATTACHMENT_TOO_LARGE} «${name}» بزرگ‌تر است.`);
    if (file.bytes.length === 0) fail('RF_UPLOAD_EMPTY', `فایل «${name}» خالی است.`);
    const sniffed = sniffFile(file.bytes);
    if (!sniffed) fail('RF_UPLOAD_TYPE', `نوع فایل «${name}» پذیرفته نیست؛ تنها ${ALLOWED_TYPES}.`);
    return { name: nameForType(name!, sniffed!), mime: sniffed!.mime, bytes: file.bytes };
  });
}

/**
 * The form's fields and its attachments, every problem at once: a bad file and an empty subject
 * are both shown beside their fields, and nothing is stored while either is wrong.
 */
export async function validateWithAttachments<T extends object>(
  request: FastifyRequest,
  schema: SchemaLike<T>,
): Promise<T & { attachments: NewAttachment[] }> {
  const errors: Record<string, string> = {};
  let input: T | undefined;
  try {
    input = await request.validate(schema);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
  }
  let attachments: NewAttachment[] = [];
  try {
    attachments = ticketAttachments(request);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    errors[ATTACHMENT_FIELD] = error.message;
  }
  if (input === undefined || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { ...input, attachments };
}
