import { randomBytes } from 'node:crypto';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { findActivityForSubject } from '../activity';
import { imagesForPlan, orderingCatalog, planSummary, readConfig } from '../catalog';
import type { User } from '../users';
import { rdpFile, rdpFileName } from './connection';
import type { InstanceMakeProps, MachineActivity } from './contracts';
import { hourlyQuote } from './hourly-quote';
import { suggestedIdleStopMinutes } from './settings';
import { canChangeStatus } from './state-machine';
import {
  destroyRequest,
  MACHINE_NAME_MAX,
  makeRequest,
  reinstallRequest,
  scheduleRequest,
  settingsRequest,
} from './validators';
import { toOwnerJson } from './views';

const FORM_LIMIT = 8 * 1024;

/**
 * The customer's machine screens beyond the list (docs/screens.md §4): Make and its store, View
 * with the connection box (password once, `.rdp`), Edit with the settings and deletion. Each
 * action is validate → one service call → redirect; refusals come back as field errors.
 */
export async function instanceMachineRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { instances, db } = app.services;
  // Billing's, given at request time (machine-money.ts).
  const money = () => app.services.machineMoney;
  const param = (request: { params: unknown }) => (request.params as { instance: string }).instance;

  const MAKE_URL = '/panel/instances/create';

  /** What the Make page shows this user now (its `review`, when there is one, is added by the caller). */
  async function makeProps(user: User, query: { hardware?: unknown; location?: unknown }) {
    const catalog = await orderingCatalog(db);
    const vatRate = await money().vatRate(db);
    const hardwares: InstanceMakeProps['hardwares'] = [];
    for (const { plan, imageIds, free } of catalog.plans) {
      const blockers = await instances.blockersFor(user, plan);
      hardwares.push({
        ...planSummary(plan),
        setup_fee: plan.setupFee,
        image_ids: imageIds,
        free: Object.fromEntries(catalog.locations.map((l) => [l.code, free.get(l.id) ?? 0])),
        blockers: blockers.map((b) => b.message),
        quote: hourlyQuote(plan.pricePerHour, vatRate, user.balance),
      });
    }
    const pick = (value: unknown, known: string[]) =>
      typeof value === 'string' && known.includes(value) ? value : null;
    return {
      hardwares,
      locations: catalog.locations.map((l) => ({ code: l.code, name: l.name, city: l.city })),
      images: catalog.images.map((i) => ({ id: i.id, name: i.name, os: i.os, software: i.software })),
      selected: {
        hardware: pick(
          query.hardware,
          hardwares.map((h) => h.slug),
        ),
        location: pick(
          query.location,
          catalog.locations.map((l) => l.code),
        ),
      },
      balance: user.balance,
      vat_rate: vatRate,
      kyc_status: user.kycStatus,
      idempotency_key: randomBytes(16).toString('hex'),
      limits: { max_instances: await instances.machineCount(user) },
      name_max: MACHINE_NAME_MAX,
    } satisfies InstanceMakeProps;
  }

  route(
    { name: 'panel.instances.make', method: 'GET', uri: MAKE_URL, access: 'customer' },
    async (request, reply) =>
      render(
        reply,
        'Panel/Instances/Make',
        await makeProps(request.user!, request.query as { hardware?: unknown; location?: unknown }),
      ),
  );

  // «بازبینی سفارش»: the same checks as the order, nothing made; the Make page again with the order
  // as it will be charged, at Make's own address (a reload shows the form, not a POST-only page).
  route(
    { name: 'panel.instances.review', method: 'POST', uri: '/panel/instances/review', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const input = await request.validate(makeRequest, request.body ?? {});
      const review = await instances.review(user, input, await money().vatRate(db));
      const props = await makeProps(user, { hardware: input.hardware, location: input.location });
      return render(reply, 'Panel/Instances/Make', { ...props, review }, { url: MAKE_URL });
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'panel.instances.store', method: 'POST', uri: '/panel/instances', access: 'customer' },
    async (request, reply) => {
      const input = await request.validate(makeRequest, request.body ?? {});
      const { instance, created } = await instances.make(
        request.user!,
        {
          hardware: input.hardware,
          location: input.location,
          image: input.image,
          name: input.name,
          idempotencyKey: input.idempotency_key,
          quotedPricePerHour: input.quoted_price_per_hour,
        },
        { ...requestContext(request), via: 'panel' },
      );
      if (created) {
        request.session.flash(
          'success',
          `سفارش «${instance.name}» ثبت شد؛ سرور در حال آماده‌سازی است و چند دقیقه دیگر روشن می‌شود.`,
        );
      }
      return reply.redirect(registry.url('panel.instances.view', { instance: instance.uuid }, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'panel.instances.view', method: 'GET', uri: '/panel/instances/{instance}', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const view = await instances.findOwn(user.id, param(request));
      const { instance } = view;
      return render(reply, 'Panel/Instances/View', {
        instance: {
          ...toOwnerJson(view),
          password_waiting: instance.passwordEncrypted !== null && instance.status === 'ready',
          idle_stop_minutes: instance.idleStopMinutes,
          suspend_reason: instance.status === 'suspended' ? instance.suspendReason : null,
        },
        balance: user.balance,
        session: await money().latestCharge(db, instance.id),
        activity: async (): Promise<MachineActivity[]> =>
          (await findActivityForSubject(db, { type: 'instance', id: instance.id }, 15)).map((entry) => ({
            id: entry.id,
            event: entry.event,
            at: entry.at.toISOString(),
            by_staff: entry.actorId !== null && entry.actorId !== user.id,
          })),
      });
    },
  );

  route(
    {
      name: 'panel.instances.edit',
      method: 'GET',
      uri: '/panel/instances/{instance}/edit',
      access: 'customer',
    },
    async (request, reply) => {
      const view = await instances.findOwn(request.user!.id, param(request));
      const { instance } = view;
      const owned = await app.services.drives.listOwn(request.user!.id);
      const choice = (d: (typeof owned)[number]) => ({ uuid: d.uuid, name: d.name, size_gb: d.size_gb });
      const attached = owned.find((d) => d.machine?.uuid === instance.uuid);
      const deletable = canChangeStatus(instance.status, 'deleting');
      return render(reply, 'Panel/Instances/Edit', {
        instance: {
          ...toOwnerJson(view),
          idle_stop_minutes: instance.idleStopMinutes,
          stop_below_balance: instance.stopBelowBalance,
        },
        suggested_idle_stop_minutes: await suggestedIdleStopMinutes(db),
        schedule: (await instances.scheduleOf(instance.id)).map((d) => ({
          weekday: d.weekday,
          start: d.startTime,
          stop: d.stopTime,
        })),
        images: (await imagesForPlan(db, instance.hardwareId)).map((i) => ({
          id: i.id,
          name: i.name,
          os: i.os,
        })),
        can_delete: {
          allowed: deletable,
          reason: deletable
            ? null
            : instance.status === 'deleting'
              ? 'این سرور در حال حذف است.'
              : 'سرور هنوز در حال آماده‌سازی است؛ پس از آماده شدن می‌توانید حذفش کنید.',
        },
        drive: {
          attached: attached ? choice(attached) : null,
          choices: owned
            .filter(
              (d) => d.status === 'active' && d.machine === null && d.location.id === instance.locationId,
            )
            .map(choice),
        },
      });
    },
  );

  route(
    { name: 'panel.instances.update', method: 'PUT', uri: '/panel/instances/{instance}', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const view = await instances.findOwn(user.id, param(request));
      const input = await request.validate(settingsRequest, request.body ?? {});
      await instances.updateSettings(
        user,
        view.instance,
        {
          name: input.name,
          idleStopMinutes: input.idle_stop_minutes,
          stopBelowBalance: input.stop_below_balance,
        },
        requestContext(request),
      );
      request.session.flash('success', 'تنظیمات سرور ذخیره شد.');
      return reply.back(registry.url('panel.instances.edit', { instance: view.instance.uuid }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'panel.instances.password',
      method: 'POST',
      uri: '/panel/instances/{instance}/password',
      access: 'customer',
      confirm: true,
    },
    async (request, reply) => {
      const user = request.user!;
      const view = await instances.findOwn(user.id, param(request));
      const { password, fresh } = await instances.takePassword(user, view.instance, requestContext(request));
      request.session.flash('secret', password);
      request.session.flash(
        'warning',
        fresh
          ? 'گذرواژهٔ تازه روی سرور ثبت شد. همین حالا یادداشتش کنید: دوباره نشان داده نمی‌شود.'
          : 'گذرواژهٔ سرور را همین حالا یادداشت کنید: پس از این صفحه دوباره نشان داده نمی‌شود.',
      );
      return reply.back(registry.url('panel.instances.view', { instance: view.instance.uuid }, false));
    },
  );

  route(
    {
      name: 'panel.instances.rdp',
      method: 'GET',
      uri: '/panel/instances/{instance}/rdp',
      access: 'customer',
    },
    async (request, reply) => {
      const { instance, port } = await instances.findOwn(request.user!.id, param(request));
      if (port?.status !== 'bound') {
        request.session.flash('error', 'فایل اتصال پس از آماده شدن سرور در دسترس است.');
        return reply.redirect(registry.url('panel.instances.view', { instance: instance.uuid }, false), 303);
      }
      return reply
        .header('content-type', 'application/x-rdp; charset=utf-8')
        .header('content-disposition', `attachment; filename="${rdpFileName(instance.name, instance.uuid)}"`)
        .header('cache-control', 'no-store')
        .send(rdpFile({ host: port.publicIp, port: port.publicPort, username: instance.username }));
    },
  );

  route(
    {
      name: 'panel.instances.schedule',
      method: 'PUT',
      uri: '/panel/instances/{instance}/schedule',
      access: 'customer',
    },
    async (request, reply) => {
      const user = request.user!;
      const view = await instances.findOwn(user.id, param(request));
      const input = await request.validate(scheduleRequest, request.body ?? {});
      await instances.saveSchedule(user, view.instance, input.days, requestContext(request));
      request.session.flash(
        'success',
        input.days.length > 0
          ? 'برنامهٔ هفتگی ذخیره شد؛ سرور در ساعت‌های گفته‌شده (به وقت تهران) روشن و خاموش می‌شود.'
          : 'برنامهٔ هفتگی برداشته شد.',
      );
      return reply.back(registry.url('panel.instances.edit', { instance: view.instance.uuid }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'panel.instances.reinstall',
      method: 'POST',
      uri: '/panel/instances/{instance}/reinstall',
      access: 'customer',
      confirm: true,
    },
    async (request, reply) => {
      const user = request.user!;
      const view = await instances.findOwn(user.id, param(request));
      const input = await request.validate(reinstallRequest, request.body ?? {});
      await instances.requestReinstall(
        user,
        view.instance,
        { imageId: input.image, confirmName: input.confirm_name },
        { ...requestContext(request), via: 'panel' },
      );
      request.session.flash(
        'success',
        `نصب دوبارهٔ «${view.instance.name}» آغاز شد؛ چند دقیقه دیگر با گذرواژهٔ تازه آماده و روشن می‌شود.`,
      );
      return reply.redirect(
        registry.url('panel.instances.view', { instance: view.instance.uuid }, false),
        303,
      );
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'panel.instances.destroy',
      method: 'DELETE',
      uri: '/panel/instances/{instance}',
      access: 'customer',
    },
    async (request, reply) => {
      const user = request.user!;
      const view = await instances.findOwn(user.id, param(request));
      const input = await request.validate(destroyRequest, request.body ?? {});
      await instances.requestDestroy(user, view.instance, input.confirm_name, {
        ...requestContext(request),
        via: 'panel',
      });
      request.session.flash('success', `«${view.instance.name}» در حال حذف است؛ پورت و میزبانش آزاد می‌شوند.`);
      return reply.redirect(registry.url('panel.instances.list', {}, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );
}
