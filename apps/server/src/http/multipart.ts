import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { UploadError } from './upload-error';

/** One file part of a multipart body, read into memory (bounded by the route's limits). */
export class UploadedFile {
  constructor(
    readonly field: string,
    /** As the sender named it: shown nowhere, trusted for nothing. */
    readonly filename: string,
    readonly bytes: Buffer,
    /** Longer than the route's file size limit: `bytes` holds only its beginning. */
    readonly truncated: boolean,
  ) {}
}

/** A problem with the multipart body as a whole, reported by the handler as a field error. */
export type UploadProblem = 'too-large' | 'too-many-files' | 'malformed';

export interface UploadLimits {
  /** Bytes per file; a longer file is cut there and marked `truncated`. */
  fileSize: number;
  /** Files per request; one more makes the request `too-many-files`. */
  files: number;
  /** A request that declares a larger Content-Length is not read at all. */
  maxRequestBytes: number;
  /**
   * Keep the sender's file name whole (`../x.png` stays so) instead of cutting it to its last
   * segment, for routes that refuse such names rather than quietly shorten them.
   */
  preservePath?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request, on routes that accept uploads (empty elsewhere). */
    uploads: UploadedFile[] | null;
    uploadProblem: UploadProblem | null;
  }
}

/**
 * Lets the routes of `scope` (an encapsulated plugin) take `multipart/form-data`: other routes
 * keep refusing it with 415, so no route reads a file it did not ask for. Register the routes
 * with the returned `preValidation`, which turns the body into plain fields (so the CSRF `_token`
 * field and zod schemas work as for JSON) and collects the files in `request.uploads`.
 */
export async function acceptUploads(
  scope: FastifyInstance,
  limits: UploadLimits,
): Promise<{ preValidation: preValidationAsyncHookHandler }> {
  // No throw on an oversized file: it is cut and marked, and the form says why beside the field.
  await scope.register(multipart, { limits: { fileSize: limits.fileSize }, throwFileSizeLimit: false });
  if (!scope.hasRequestDecorator('uploads')) {
    scope.decorateRequest('uploads', null);
    scope.decorateRequest('uploadProblem', null);
  }
  return { preValidation: (request) => readMultipart(request, limits) };
}

async function readMultipart(request: FastifyRequest, limits: UploadLimits): Promise<void> {
  request.uploads = [];
  request.uploadProblem = null;
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  request.body = body;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxRequestBytes) {
    // Not even read: the answer is a field error, for which the (header) CSRF check suffices.
    request.uploadProblem = 'too-large';
    return;
  }
  try {
    const parts = request.parts({
      limits: { fileSize: limits.fileSize, files: limits.files, fields: 50, parts: 60, fieldSize: 100_000 },
      ...(limits.preservePath ? { preservePath: true } : {}),
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        request.uploads.push(
          new UploadedFile(part.fieldname, part.filename, Buffer.concat(chunks), part.file.truncated),
        );
      } else {
        const value = part.value;
        const previous = body[part.fieldname];
        // A repeated name becomes a list, which the schemas then refuse as the wrong type.
        body[part.fieldname] =
          previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    request.uploadProblem = code === 'FST_FILES_LIMIT' ? 'too-many-files' : 'malformed';
    request.log.info({ err: error }, 'multipart body refused');
  }
}

/** The one file a form may send under `field`, or null when none was chosen. */
export function singleUpload(
  request: FastifyRequest,
  field: string,
  messages: { tooLarge: string },
): UploadedFile | null {
  const body = request.body as Record<string, unknown> | undefined;
  if (request.uploadProblem === 'too-large')
    throw new UploadError('RF_UPLOAD_TOO_LARGE', messages.tooLarge, field);
  if (request.uploadProblem === 'too-many-files') {
    throw new UploadError('RF_UPLOAD_MULTIPLE', 'تنها یک فایل بفرستید.', field);
  }
  if (request.uploadProblem === 'malformed') {
    throw new UploadError('RF_UPLOAD_MALFORMED', 'فایل به‌درستی فرستاده نشد؛ دوباره تلاش کنید.', field);
  }
  // A browser sends an empty, nameless part for a file input left empty: nothing was chosen.
  const files = (request.uploads ?? []).filter((f) => !(f.filename === '' && f.bytes.length === 0));
  if (files.length > 1) throw new UploadError('RF_UPLOAD_MULTIPLE', 'تنها یک فایل بفرستید.', field);
  const [file] = files;
  if (file && file.field !== field)
    throw new UploadError('RF_UPLOAD_MULTIPLE', 'تنها یک فایل بفرستید.', field);
  const text = body?.[field];
  if (text !== undefined && text !== null && text !== '') {
    // A JSON value or a text part under the file's name: never a file.
    throw new UploadError('RF_UPLOAD_NOT_A_FILE', 'یک فایل انتخاب کنید.', field);
  }
  if (!file) return null;
  if (file.truncated) throw new UploadError('RF_UPLOAD_TOO_LARGE', messages.tooLarge, field);
  if (file.bytes.length === 0) throw new UploadError('RF_UPLOAD_EMPTY', 'فایل انتخاب‌شده خالی است.', field);
  return file;
}
