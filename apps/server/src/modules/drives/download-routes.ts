import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { attachmentDisposition } from '../../lib/files';
import { DriveError } from './errors';
import { sendObjectRange } from './range-reply';
import { ensureDemoObject } from './seed';

const NOT_FOUND = 'این پیوند دانلود درست نیست یا فایلش دیگر نیست.';

/**
 * `drives.file` (`/dl/{token}`): a drive file by a signed 10-minute link, without cookies, so a
 * download manager can resume it: GET and HEAD, `Accept-Ranges`, `ETag`, `If-Range`, one range
 * (206 with `Content-Range`, 416 with `bytes *\/size` past the end, a malformed header ignored).
 * A tampered link or another user's drive is a 404; an expired one 410 ("refresh link" on Down).
 * Not in any browser route list (meta.unlisted): the Down page hands out the URL.
 */
export async function driveDownloadRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { drives, driveLinks, storage } = app.services;

  route(
    {
      name: 'drives.file',
      method: 'GET',
      uri: '/dl/{token}',
      access: 'anyone',
      meta: { unlisted: true },
      wheres: {
        token: '[0-9a-z]{1,13}\\.[0-9a-z]{1,13}\\.[0-9a-z]{1,13}\\.[0-9a-z]{1,13}\\.[A-Za-z0-9_-]{43}',
      },
    },
    async (request, reply) => {
      const token = String((request.params as { token?: string }).token ?? '');
      const checked = driveLinks.check(token);
      if (!checked.ok && checked.reason === 'expired') {
        throw new DriveError(
          'RF_DRIVE_LINK_EXPIRED',
          'این پیوند دانلود منقضی شده است؛ در صفحهٔ دانلود «پیوند تازه» را بزنید.',
        );
      }
      const found = checked.ok ? await drives.fileForLink(checked.claim) : null;
      if (found?.entry.objectKey) await ensureDemoObject(storage, found.entry.objectKey, found.entry.sha256);
      const stat = found?.entry.objectKey ? await storage.stat(found.entry.objectKey) : null;
      if (!found || !stat) throw new DriveError('RF_DRIVE_FILE_NOT_FOUND', NOT_FOUND);
      const { entry } = found;
      const size = stat.size;
      // The file's SHA-256 is its strong validator: the same bytes keep the same tag on every server.
      const etag = entry.sha256 ? `"${entry.sha256}"` : stat.etag;

      reply
        .header('last-modified', entry.createdAt.toUTCString())
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(entry.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer');
      return sendObjectRange(request, reply, { storage, key: entry.objectKey!, size, etag });
    },
    // Never compressed: byte ranges count the file's bytes, and scene files do not shrink anyway.
    { compress: false },
  );
}
