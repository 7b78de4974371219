import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { auditActor } from '../../http/route-helpers';
import { hardwareInput, locationInput } from './admin-validators';
import type { AdminHardwareFormProps, HardwareFormValues } from './contracts';
import { catalogId } from './errors';
import { listActiveImagesWithIds } from './service';
import type { hardwares } from './tables';

const FORM_LIMIT = 32 * 1024;
const toToman = (rial: number) => Math.floor(rial / 10);

/** `{hardware}` / `{location}` of an admin URL: a positive id, else the record is not found. */

function formValues(plan: typeof hardwares.$inferSelect, imageIds: number[]): HardwareFormValues {
  return {
    title: plan.title,
    slug: plan.slug,
    gpu_model: plan.gpuModel,
    gpu_count: plan.gpuCount,
    vram_gb: plan.vramGb,
    cpu_model: plan.cpuModel,
    cpu_cores: plan.cpuCores,
    ram_gb: plan.ramGb,
    disk_gb: plan.diskGb,
    price_per_hour: toToman(plan.pricePerHour),
    setup_fee: toToman(plan.setupFee),
    stock: plan.stock,
    per_user_limit: plan.perUserLimit,
    status: plan.status,
    description: plan.description,
    sort: plan.sort,
    image_ids: imageIds,
  };
}

/**
 * Admin/Hardwares and Admin/Locations (docs/screens.md §6): lists, Make and Edit forms, and the
 * standard store/update/destroy actions. Each action: validate → one service call → redirect.
 */
export async function adminPlanRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, planAdmin } = app.services;
  const usage = () => app.services.instances.placementUsage();
  const images = async (): Promise<AdminHardwareFormProps['images']> =>
    (await listActiveImagesWithIds(db)).map((i) => ({ id: i.id, name: i.name, os: i.os }));

  // ---- plans ----
  route(
    { name: 'admin.hardwares.list', method: 'GET', uri: '/admin/hardwares', access: 'admin' },
    async (_request, reply) => {
      const [plans, counts] = await Promise.all([planAdmin.listPlans(), usage()]);
      return render(reply, 'Admin/Hardwares/List', {
        hardwares: plans.map(({ plan, hosts }) => ({
          id: plan.id,
          title: plan.title,
          slug: plan.slug,
          gpu: `${plan.gpuCount > 1 ? `${plan.gpuCount}× ` : ''}${plan.gpuModel}`,
          vram_gb: plan.vramGb,
          cpu: `${plan.cpuModel} (${plan.cpuCores})`,
          ram_gb: plan.ramGb,
          disk_gb: plan.diskGb,
          price_per_hour: plan.pricePerHour,
          status: plan.status,
          stock: plan.stock,
          hosts,
          machines: counts.byHardware.get(plan.id)?.machines ?? 0,
          running: counts.byHardware.get(plan.id)?.running ?? 0,
        })),
      });
    },
  );

  route(
    { name: 'admin.hardwares.make', method: 'GET', uri: '/admin/hardwares/create', access: 'admin' },
    async (_request, reply) =>
      render(reply, 'Admin/Hardwares/Make', { hardware: null, images: await images() }),
  );

  route(
    { name: 'admin.hardwares.edit', method: 'GET', uri: '/admin/hardwares/{hardware}/edit', access: 'admin' },
    async (request, reply) => {
      const id = catalogId(request, 'hardware');
      const [{ plan, imageIds }, counts] = await Promise.all([planAdmin.findPlan(id), usage()]);
      return render(reply, 'Admin/Hardwares/Edit', {
        hardware: { id, ...formValues(plan, imageIds), machines: counts.byHardware.get(id)?.machines ?? 0 },
        images: await images(),
      });
    },
  );

  route(
    { name: 'admin.hardwares.store', method: 'POST', uri: '/admin/hardwares', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(hardwareInput, request.body ?? {});
      const plan = await planAdmin.createPlan(input, auditActor(request));
      request.session.flash('success', `پلن «${plan.title}» ساخته شد.`);
      return reply.redirect(registry.url('admin.hardwares.list', {}, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.hardwares.update', method: 'PUT', uri: '/admin/hardwares/{hardware}', access: 'admin' },
    async (request, reply) => {
      const id = catalogId(request, 'hardware');
      const input = await request.validate(hardwareInput, request.body ?? {});
      const plan = await planAdmin.updatePlan(id, input, auditActor(request));
      request.session.flash(
        'success',
        `پلن «${plan.title}» ذخیره شد؛ قیمت تازه برای سرورهای تازه به کار می‌رود.`,
      );
      return reply.redirect(registry.url('admin.hardwares.list', {}, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.hardwares.destroy',
      method: 'DELETE',
      uri: '/admin/hardwares/{hardware}',
      access: 'admin',
    },
    async (request, reply) => {
      const plan = await planAdmin.deletePlan(
        catalogId(request, 'hardware'),
        (await usage()).byHardware,
        auditActor(request),
      );
      request.session.flash('success', `پلن «${plan.title}» حذف شد.`);
      return reply.redirect(registry.url('admin.hardwares.list', {}, false), 303);
    },
  );

  // ---- locations ----
  route(
    { name: 'admin.locations.list', method: 'GET', uri: '/admin/locations', access: 'admin' },
    async (_request, reply) => {
      const [rows, counts] = await Promise.all([planAdmin.listLocations(), usage()]);
      return render(reply, 'Admin/Locations/List', {
        locations: rows.map(({ location, hosts, capacity }) => {
          const machines = counts.byLocation.get(location.id)?.machines ?? 0;
          return {
            id: location.id,
            code: location.code,
            name: location.name,
            city: location.city,
            country: location.country,
            is_active: location.isActive,
            sort: location.sort,
            hosts,
            capacity,
            machines,
            free: Math.max(0, capacity - machines),
          };
        }),
      });
    },
  );

  route(
    { name: 'admin.locations.make', method: 'GET', uri: '/admin/locations/create', access: 'admin' },
    async (_request, reply) => render(reply, 'Admin/Locations/Make', { location: null }),
  );

  route(
    { name: 'admin.locations.edit', method: 'GET', uri: '/admin/locations/{location}/edit', access: 'admin' },
    async (request, reply) => {
      const row = await planAdmin.findLocation(catalogId(request, 'location'));
      return render(reply, 'Admin/Locations/Edit', {
        location: {
          id: row.id,
          code: row.code,
          name: row.name,
          city: row.city,
          country: row.country,
          is_active: row.isActive,
          sort: row.sort,
        },
      });
    },
  );

  route(
    { name: 'admin.locations.store', method: 'POST', uri: '/admin/locations', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(locationInput, request.body ?? {});
      const row = await planAdmin.saveLocation(null, input, auditActor(request));
      request.session.flash('success', `دیتاسنتر «${row.name}» ساخته شد.`);
      return reply.redirect(registry.url('admin.locations.list', {}, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.locations.update', method: 'PUT', uri: '/admin/locations/{location}', access: 'admin' },
    async (request, reply) => {
      const id = catalogId(request, 'location');
      const input = await request.validate(locationInput, request.body ?? {});
      const row = await planAdmin.saveLocation(id, input, auditActor(request));
      request.session.flash('success', `دیتاسنتر «${row.name}» ذخیره شد.`);
      return reply.redirect(registry.url('admin.locations.list', {}, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.locations.destroy',
      method: 'DELETE',
      uri: '/admin/locations/{location}',
      access: 'admin',
    },
    async (request, reply) => {
      const row = await planAdmin.deleteLocation(
        catalogId(request, 'location'),
        (await usage()).byLocation,
        auditActor(request),
      );
      request.session.flash('success', `دیتاسنتر «${row.name}» حذف شد.`);
      return reply.redirect(registry.url('admin.locations.list', {}, false), 303);
    },
  );
}
