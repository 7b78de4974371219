import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { userNames } from '../users';
import { configInput, shownValue } from './admin-configs';
import { CONFIG_GROUPS, KNOWN_CONFIGS } from './config-rules';
import type { ConfigRow } from './contracts';
import { CatalogNotFoundError } from './errors';
import type { configs } from './tables';

const FORM_LIMIT = 32 * 1024;
const GROUPS = Object.entries(CONFIG_GROUPS).map(([group, label]) => ({ group, label }));

function keyParam(request: FastifyRequest): string {
  const key = (request.params as { config?: string }).config ?? '';
  if (!/^[a-z][a-z0-9_]{1,63}$/.test(key)) throw new CatalogNotFoundError();
  return key;
}

function row(config: typeof configs.$inferSelect): ConfigRow {
  return {
    key: config.key,
    group: config.group,
    group_label: CONFIG_GROUPS[config.group] ?? config.group,
    type: config.type,
    value: shownValue(config.type, config.value),
    description: config.description,
    is_public: config.isPublic,
    known: config.key in KNOWN_CONFIGS,
    label: KNOWN_CONFIGS[config.key]?.label ?? null,
    updated_at: config.updatedAt.toISOString(),
  };
}

/**
 * Admin/Configs (docs/screens.md §6): settings by group with typed values (secrets masked), Make
 * and Edit with the known keys' rules and the change history. Writes ask for a recent password:
 * settings hold payment and SMS secrets and switch sign-up and staff 2FA.
 */
export async function adminConfigRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { configAdmin, imageAdmin, instances, db } = app.services;
  const list = () => registry.url('admin.configs.list', {}, false);

  route(
    { name: 'admin.configs.list', method: 'GET', uri: '/admin/configs', access: 'admin' },
    async (_request, reply) => {
      const [all, usage] = await Promise.all([configAdmin.list(), instances.placementUsage()]);
      const rows = all.map(row);
      const groups = [...new Set(rows.map((r) => r.group))].map((group) => ({
        group,
        label: CONFIG_GROUPS[group] ?? group,
        configs: rows.filter((r) => r.group === group),
      }));
      const images = (await imageAdmin.list(usage.byImage)).map(({ image, plans, machines }) => ({
        id: image.id,
        name: image.name,
        os: image.os,
        software: image.software,
        driver_ref: image.driverRef,
        is_active: image.isActive,
        sort: image.sort,
        plans,
        machines,
      }));
      return render(reply, 'Admin/Configs/List', { groups, images });
    },
  );

  route(
    { name: 'admin.configs.make', method: 'GET', uri: '/admin/configs/create', access: 'admin' },
    async (_request, reply) =>
      render(reply, 'Admin/Configs/Make', { config: null, groups: GROUPS, history: [] }),
  );

  route(
    { name: 'admin.configs.edit', method: 'GET', uri: '/admin/configs/{config}/edit', access: 'admin' },
    async (request, reply) => {
      const key = keyParam(request);
      const [config, changes] = await Promise.all([configAdmin.find(key), configAdmin.history(key)]);
      const actors = await userNames(
        db,
        changes.flatMap((c) => (c.actorId ? [c.actorId] : [])),
      );
      return render(reply, 'Admin/Configs/Edit', {
        config: row(config),
        groups: GROUPS,
        history: changes.map((c) => ({
          id: c.id,
          old_value: c.oldValue,
          new_value: c.newValue,
          actor: c.actorId ? (actors.get(c.actorId)?.name ?? null) : null,
          at: c.createdAt.toISOString(),
        })),
      });
    },
  );

  route(
    { name: 'admin.configs.store', method: 'POST', uri: '/admin/configs', access: 'admin', confirm: true },
    async (request, reply) => {
      const input = await request.validate(configInput, request.body ?? {});
      await configAdmin.save(null, input, request.user!.id, requestContext(request));
      request.session.flash('success', `تنظیم «${input.key}» ساخته شد.`);
      return reply.redirect(list(), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.configs.update',
      method: 'PUT',
      uri: '/admin/configs/{config}',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const key = keyParam(request);
      const input = await request.validate(configInput, request.body ?? {});
      await configAdmin.save(key, input, request.user!.id, requestContext(request));
      request.session.flash('success', `تنظیم «${KNOWN_CONFIGS[key]?.label ?? key}» ذخیره شد.`);
      return reply.redirect(registry.url('admin.configs.edit', { config: key }, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.configs.destroy',
      method: 'DELETE',
      uri: '/admin/configs/{config}',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const config = await configAdmin.remove(keyParam(request), request.user!.id, requestContext(request));
      request.session.flash('success', `تنظیم «${config.key}» حذف شد.`);
      return reply.redirect(list(), 303);
    },
  );
}
