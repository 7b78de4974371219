import { defer } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RIAL_PER_TOMAN } from '../../http/money-field';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext } from '../../http/route-helpers';
import { toLatinDigits } from '../../lib/digits';
import { faNumber, faToman } from '../../lib/persian';
import { activityLabel, findActivityForActor, findActivityForSubject } from '../activity';
import { listLedger } from '../billing';
import { listOwnViews } from '../instances';
import { userNames } from '../users';
import { accountsWithNationalCode } from '../verification';
import type { AdminActivityLine, Option } from './contracts';
import { AdminUserNotFoundError } from './errors';
import { impersonationAllowed } from './impersonation';
import { detail } from './users-service';
import {
  balanceAdjustmentInput,
  KYC_FILTERS,
  suspendInput,
  userListQuery,
  userMakeInput,
  userUpdateInput,
} from './validators';

const FORM_LIMIT = 16 * 1024;

export const ROLE_OPTIONS: Option[] = [
  { value: 'customer', label: 'مشتری' },
  { value: 'care', label: 'پشتیبان' },
  { value: 'admin', label: 'مدیر' },
];

const KYC_LABELS: Record<(typeof KYC_FILTERS)[number], string> = {
  none: 'احراز نشده',
  pending: 'در انتظار بررسی',
  approved: 'تأییدشده',
  rejected: 'ردشده',
  revoked: 'لغوشده',
};

/** `{user}` of an admin URL: a positive id, else the account is not found. */
export function userIdParam(request: FastifyRequest): number {
  const raw = (request.params as { user?: string }).user ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new AdminUserNotFoundError();
  return Number(raw);
}

/** A search that reads as a national code (10 digits in any script, spaces or dashes between): its digits. */
function nationalCodeIn(q: string | undefined): string | null {
  const digits = toLatinDigits(q ?? '').replace(/[\s\-‐–]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * Admin/Users (docs/screens.md §6): the list with search and filters, Make, Edit with its forms
 * (profile and role, balance adjustment, suspension, 2FA reset) and its deferred tabs. Every
 * state-changing route asks for a recent password confirmation (`confirm` on users.*).
 */
export async function adminUserRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;
  const adminUsers = () => app.services.adminUsers;
  const edit = (id: number) => registry.url('admin.users.edit', { user: id }, false);

  route(
    { name: 'admin.users.list', method: 'GET', uri: '/admin/users', access: 'admin' },
    async (request, reply) => {
      const query = userListQuery.parse(request.query ?? {});
      const nationalCode = nationalCodeIn(query.q);
      const list = await adminUsers().list(
        {
          q: query.q,
          role: query.role,
          kyc: query.kyc,
          suspended: query.suspended === undefined ? undefined : query.suspended === 'yes',
          balanceMin: query.balance_min,
          balanceMax: query.balance_max,
          alsoIds: nationalCode ? accountsWithNationalCode(nationalCode) : undefined,
        },
        query.page,
      );
      return render(reply, 'Admin/Users/List', {
        items: list,
        filters: {
          q: query.q ?? '',
          role: query.role ?? '',
          kyc: query.kyc ?? '',
          suspended: query.suspended ?? '',
          balance_min: query.balance_min === undefined ? '' : String(query.balance_min / RIAL_PER_TOMAN),
          balance_max: query.balance_max === undefined ? '' : String(query.balance_max / RIAL_PER_TOMAN),
        },
        options: {
          roles: ROLE_OPTIONS,
          kyc: KYC_FILTERS.map((value) => ({ value, label: KYC_LABELS[value] })),
          suspended: [
            { value: 'no', label: 'فعال' },
            { value: 'yes', label: 'معلق' },
          ],
        },
        searches_national_code: true,
      });
    },
  );

  route(
    { name: 'admin.users.make', method: 'GET', uri: '/admin/users/create', access: 'admin' },
    (_request, reply) => render(reply, 'Admin/Users/Make', { options: { roles: ROLE_OPTIONS } }),
  );

  route(
    { name: 'admin.users.store', method: 'POST', uri: '/admin/users', access: 'admin', confirm: true },
    async (request, reply) => {
      const input = await request.validate(userMakeInput, request.body ?? {});
      const user = await adminUsers().make(request.user!.id, input, requestContext(request));
      request.session.flash(
        'success',
        input.welcome_sms && input.mobile
          ? `حساب «${user.name}» ساخته شد و پیامک خوش‌آمد برایش فرستاده می‌شود.`
          : `حساب «${user.name}» ساخته شد.`,
      );
      return reply.redirect(edit(user.id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.users.edit', method: 'GET', uri: '/admin/users/{user}/edit', access: 'admin' },
    async (request, reply) => {
      const id = userIdParam(request);
      const user = await adminUsers().find(id);
      const me = request.user!;
      return render(reply, 'Admin/Users/Edit', {
        item: detail(user),
        options: { roles: ROLE_OPTIONS },
        can: {
          change_role: user.id !== me.id,
          suspend: user.id !== me.id,
          impersonate: impersonationAllowed(request, user) === null,
          reset_two_factor: user.twoFactorConfirmedAt !== null || user.twoFactorSecret !== null,
        },
        adjustment_key: adminUsers().newAdjustmentKey(),
        ledger: defer(async () => (await listLedger(db, id, { page: 1, perPage: 20 })).data, 'tabs') as never,
        machines: defer(
          async () =>
            (await listOwnViews(db, id, { limit: 50, offset: 0 })).map((view) => ({
              uuid: view.instance.uuid,
              name: view.instance.name,
              plan: view.plan?.title ?? '',
              location: view.location?.name ?? '',
              status: view.instance.status,
              power: view.instance.power,
            })),
          'tabs',
        ) as never,
        activity: defer(() => accountActivity(id), 'tabs') as never,
        invoices: defer(
          async () =>
            (await app.services.invoices.listOwn(id, {}, 1)).data.map((row) => ({
              uuid: row.uuid,
              number: row.number,
              kind: row.kind,
              status: row.status,
              total: row.total,
              created_at: row.created_at,
            })),
          'tabs',
        ) as never,
        tickets: defer(
          async () =>
            (await app.services.support.listOwnTickets(id, { page: 1, perPage: 20 })).data.map((row) => ({
              uuid: row.uuid,
              subject: row.subject,
              department: row.department,
              status: row.status,
              last_message_at: row.last_message_at,
            })),
          'tabs',
        ) as never,
        kyc: defer(
          async () =>
            (await app.services.verification.attemptsOf(id)).map((r) => ({
              id: r.id,
              type: r.type,
              status: r.status,
              name:
                r.type === 'legal'
                  ? (r.companyName ?? '')
                  : `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
              national_code: r.nationalCode,
              submitted_at: r.submittedAt?.toISOString() ?? null,
              reviewed_at: r.reviewedAt?.toISOString() ?? null,
              reason: r.reason,
            })),
          'tabs',
        ) as never,
        unavailable_tabs: [],
      });
    },
  );

  /** What the account did and what was done to it, newest first, with who when it was not the owner. */
  async function accountActivity(id: number): Promise<AdminActivityLine[]> {
    const [own, about] = await Promise.all([
      findActivityForActor(db, id, { limit: 30 }),
      findActivityForSubject(db, { type: 'user', id }, 30),
    ]);
    const byId = new Map([...own, ...about].map((entry) => [entry.id, entry]));
    const entries = [...byId.values()].sort((a, b) => b.id - a.id).slice(0, 40);
    const names = await userNames(
      db,
      entries.flatMap((e) => (e.actorId && e.actorId !== id ? [e.actorId] : [])),
    );
    return entries.map((entry) => ({
      id: entry.id,
      event: entry.event,
      label: activityLabel(entry.event),
      ip: entry.ipAddress,
      at: entry.at.toISOString(),
      by: entry.actorId && entry.actorId !== id ? (names.get(entry.actorId)?.name ?? null) : null,
    }));
  }

  route(
    { name: 'admin.users.update', method: 'PUT', uri: '/admin/users/{user}', access: 'admin', confirm: true },
    async (request, reply) => {
      const id = userIdParam(request);
      const input = await request.validate(userUpdateInput, request.body ?? {});
      await adminUsers().update(request.user!.id, id, input, requestContext(request));
      request.session.flash('success', 'مشخصات کاربر ذخیره شد.');
      return reply.redirect(edit(id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.users.balance',
      method: 'POST',
      uri: '/admin/users/{user}/balance',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const id = userIdParam(request);
      const input = await request.validate(balanceAdjustmentInput, request.body ?? {});
      const { entry } = await adminUsers().adjustBalance(
        request.user!.id,
        id,
        input,
        requestContext(request),
      );
      request.session.flash(
        'success',
        `${faToman(Math.abs(input.amount))} ${input.amount > 0 ? 'به موجودی افزوده' : 'از موجودی کم'} شد؛ موجودی اکنون ${faToman(entry.balanceAfter)} است.`,
      );
      return reply.redirect(edit(id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.users.suspend',
      method: 'PATCH',
      uri: '/admin/users/{user}/suspend',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const id = userIdParam(request);
      const input = await request.validate(suspendInput, request.body ?? {});
      const { stopped } = await adminUsers().suspend(request.user!.id, id, input, requestContext(request));
      request.session.flash(
        'success',
        input.suspended
          ? `حساب معلق شد و نشست‌هایش پایان یافت${stopped > 0 ? `؛ ${faNumber(stopped)} سرور در حال خاموش شدن است` : ''}.`
          : 'تعلیق حساب برداشته شد.',
      );
      return reply.redirect(edit(id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.users.two-factor.destroy',
      method: 'DELETE',
      uri: '/admin/users/{user}/two-factor',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const id = userIdParam(request);
      await adminUsers().resetTwoFactor(request.user!.id, id, requestContext(request));
      request.session.flash(
        'success',
        'ورود دومرحله‌ای این حساب برداشته شد؛ کاربر می‌تواند دوباره آن را فعال کند.',
      );
      return reply.redirect(edit(id), 303);
    },
  );
}
