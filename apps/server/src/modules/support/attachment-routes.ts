import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { sendPrivateFile } from '../../lib/files';
import { findViewableAttachment, readAttachment } from './attachments';
import { SupportError } from './errors';

/**
 * `tickets.attachments.show`: a ticket's file, to the ticket's owner (never an internal note's)
 * and to staff; anyone else gets the same 404 as for a file that does not exist. Always a
 * download with `nosniff` and `no-store` (lib/files sendPrivateFile).
 */
export async function ticketAttachmentRoutes(
  app: FastifyInstance,
  { registry }: { registry: RouteRegistry },
) {
  const route = routesOn(app, registry);
  const { db, storage } = app.services;
  route(
    {
      name: 'tickets.attachments.show',
      method: 'GET',
      uri: '/attachments/{attachment}',
      access: 'user',
      // A suspended account still reads its tickets (docs/screens.md access rules).
      allowSuspended: true,
    },
    async (request, reply) => {
      const viewer = request.user!;
      const staff = (viewer.role === 'care' || viewer.role === 'admin') && viewer.status === 'active';
      const id = String((request.params as { attachment?: string }).attachment ?? '');
      const file = await findViewableAttachment(db, id, { id: viewer.id, staff });
      const stream = file ? await readAttachment(storage, file.key) : null;
      if (!file || !stream) {
        throw new SupportError('RF_SUPPORT_ATTACHMENT_NOT_FOUND', 'پیوستی که دنبالش بودید پیدا نشد.');
      }
      return sendPrivateFile(reply, { stream, mime: file.mime, name: file.name, size: file.size });
    },
  );
}
