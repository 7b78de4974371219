import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { auditActor } from '../../http/route-helpers';
import { imageInput } from './admin-validators';
import { catalogId } from './errors';

const FORM_LIMIT = 16 * 1024;

/**
 * The software images, kept in the images group of Admin/Configs (docs/screens.md note 5: no
 * screen of their own): add one, or change one in its dialog; deactivating takes it off Make.
 */
export async function adminImageRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { imageAdmin } = app.services;
  const back = () => registry.url('admin.configs.list', {}, false);

  route(
    { name: 'admin.images.store', method: 'POST', uri: '/admin/configs/images', access: 'admin' },
    async (request, reply) => {
      const image = await imageAdmin.save(
        null,
        await request.validate(imageInput, request.body ?? {}),
        auditActor(request),
      );
      request.session.flash('success', `تصویر «${image.name}» افزوده شد.`);
      return reply.redirect(back(), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.images.update', method: 'PUT', uri: '/admin/configs/images/{image}', access: 'admin' },
    async (request, reply) => {
      const id = catalogId(request, 'image');
      const image = await imageAdmin.save(
        id,
        await request.validate(imageInput, request.body ?? {}),
        auditActor(request),
      );
      request.session.flash('success', `تصویر «${image.name}» ذخیره شد.`);
      return reply.redirect(back(), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );
}
