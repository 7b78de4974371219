import { randomBytes } from 'node:crypto';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { acceptUploads, singleUpload } from '../../http/multipart';
import { namedRoute } from '../../http/named-route';
import { auditActor } from '../../http/route-helpers';
import { UploadError } from '../../http/upload-error';
import { sniffImage } from '../../lib/files';
import { recordStaffAction } from '../activity';

/** docs/screens.md §6: editor images up to 5 MB, image types only (by their bytes). */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const PREFIX = 'content/';
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;
const TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
export const CONTENT_IMAGE_PATH = '/uploads/content/';

/**
 * `admin.uploads.store`: an image for an article or page body (JSON `{url}`), recognised by its
 * bytes (JPEG, PNG, WebP; never by name or declared type), stored under a random key in the
 * object storage. The image is public at `/uploads/content/{name}`: it is shown on public pages.
 */
export async function contentUploadRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const { storage } = app.services;

  await app.register(async (scope) => {
    const { preValidation } = await acceptUploads(scope, {
      fileSize: CONTENT_IMAGE_MAX_BYTES,
      files: 2,
      maxRequestBytes: CONTENT_IMAGE_MAX_BYTES + 256 * 1024,
    });
    namedRoute(
      scope,
      registry,
      { name: 'admin.uploads.store', method: 'POST', uri: '/admin/uploads', access: 'admin', json: true },
      async (request, reply) => {
        const file = singleUpload(request, 'file', { tooLarge: 'تصویر باید حداکثر ۵ مگابایت باشد.' });
        if (!file) throw new UploadError('RF_UPLOAD_EMPTY', 'یک تصویر انتخاب کنید.', 'file');
        const image = sniffImage(file.bytes);
        if (!image)
          throw new UploadError('RF_UPLOAD_TYPE', 'فقط تصویر JPEG، PNG یا WebP پذیرفته می‌شود.', 'file');
        const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
        await storage.put(`${PREFIX}${name}`, file.bytes);
        await recordStaffAction(app.services.db, {
          event: 'content:upload.stored',
          actor: auditActor(request),
          subject: { type: 'upload', id: name },
          summary: 'تصویری برای متن مطالب بارگذاری شد.',
          after: {
            url: `${CONTENT_IMAGE_PATH}${name}`,
            type: image.ext,
            size: file.bytes.length,
            width: image.width,
            height: image.height,
          },
        });
        return reply
          .code(201)
          .send({ url: `${CONTENT_IMAGE_PATH}${name}`, width: image.width, height: image.height });
      },
      { preValidation },
    );
  });

  // Public, immutable (the name is random and never reused): served without a session.
  app.get(
    `${CONTENT_IMAGE_PATH}:name`,
    { logLevel: 'warn', config: { session: false, csrf: false } },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      const stat = STORED_NAME.test(name) ? await storage.stat(`${PREFIX}${name}`) : null;
      if (!stat) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof TYPES;
      return reply
        .type(TYPES[ext])
        .header('x-content-type-options', 'nosniff')
        .header('content-length', String(stat.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await storage.get(`${PREFIX}${name}`));
    },
  );
}
