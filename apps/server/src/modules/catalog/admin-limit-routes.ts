import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { auditActor } from '../../http/route-helpers';
import { userNames } from '../users';
import { limitationInput } from './admin-validators';
import type { LimitationRow } from './contracts';
import { catalogId } from './errors';
import { LIMIT_LABELS } from './policy';
import { LIMITATION_KEYS, type Limitation } from './tables';

const ROLE_NAMES: Record<string, string> = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };
const KEYS = LIMITATION_KEYS.map((key) => ({ key, label: LIMIT_LABELS[key].name }));

const listQuery = z.object({
  key: z.enum(LIMITATION_KEYS).optional().catch(undefined),
  scope: z.enum(['global', 'role', 'hardware', 'user']).optional().catch(undefined),
});

/**
 * Admin/Limitations (docs/screens.md §6): the rules behind "may this user do X now", with the
 * subject shown in words, and Edit's preview of the value that applies to one user.
 */
export async function adminLimitRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { limitAdmin, planAdmin, db } = app.services;

  async function rows(list: Limitation[]): Promise<LimitationRow[]> {
    const [plans, people] = await Promise.all([
      planAdmin.listPlans(),
      userNames(
        db,
        list.flatMap((l) => (l.scope === 'user' && l.subject ? [Number(l.subject)] : [])),
      ),
    ]);
    return list.map((l) => {
      const label = LIMIT_LABELS[l.key];
      const subjectLabel =
        l.scope === 'global'
          ? 'همه'
          : l.scope === 'role'
            ? `نقش ${ROLE_NAMES[l.subject ?? ''] ?? l.subject}`
            : l.scope === 'hardware'
              ? `پلن ${plans.find((p) => String(p.plan.id) === l.subject)?.plan.title ?? l.subject}`
              : `کاربر ${people.get(Number(l.subject))?.name ?? l.subject}`;
      return {
        id: l.id,
        scope: l.scope,
        subject: l.subject,
        subject_label: subjectLabel,
        key: l.key,
        key_label: label.name,
        value: l.value,
        value_label: label.value(l.value),
        is_active: l.isActive,
      };
    });
  }

  route(
    { name: 'admin.limitations.list', method: 'GET', uri: '/admin/limitations', access: 'admin' },
    async (request, reply) => {
      const filter = listQuery.parse(request.query ?? {});
      return render(reply, 'Admin/Limitations/List', {
        limitations: await rows(await limitAdmin.list(filter)),
        filters: { key: filter.key ?? '', scope: filter.scope ?? '' },
        keys: KEYS,
      });
    },
  );

  route(
    { name: 'admin.limitations.make', method: 'GET', uri: '/admin/limitations/create', access: 'admin' },
    async (_request, reply) =>
      render(reply, 'Admin/Limitations/Make', {
        limitation: null,
        keys: KEYS,
        preview: null,
        preview_query: '',
      }),
  );

  route(
    {
      name: 'admin.limitations.edit',
      method: 'GET',
      uri: '/admin/limitations/{limitation}/edit',
      access: 'admin',
    },
    async (request, reply) => {
      const row = await limitAdmin.find(catalogId(request, 'limitation'));
      const query = String((request.query as { user?: unknown }).user ?? '').slice(0, 120);
      return render(reply, 'Admin/Limitations/Edit', {
        limitation: (await rows([row]))[0]!,
        keys: KEYS,
        preview: query ? await limitAdmin.effectiveFor(query, row.key) : null,
        preview_query: query,
      });
    },
  );

  route(
    { name: 'admin.limitations.store', method: 'POST', uri: '/admin/limitations', access: 'admin' },
    async (request, reply) => {
      await limitAdmin.save(
        null,
        await request.validate(limitationInput, request.body ?? {}),
        auditActor(request),
      );
      request.session.flash('success', 'محدودیت ساخته شد.');
      return reply.redirect(registry.url('admin.limitations.list', {}, false), 303);
    },
  );

  route(
    {
      name: 'admin.limitations.update',
      method: 'PUT',
      uri: '/admin/limitations/{limitation}',
      access: 'admin',
    },
    async (request, reply) => {
      const id = catalogId(request, 'limitation');
      await limitAdmin.save(
        id,
        await request.validate(limitationInput, request.body ?? {}),
        auditActor(request),
      );
      request.session.flash('success', 'محدودیت ذخیره شد.');
      return reply.redirect(registry.url('admin.limitations.list', {}, false), 303);
    },
  );

  route(
    {
      name: 'admin.limitations.destroy',
      method: 'DELETE',
      uri: '/admin/limitations/{limitation}',
      access: 'admin',
    },
    async (request, reply) => {
      await limitAdmin.remove(catalogId(request, 'limitation'), auditActor(request));
      request.session.flash('success', 'محدودیت حذف شد.');
      return reply.redirect(registry.url('admin.limitations.list', {}, false), 303);
    },
  );
}
