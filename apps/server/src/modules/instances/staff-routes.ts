import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { toCsv } from '../../lib/csv';
import { faNumber } from '../../lib/persian';
import { BULK_STOP_MAX, stopMachines } from './bulk-stop';
import { InstanceNotFoundError } from './errors';
import { POWER_ACTIONS } from './state-machine';

const FORM_LIMIT = 8 * 1024;
const PER_PAGE = 25;

const listQuery = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.string().max(30).optional().catch(undefined),
  power: z.string().max(30).optional().catch(undefined),
  location: z.coerce.number().int().positive().optional().catch(undefined),
  plan: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

const reason = z
  .string({ error: 'دلیل را بنویسید؛ در تاریخچهٔ سرور برای همکاران و مشتری می‌ماند.' })
  .trim()
  .min(3, 'دلیل را بنویسید؛ در تاریخچهٔ سرور برای همکاران و مشتری می‌ماند.')
  .max(500, 'دلیل حداکثر ۵۰۰ نویسه باشد.');

const ACTION_MESSAGE = 'عملیات باید روشن کردن، خاموش کردن یا راه‌اندازی دوباره باشد.';
const carePower = z.object({ action: z.enum(POWER_ACTIONS, { error: ACTION_MESSAGE }), reason });
const adminPower = z.object({
  action: z.enum([...POWER_ACTIONS, 'kill'], {
    error: 'عملیات باید روشن، خاموش، راه‌اندازی دوباره یا خاموش کردن فوری باشد.',
  }),
  reason,
});
const moveInput = z.object({
  resource_id: z.coerce
    .number({ error: 'میزبان مقصد را انتخاب کنید.' })
    .int()
    .positive('میزبان مقصد را انتخاب کنید.'),
  port_id: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number({ error: 'پورت را از فهرست انتخاب کنید.' }).int().positive().nullable(),
  ),
  reason,
});
const bulkStopInput = z.object({
  ids: z
    .array(z.coerce.number().int().positive(), { error: 'سرورها را از فهرست انتخاب کنید.' })
    .min(1, 'دست‌کم یک سرور را انتخاب کنید.')
    .max(BULK_STOP_MAX, `حداکثر ${faNumber(BULK_STOP_MAX)} سرور با هم.`),
  reason,
});
const suspendInput = z.object({
  suspended: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1'),
  reason,
});
const destroyInput = z.object({ reason });

function idParam(request: FastifyRequest): number {
  const raw = (request.params as { instance?: string }).instance ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new InstanceNotFoundError();
  return Number(raw);
}

const ACCEPTED: Record<string, string> = {
  start: 'درخواست روشن کردن ثبت شد.',
  stop: 'درخواست خاموش کردن ثبت شد.',
  restart: 'درخواست راه‌اندازی دوباره ثبت شد.',
  kill: 'درخواست خاموش کردن فوری ثبت شد.',
};

/**
 * Customers' machines for staff (docs/screens.md §5–6): care lists and views them and changes their
 * power with a reason; admins also see host, port, driver and jobs, and suspend, retry and delete.
 * Power and deletion run through the same service (and jobs) as the owner's, with `staff` set.
 */
export async function staffMachineRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { instances, staffMachines } = app.services;

  for (const area of ['care', 'admin'] as const) {
    const admin = area === 'admin';
    route(
      { name: `${area}.instances.list`, method: 'GET', uri: `/${area}/instances`, access: area },
      async (request, reply) => {
        const query = listQuery.parse(request.query ?? {});
        return render(reply, admin ? 'Admin/Instances/List' : 'Care/Instances/List', {
          machines: async () => {
            const { rows, hasMore } = await staffMachines.list(
              {
                q: query.q,
                status: query.status,
                power: query.power,
                location: query.location,
                plan: query.plan,
              },
              { page: query.page, perPage: PER_PAGE },
              admin,
            );
            return { data: rows, meta: { current_page: query.page, per_page: PER_PAGE, has_more: hasMore } };
          },
          filters: {
            q: query.q ?? '',
            status: query.status ?? '',
            power: query.power ?? '',
            location: query.location ? String(query.location) : '',
            plan: query.plan ? String(query.plan) : '',
          },
          options: async () => {
            const { plans, places } = await app.services.hostAdmin.choices();
            return { locations: places, plans };
          },
        });
      },
    );

    route(
      { name: `${area}.instances.view`, method: 'GET', uri: `/${area}/instances/{instance}`, access: area },
      async (request, reply) =>
        render(
          reply,
          admin ? 'Admin/Instances/View' : 'Care/Instances/View',
          await staffMachines.view(idParam(request), request.user!),
        ),
    );

    route(
      {
        name: `${area}.instances.power`,
        method: 'POST',
        uri: `/${area}/instances/{instance}/power`,
        access: area,
      },
      async (request, reply) => {
        const row = await staffMachines.find(idParam(request));
        const input: z.infer<typeof adminPower> = admin
          ? await request.validate(adminPower, request.body ?? {})
          : await request.validate(carePower, request.body ?? {});
        const kill = input.action === 'kill';
        const action = input.action === 'kill' ? 'stop' : input.action;
        await instances.requestPower({ id: row.userId }, row, action, {
          force: kill,
          ...requestContext(request),
          actorId: request.user!.id,
          via: area,
          staff: { reason: input.reason },
        });
        request.session.flash('success', ACCEPTED[input.action]!);
        return reply.back(registry.url(`${area}.instances.view`, { instance: row.id }, false));
      },
      { bodyLimit: FORM_LIMIT },
    );
  }

  route(
    { name: 'admin.instances.export', method: 'GET', uri: '/admin/instances/export', access: 'admin' },
    async (request, reply) => {
      const query = listQuery.parse(request.query ?? {});
      const { rows } = await staffMachines.list(
        { q: query.q, status: query.status, power: query.power, location: query.location, plan: query.plan },
        { page: 1, perPage: 10_000 },
        true,
      );
      const csv = toCsv(
        [
          'شناسه',
          'نام',
          'مشتری',
          'پلن',
          'دیتاسنتر',
          'میزبان',
          'وضعیت',
          'روشن/خاموش',
          'قیمت ساعتی (ریال)',
          'نشانی',
          'سفارش',
        ],
        rows.map((r) => [
          r.uuid,
          r.name,
          r.owner.name,
          r.plan,
          r.location,
          r.host,
          r.status,
          r.power,
          r.price_per_hour,
          r.address,
          r.created_at,
        ]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="machines.csv"')
        .send(csv);
    },
  );

  route(
    {
      name: 'admin.instances.item',
      method: 'GET',
      uri: '/admin/instances/{instance}/items',
      access: 'admin',
    },
    async (request, reply) => {
      const id = idParam(request);
      const [{ machine, sessions }, view] = await Promise.all([
        staffMachines.usageSessions(id),
        staffMachines.view(id, request.user!),
      ]);
      return render(reply, 'Admin/Instances/Item', {
        machine: {
          id: machine.id,
          name: machine.name,
          uuid: machine.uuid,
          price_per_hour: machine.pricePerHour,
          owner: view.owner?.name ?? '',
        },
        sessions,
        totals: {
          minutes: sessions.reduce((sum, s) => sum + s.minutes, 0),
          amount: sessions.reduce((sum, s) => sum + s.amount, 0),
        },
      });
    },
  );

  route(
    {
      name: 'admin.instances.item.export',
      method: 'GET',
      uri: '/admin/instances/{instance}/items/export',
      access: 'admin',
    },
    async (request, reply) => {
      const { machine, sessions } = await staffMachines.usageSessions(idParam(request));
      const csv = toCsv(
        // The charged minutes' range (from the first one's start to the last one's end), as on the page.
        ['آغاز', 'پایان', 'دقیقه', 'نرخ ساعتی (ریال)', 'مبلغ (ریال)'],
        sessions.map((s) => [s.from, s.stop ? s.to : 'در جریان', s.minutes, machine.pricePerHour, s.amount]),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="machine-${machine.uuid.slice(0, 8)}-usage.csv"`)
        .send(csv);
    },
  );

  route(
    {
      name: 'admin.instances.suspend',
      method: 'PATCH',
      uri: '/admin/instances/{instance}/suspend',
      access: 'admin',
    },
    async (request, reply) => {
      const id = idParam(request);
      const input = await request.validate(suspendInput, request.body ?? {});
      await staffMachines.suspend(
        request.user!.id,
        id,
        input.suspended,
        input.reason,
        requestContext(request),
      );
      request.session.flash('success', input.suspended ? 'سرور معلق شد.' : 'تعلیق سرور برداشته شد.');
      return reply.back(registry.url('admin.instances.view', { instance: id }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.instances.bulk-stop',
      method: 'POST',
      uri: '/admin/instances/bulk-stop',
      access: 'admin',
    },
    async (request, reply) => {
      const input = await request.validate(bulkStopInput, request.body ?? {});
      const { stopping, skipped } = await stopMachines(app.services.db, instances.requestPower, input.ids, {
        ...requestContext(request),
        actorId: request.user!.id,
        via: 'admin',
        staff: { reason: input.reason },
      });
      request.session.flash(
        stopping > 0 ? 'success' : 'error',
        stopping > 0
          ? `${faNumber(stopping)} سرور در حال خاموش شدن است${skipped > 0 ? `؛ ${faNumber(skipped)} سرور روشن نبود یا اکنون خاموش نمی‌شد.` : '.'}`
          : 'هیچ‌کدام از سرورهای انتخاب‌شده روشن نبود.',
      );
      return reply.back(registry.url('admin.instances.list', {}, false));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.instances.move',
      method: 'PATCH',
      uri: '/admin/instances/{instance}/move',
      access: 'admin',
    },
    async (request, reply) => {
      const id = idParam(request);
      const input = await request.validate(moveInput, request.body ?? {});
      await staffMachines.move(
        request.user!.id,
        id,
        {
          resourceId: input.resource_id,
          portId: input.port_id,
          reason: input.reason,
        },
        requestContext(request),
      );
      request.session.flash('success', 'جابه‌جایی آغاز شد؛ سرور روی میزبان تازه از تصویرش ساخته می‌شود.');
      return reply.back(registry.url('admin.instances.view', { instance: id }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.instances.retry',
      method: 'POST',
      uri: '/admin/instances/{instance}/retry',
      access: 'admin',
    },
    async (request, reply) => {
      const id = idParam(request);
      await staffMachines.retry(request.user!.id, id, requestContext(request));
      request.session.flash('success', 'آماده‌سازی دوباره آغاز شد.');
      return reply.back(registry.url('admin.instances.view', { instance: id }, false));
    },
  );

  route(
    {
      name: 'admin.instances.destroy',
      method: 'DELETE',
      uri: '/admin/instances/{instance}',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const row = await staffMachines.find(idParam(request));
      const input = await request.validate(destroyInput, request.body ?? {});
      await instances.requestDestroy({ id: row.userId }, row, '', {
        ...requestContext(request),
        actorId: request.user!.id,
        via: 'admin',
        staff: { reason: input.reason },
      });
      request.session.flash('success', `«${row.name}» در حال حذف است.`);
      return reply.back(registry.url('admin.instances.view', { instance: row.id }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );
}
