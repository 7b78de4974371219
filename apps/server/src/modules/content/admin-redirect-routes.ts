import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { auditActor } from '../../http/route-helpers';
import { ContentNotFoundError } from './errors';
import { FROM_MAX, TO_MAX } from './redirects';
import { cleanQuery, pageNumber } from './service';

const FORM_LIMIT = 16 * 1024;

const redirectInput = z.object({
  from: z.string({ error: 'نشانی مبدأ را وارد کنید.' }).max(FROM_MAX + 50, 'نشانی مبدأ بیش از حد بلند است.'),
  to: z.string({ error: 'نشانی مقصد را وارد کنید.' }).max(TO_MAX + 50, 'نشانی مقصد بیش از حد بلند است.'),
  code: z
    .union([z.literal(301), z.literal(302), z.enum(['301', '302'])], {
      error: 'نوع ریدایرکت را ۳۰۱ (دائمی) یا ۳۰۲ (موقت) انتخاب کنید.',
    })
    .transform((v) => (Number(v) === 302 ? (302 as const) : (301 as const))),
  is_active: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .default(true)
    .transform((v) => v === true || v === 'true' || v === '1'),
});

/** A record id from the route: digits only, anything else is not found. */
function idOf(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new ContentNotFoundError();
  return Number(raw);
}

/** Admin/Redirects (docs/screens.md §6): list with search and hits, make, edit, delete. */
export async function adminRedirectRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { redirects } = app.services;
  const listUrl = () => registry.url('admin.redirects.list', {}, false);

  route(
    { name: 'admin.redirects.list', method: 'GET', uri: '/admin/redirects', access: 'admin' },
    async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const q = cleanQuery(query.q);
      // Hits of the last seconds are still in memory: write them so the list is current.
      await redirects.flushHits();
      return render(reply, 'Admin/Redirects/List', {
        items: await redirects.list({ q, page: pageNumber(query.page) }),
        filters: { q },
      });
    },
  );

  route(
    { name: 'admin.redirects.make', method: 'GET', uri: '/admin/redirects/create', access: 'admin' },
    async (_request, reply) => render(reply, 'Admin/Redirects/Make', { redirect: null }),
  );

  route(
    { name: 'admin.redirects.edit', method: 'GET', uri: '/admin/redirects/{redirect}/edit', access: 'admin' },
    async (request, reply) => {
      await redirects.flushHits();
      return render(reply, 'Admin/Redirects/Edit', {
        redirect: await redirects.find(idOf(request, 'redirect')),
      });
    },
  );

  route(
    { name: 'admin.redirects.store', method: 'POST', uri: '/admin/redirects', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(redirectInput, request.body ?? {});
      const row = await redirects.save(null, input, auditActor(request));
      request.session.flash('success', `ریدایرکت «${row.from}» ساخته شد.`);
      return reply.redirect(registry.url('admin.redirects.edit', { redirect: row.id }, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.redirects.update', method: 'PUT', uri: '/admin/redirects/{redirect}', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'redirect');
      await redirects.find(id);
      const input = await request.validate(redirectInput, request.body ?? {});
      const row = await redirects.save(id, input, auditActor(request));
      request.session.flash('success', `ریدایرکت «${row.from}» ذخیره شد.`);
      return reply.redirect(listUrl(), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.redirects.destroy',
      method: 'DELETE',
      uri: '/admin/redirects/{redirect}',
      access: 'admin',
    },
    async (request, reply) => {
      const row = await redirects.remove(idOf(request, 'redirect'), auditActor(request));
      request.session.flash('success', `ریدایرکت «${row.from}» حذف شد.`);
      return reply.redirect(listUrl(), 303);
    },
  );
}
