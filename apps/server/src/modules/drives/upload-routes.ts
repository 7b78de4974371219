import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { RouteRegistry } from '@renderfarm/routes';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type NamedRouteSpec, routesOn } from '../../http/named-route';
import type { ObjectStorage } from '../../lib/storage';
import { DriveError } from './errors';
import type { DriveService } from './service';
import { driveObjectPrefix, UPLOAD_TTL_MS } from './service';
import { StagingFileStore, sha256File } from './staging-file-store';

/** Staging of uploads in flight, under STORAGE_DIR (finished files move into the object storage). */
export const UPLOAD_STAGING_DIR = 'staging/drive-uploads';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Who is uploading into which drive, and how the routes that took the request want their answer. */
export interface UploadContext {
  userId: number;
  driveUuid: string;
  /**
   * The URL of the drive's uploads collection the request came in on (the panel's
   * `/panel/drives/{drive}/files`, the API's `/api/v1/drives/{drive}/uploads`): an upload's own
   * URL, the tus `Location`, is this and its id.
   */
  base: string;
  /** The API answers refusals as JSON `{message, code?}`; the panel's uploader reads text. */
  json?: boolean;
  /** The domain error's code of a refusal, for the JSON answer (set by the hooks). */
  refusedCode?: string;
}

/** A tus refusal: tus answers `status_code` with `body` (Persian, for the page to show). */
const refusal = (status: number, message: string) => ({ status_code: status, body: `${message}\n` });

/**
 * The tus 1.0.0 server of drive uploads (creation, termination, expiration), with @tus/server
 * and its file store staging under STORAGE_DIR. Our hooks hold the rules: creation reserves the
 * space (quota 413, drive state, folder, name) before a byte is taken; the finish takes the file's
 * SHA-256 (computed while the bytes were written, staging-file-store.ts), moves it into the object
 * storage as `drives/{drive}/{upload id}` and writes the file row.
 */
export function createDriveUploads(options: {
  storageDir: string;
  service: DriveService;
  storage: ObjectStorage;
  log: { error(object: unknown, message: string): void };
}) {
  const { service } = options;
  const staging = join(options.storageDir, UPLOAD_STAGING_DIR);
  const datastore = new StagingFileStore({
    directory: staging,
    expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
  });
  const contexts = new WeakMap<Request, UploadContext>();
  const contextOf = (req: Request) => {
    const context = contexts.get(req);
    if (!context) throw refusal(500, 'بارگذاری بدون نشست');
    return context;
  };

  const tus = new TusServer({
    // Our routes decide the URL; tus only needs the prefix to build relative locations.
    path: '/panel/drives',
    datastore,
    relativeLocation: true,
    respectForwardedHeaders: false,
    // Same-origin only: no CORS headers for other sites.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
    generateUrl: (req, { id }) => `${contextOf(req as unknown as Request).base}/${id}`,
    getFileIdFromRequest: (_req, last) => (last && UPLOAD_ID.test(last) ? last : undefined),
    onUploadCreate: async (req, upload) => {
      const context = contextOf(req as unknown as Request);
      const name = upload.metadata?.filename ?? upload.metadata?.name ?? '';
      // The panel's uploader names the folder `path`; tus clients elsewhere (the API) `folder`.
      const parent = upload.metadata?.folder ?? upload.metadata?.path ?? '';
      if (upload.size === undefined) throw refusal(400, 'اندازهٔ فایل (Upload-Length) را بفرستید.');
      try {
        await service.reserveUpload(context.userId, context.driveUuid, {
          id: upload.id,
          parent,
          name,
          length: upload.size,
        });
      } catch (error) {
        if (error instanceof DriveError) {
          context.refusedCode = error.code;
          throw refusal(error.status, error.message);
        }
        throw error;
      }
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const context = contextOf(req as unknown as Request);
      const file = join(staging, upload.id);
      // Hashed while written; read again only when that hash does not cover the whole file.
      const sha256 = (await datastore.digest(upload.id, upload.size ?? -1)) ?? (await sha256File(file));
      const key = `${driveObjectPrefix({ uuid: context.driveUuid })}${upload.id}`;
      const stored = await options.storage.putFile(key, file);
      await rm(`${file}.json`, { force: true });
      const entry = await service.finishUpload(upload.id, { size: stored.size, sha256, objectKey: key });
      if (!entry) throw refusal(409, 'این بارگذاری دیگر پذیرفته نیست (فضا حذف شده یا نامش گرفته شده است).');
      return { headers: { 'X-Checksum-SHA256': sha256 } };
    },
    onResponseError: (_req, error) => {
      if ('status_code' in error) return undefined;
      options.log.error({ err: error }, 'drive upload failed');
      return { status_code: 500, body: 'بارگذاری با خطا روبه‌رو شد؛ دوباره تلاش کنید.\n' };
    },
  });

  /** Hands one request to tus and sends its answer through Fastify (security headers, session). */
  const handle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    context: UploadContext,
    // Runs once tus has answered and before the answer leaves, so the client never sees a state
    // the database has not reached yet.
    beforeSend?: (status: number) => Promise<void>,
  ) => {
    const url = new URL(request.url, 'http://local');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    // Only tus's own bytes are left unread for it (acceptTusBodies); a creation POST labelled as a
    // form or JSON (urllib labels an empty body as a form) was read by Fastify's parser already,
    // and handing tus that spent stream answered 500.
    const hasBody =
      (request.method === 'PATCH' || request.method === 'POST') &&
      (request.headers['content-type'] ?? '').startsWith('application/offset+octet-stream');
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      ...(hasBody
        ? { body: Readable.toWeb(request.raw) as unknown as ReadableStream, duplex: 'half' as const }
        : {}),
    });
    contexts.set(webRequest, context);
    const response = await tus.handleWeb(webRequest);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' || response.body) reply.header(name, value);
    });
    reply.header('cache-control', 'no-store');
    let body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    if (context.json && response.status >= 400 && body) {
      // The API's refusal shape; tus itself writes its protocol errors (412, 400) as text.
      const message = body.toString('utf8').trim();
      body = Buffer.from(
        JSON.stringify({ message, ...(context.refusedCode ? { code: context.refusedCode } : {}) }),
      );
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('content-length', String(body.length));
    }
    await beforeSend?.(response.status);
    return reply.send(body);
  };

  /** Abandoned uploads past 24 h: released in the database, their staging files removed. */
  const expire = async (now = new Date()) => {
    const ids = await service.expireUploads(now);
    for (const id of ids) await datastore.remove(id).catch(() => {});
    return ids.length;
  };

  return { handle, expire, datastore, staging };
}

export type DriveUploads = ReturnType<typeof createDriveUploads>;

/** The two routes of a tus endpoint: the uploads collection (creation) and one upload. */
export interface TusRoutes {
  /** `POST` here makes an upload (tus creation); the uri has `{drive}`. */
  create: Pick<NamedRouteSpec, 'name' | 'uri'>;
  /** `HEAD` (the offset), `PATCH` (bytes), `DELETE` (give up); the uri has `{drive}` and `{upload}`. */
  upload: Pick<NamedRouteSpec, 'name' | 'uri'>;
  /** Who may: the panel's session (`customer`) or an API token with `create`. */
  guard: Pick<NamedRouteSpec, 'access' | 'ability'>;
  /** The user the request acts for (the session's, or the token's). */
  userId: (request: FastifyRequest) => number;
  /** Refusals as the API's JSON (`{message, code}`) rather than the uploader's text. */
  json: boolean;
}

/**
 * Declares one tus endpoint of drive uploads: the panel's and the API's are two of these over the
 * same tus server, hooks and rules. Another user's upload or drive is a 404 before tus sees it.
 */
export function declareTusRoutes(app: FastifyInstance, registry: RouteRegistry, spec: TusRoutes) {
  const route = routesOn(app, registry);
  const { drives, driveUploads } = app.services;
  const driveOf = (request: FastifyRequest) => String((request.params as { drive?: string }).drive ?? '');
  const notFound = () => new DriveError('RF_DRIVE_NOT_FOUND', 'بارگذاری یا فضایی که دنبالش بودید پیدا نشد.');
  const context = (userId: number, driveUuid: string): UploadContext => ({
    userId,
    driveUuid,
    base: registry.url(spec.create.name, { drive: driveUuid }, false),
    json: spec.json,
  });

  route({ ...spec.create, ...spec.guard, method: 'POST', json: true }, async (request, reply) => {
    const userId = spec.userId(request);
    const drive = await drives.findDrive(userId, driveOf(request));
    return driveUploads.handle(request, reply, context(userId, drive.uuid));
  });

  route(
    { ...spec.upload, ...spec.guard, method: ['GET', 'PATCH', 'DELETE'], json: true },
    async (request, reply) => {
      // GET is here for HEAD only (Fastify answers HEAD with the GET route); tus downloads are not offered.
      if (request.method === 'GET') return reply.code(405).header('allow', 'HEAD, PATCH, DELETE').send();
      const userId = spec.userId(request);
      const id = String((request.params as { upload?: string }).upload ?? '');
      const found = UPLOAD_ID.test(id) ? await drives.findUpload(userId, id) : null;
      if (!found || found.drive.uuid !== driveOf(request)) throw notFound();
      if (request.method === 'PATCH' && found.drive.status !== 'active') {
        throw new DriveError('RF_DRIVE_NOT_ACTIVE', 'این فضا معلق است و فایل تازه نمی‌پذیرد.');
      }
      if (request.method === 'DELETE') {
        // The reservation is released before the 204 leaves (released after it, the next page
        // could still count it: seen once on PostgreSQL).
        return driveUploads.handle(request, reply, context(userId, found.drive.uuid), async (status) => {
          if (status === 204) await drives.cancelUpload(userId, id);
        });
      }
      return driveUploads.handle(request, reply, context(userId, found.drive.uuid));
    },
  );
}

/** tus bodies are raw bytes: left unread for tus to stream to disk (no Fastify body limit). */
export function acceptTusBodies(app: FastifyInstance) {
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null, undefined),
  );
}

/**
 * `panel.drives.files.store` (tus creation: POST) and `panel.drives.files.upload` (HEAD for the
 * offset, PATCH for bytes, DELETE to give up) behind the session and CSRF (the `X-CSRF-TOKEN`
 * header) like every action.
 */
export async function driveUploadRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  acceptTusBodies(app);
  declareTusRoutes(app, registry, {
    create: { name: 'panel.drives.files.store', uri: '/panel/drives/{drive}/files' },
    upload: { name: 'panel.drives.files.upload', uri: '/panel/drives/{drive}/files/{upload}' },
    guard: { access: 'customer' },
    userId: (request) => request.user!.id,
    json: false,
  });
}
