import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { auditActor } from '../../http/route-helpers';
import { faNumber } from '../../lib/persian';
import { visibleSettings } from './admin-hosts';
import { portRangeInput, portUpdateInput, resourceInput } from './admin-validators';
import type { AdminPortRow } from './contracts';
import { CatalogError, catalogId } from './errors';
import type { ports, resources } from './tables';

const FORM_LIMIT = 16 * 1024;
const PER_PAGE = 50;

const portsQuery = z.object({
  resource: z.coerce.number().int().positive().optional().catch(undefined),
  status: z.enum(['free', 'reserved', 'bound', 'disabled']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

const maintenanceInput = z.object({
  on: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
      error: 'روشن یا خاموش بودن حالت تعمیر را بگویید.',
    })
    .transform((v) => v === true || v === 'true' || v === '1'),
});

function portRow(row: { port: typeof ports.$inferSelect; host: string; address: string }): AdminPortRow {
  return {
    id: row.port.id,
    public_ip: row.port.publicIp,
    public_port: row.port.publicPort,
    target_port: row.port.targetPort,
    protocol: row.port.protocol,
    status: row.port.status,
    notes: row.port.notes,
    host: row.host,
    address: row.address,
    instance_id: row.port.instanceId,
  };
}

/**
 * Admin/Resources (hosts) and Admin/Ports (docs/screens.md §6): lists, the host form with its driver
 * settings (secrets write-only), maintenance, a connection check through the host's driver, and
 * the port pool (bulk ranges, notes, disable, release, delete).
 */
export async function adminHostRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { hostAdmin } = app.services;
  const usage = () => app.services.instances.placementUsage();
  const back = (name: string, params = {}) => registry.url(name, params, false);

  const formProps = async (row: typeof resources.$inferSelect | null) => {
    const [{ plans, places }, counts] = await Promise.all([hostAdmin.choices(), usage()]);
    const portRows = row ? await hostAdmin.portsOf([row.id]) : [];
    return {
      resource: row && {
        id: row.id,
        location_id: row.locationId,
        hardware_id: row.hardwareId,
        name: row.name,
        address: row.address,
        driver: row.driver,
        capacity: row.capacity,
        notes: row.notes,
        status: row.status,
        last_seen_at: row.lastSeenAt?.toISOString() ?? null,
        machines: counts.byResource.get(row.id)?.machines ?? 0,
        ...visibleSettings(hostAdmin.readSettings(row)),
      },
      plans,
      locations: places,
      ports: portRows.map((port) => portRow({ port, host: row!.name, address: row!.address })),
    };
  };

  route(
    { name: 'admin.resources.list', method: 'GET', uri: '/admin/resources', access: 'admin' },
    async (_request, reply) => {
      const [rows, counts] = await Promise.all([hostAdmin.listHosts(), usage()]);
      return render(reply, 'Admin/Resources/List', {
        resources: rows.map(({ host, plan, location, ports: held }) => ({
          id: host.id,
          name: host.name,
          location,
          plan,
          address: host.address,
          driver: host.driver,
          status: host.status,
          capacity: host.capacity,
          machines: counts.byResource.get(host.id)?.machines ?? 0,
          running: counts.byResource.get(host.id)?.running ?? 0,
          last_seen_at: host.lastSeenAt?.toISOString() ?? null,
          ports: {
            free: held.free ?? 0,
            held: (held.reserved ?? 0) + (held.bound ?? 0),
            disabled: held.disabled ?? 0,
          },
        })),
      });
    },
  );

  route(
    { name: 'admin.resources.make', method: 'GET', uri: '/admin/resources/create', access: 'admin' },
    async (_request, reply) => render(reply, 'Admin/Resources/Make', await formProps(null)),
  );

  route(
    { name: 'admin.resources.edit', method: 'GET', uri: '/admin/resources/{resource}/edit', access: 'admin' },
    async (request, reply) =>
      render(
        reply,
        'Admin/Resources/Edit',
        await formProps(await hostAdmin.findHost(catalogId(request, 'resource'))),
      ),
  );

  route(
    { name: 'admin.resources.store', method: 'POST', uri: '/admin/resources', access: 'admin' },
    async (request, reply) => {
      const host = await hostAdmin.createHost(
        await request.validate(resourceInput, request.body ?? {}),
        auditActor(request),
      );
      request.session.flash('success', `میزبان «${host.name}» ساخته شد؛ حالا پورت‌های عمومی‌اش را بیفزایید.`);
      return reply.redirect(back('admin.resources.edit', { resource: host.id }), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.resources.update',
      method: 'PUT',
      uri: '/admin/resources/{resource}',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const id = catalogId(request, 'resource');
      const host = await hostAdmin.updateHost(
        id,
        await request.validate(resourceInput, request.body ?? {}),
        auditActor(request),
      );
      request.session.flash('success', `میزبان «${host.name}» ذخیره شد.`);
      return reply.redirect(back('admin.resources.edit', { resource: id }), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.resources.destroy',
      method: 'DELETE',
      uri: '/admin/resources/{resource}',
      access: 'admin',
    },
    async (request, reply) => {
      const host = await hostAdmin.deleteHost(
        catalogId(request, 'resource'),
        (await usage()).byResource,
        auditActor(request),
      );
      request.session.flash('success', `میزبان «${host.name}» و پورت‌هایش حذف شدند.`);
      return reply.redirect(back('admin.resources.list'), 303);
    },
  );

  route(
    {
      name: 'admin.resources.maintenance',
      method: 'PATCH',
      uri: '/admin/resources/{resource}/maintenance',
      access: 'admin',
    },
    async (request, reply) => {
      const { on } = await request.validate(maintenanceInput, request.body ?? {});
      const host = await hostAdmin.setMaintenance(catalogId(request, 'resource'), on, auditActor(request));
      request.session.flash(
        'success',
        on
          ? `میزبان «${host.name}» در حالت تعمیر است؛ سرور تازه‌ای روی آن ساخته نمی‌شود.`
          : `میزبان «${host.name}» دوباره سرور تازه می‌پذیرد.`,
      );
      return reply.back(back('admin.resources.list'));
    },
  );

  route(
    {
      name: 'admin.resources.check',
      method: 'POST',
      uri: '/admin/resources/{resource}/check',
      access: 'admin',
    },
    async (request, reply) => {
      const host = await hostAdmin.findHost(catalogId(request, 'resource'));
      try {
        const { version } = await app.services.instances.drivers(host).probe();
        await hostAdmin.recordCheck(host.id, true, auditActor(request));
        request.session.flash('success', `میزبان «${host.name}» پاسخ داد (${version}).`);
      } catch (error) {
        await hostAdmin.recordCheck(host.id, false, auditActor(request));
        // The driver's message names the cause (unreachable, refused token) and never the secret.
        const detail = error instanceof Error ? error.message : String(error);
        throw new CatalogError(
          'RF_CATALOG_HOST_UNREACHABLE',
          `میزبان «${host.name}» پاسخ درستی نداد: ${detail}`,
          'check',
        );
      }
      return reply.back(back('admin.resources.edit', { resource: host.id }));
    },
  );

  // ---- ports ----
  route(
    { name: 'admin.ports', method: 'GET', uri: '/admin/ports', access: 'admin' },
    async (request, reply) => {
      const query = portsQuery.parse(request.query ?? {});
      const filter = { resourceId: query.resource, status: query.status };
      return render(reply, 'Admin/Ports', {
        ports: async () => {
          const { rows, total } = await hostAdmin.listPorts(filter, { page: query.page, perPage: PER_PAGE });
          return { data: rows.map(portRow), meta: { current_page: query.page, per_page: PER_PAGE, total } };
        },
        filters: { resource: query.resource ?? null, status: query.status ?? null },
        hosts: () => hostAdmin.hostChoices(),
      });
    },
  );

  route(
    { name: 'admin.ports.store', method: 'POST', uri: '/admin/ports', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(portRangeInput, request.body ?? {});
      const { added, skipped } = await hostAdmin.addPorts(input, auditActor(request));
      request.session.flash(
        added > 0 ? 'success' : 'warning',
        skipped > 0
          ? `${faNumber(added)} پورت افزوده شد؛ ${faNumber(skipped)} پورت از قبل وجود داشت و کنار گذاشته شد.`
          : `${faNumber(added)} پورت افزوده شد.`,
      );
      return reply.back(back('admin.ports'));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.ports.update', method: 'PATCH', uri: '/admin/ports/{port}', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(portUpdateInput, request.body ?? {});
      const port = await hostAdmin.updatePort(catalogId(request, 'port'), input, auditActor(request));
      request.session.flash('success', `پورت ${port.publicPort} ذخیره شد.`);
      return reply.back(back('admin.ports'));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.ports.release',
      method: 'PATCH',
      uri: '/admin/ports/{port}/release',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const id = catalogId(request, 'port');
      const port = await hostAdmin.findPort(id);
      const live = port.instanceId !== null && (await app.services.instances.holdsPort(port.instanceId));
      await hostAdmin.releasePort(id, live, auditActor(request));
      request.session.flash('success', `پورت ${port.publicPort} آزاد شد.`);
      return reply.back(back('admin.ports'));
    },
  );

  route(
    { name: 'admin.ports.destroy', method: 'DELETE', uri: '/admin/ports/{port}', access: 'admin' },
    async (request, reply) => {
      const port = await hostAdmin.deletePort(catalogId(request, 'port'), auditActor(request));
      request.session.flash('success', `پورت ${port.publicPort} حذف شد.`);
      return reply.back(back('admin.ports'));
    },
  );
}
