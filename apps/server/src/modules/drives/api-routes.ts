import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { useJsonApiErrors } from '../../http/json-errors';
import { routesOn } from '../../http/named-route';
import { acceptTusBodies, declareTusRoutes } from './upload-routes';
import { pathField } from './validators';

const driveParam = (request: FastifyRequest) => String((request.params as { drive?: string }).drive ?? '');

const filesQuery = z.object({ path: pathField });
const linkRequest = z.object({
  path: z.string({ error: 'مسیر فایل را بفرستید.' }).min(1, 'مسیر فایل را بفرستید.').max(4000),
});

/**
 * The customer's drives on the JSON API (docs/api.md): the list, one folder's entries, a signed
 * download link, and tus uploads under `/api/v1/drives/{drive}/uploads` with the Bearer token:
 * the panel's tus endpoint declared a second time (upload-routes.ts), so quota, names, folders and
 * resume are the same rules.
 */
export async function driveApiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { drives, driveLinks } = app.services;
  useJsonApiErrors(app);

  route(
    {
      name: 'api.v1.drives.index',
      method: 'GET',
      uri: '/api/v1/drives',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => ({ data: await drives.listOwn(request.apiToken!.userId) }),
  );

  route(
    {
      name: 'api.v1.drives.files',
      method: 'GET',
      uri: '/api/v1/drives/{drive}/files',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const { path } = await request.validate(filesQuery, request.query ?? {});
      const view = await drives.browse(request.apiToken!.userId, driveParam(request), path);
      return {
        data: [
          ...view.folders.map((f) => ({
            kind: 'folder' as const,
            name: f.name,
            path: f.path,
            size: null,
            sha256: null,
            created_at: f.created_at,
          })),
          ...view.files.map((f) => ({ kind: 'file' as const, ...f })),
        ],
        meta: { path, breadcrumb: view.breadcrumb },
      };
    },
  );

  route(
    {
      name: 'api.v1.drives.link',
      method: 'POST',
      uri: '/api/v1/drives/{drive}/files/link',
      access: 'api',
      // A link only reads the file: a read-only token may download what it can list.
      ability: 'read',
      json: true,
    },
    async (request) => {
      const input = await request.validate(linkRequest, request.body ?? {});
      const userId = request.apiToken!.userId;
      const { drive, entry } = await drives.findFile(userId, driveParam(request), input.path);
      const link = driveLinks.issue({ drive: drive.id, file: entry.id, user: userId });
      return {
        data: {
          url: registry.url('drives.file', { token: link.token }),
          expires_at: link.expiresAt.toISOString(),
        },
      };
    },
    { bodyLimit: 16 * 1024 },
  );

  acceptTusBodies(app);
  declareTusRoutes(app, registry, {
    create: { name: 'api.v1.drives.uploads.store', uri: '/api/v1/drives/{drive}/uploads' },
    upload: { name: 'api.v1.drives.uploads.upload', uri: '/api/v1/drives/{drive}/uploads/{upload}' },
    guard: { access: 'api', ability: 'create' },
    userId: (request) => request.apiToken!.userId,
    json: true,
  });
}
