import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext, seeOther } from '../../http/route-helpers';
import { faNumber, faToman } from '../../lib/persian';
import { isoDayQuery, tehranPeriod } from '../../lib/tehran-period';
import { invoiceId } from './invoice-errors';
import {
  invoiceUpdateInput,
  manualInvoiceInput,
  offlinePaymentInput,
  refundInput,
} from './invoice-validators';
import { attachmentHeader, KIND_OPTIONS, STATUS_OPTIONS } from './invoice-views';
import { readBillingSettings } from './settings';
import { INVOICE_KINDS, INVOICE_STATUSES } from './tables';

const FORM_LIMIT = 32 * 1024;

/** A filter that does not parse is dropped: the page still answers. */
const listQuery = z.object({
  q: z.string().max(100).optional().catch(undefined),
  kind: z.enum(INVOICE_KINDS).optional().catch(undefined),
  status: z.enum(INVOICE_STATUSES).optional().catch(undefined),
  from: isoDayQuery,
  to: isoDayQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

const makeQuery = z.object({ user: z.coerce.number().int().positive().optional().catch(undefined) });

/** What an admin may issue by hand; top-ups are the customers' own pro-formas. */
const MANUAL_KINDS = KIND_OPTIONS.filter((kind) => kind.value !== 'topup');

/**
 * Admin/Invoices (docs/screens.md §6): the list with filters and totals, manual invoices (Make,
 * Edit while draft or pending), a payment recorded by hand, refunds (password confirmed) and the
 * PDF. Each action: validate → one service call → redirect with a flash.
 */
export async function adminInvoiceRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, invoices } = app.services;
  const edit = (id: number) => registry.url('admin.invoices.edit', { invoice: id }, false);

  route(
    { name: 'admin.invoices.list', method: 'GET', uri: '/admin/invoices', access: 'admin' },
    async (request, reply) => {
      const query = listQuery.parse(request.query ?? {});
      const { from, to, start, end } = tehranPeriod(query.from, query.to);
      const list = await invoices.adminList(
        {
          q: query.q,
          kind: query.kind,
          status: query.status,
          from: start,
          to: end,
        },
        query.page,
      );
      return render(reply, 'Admin/Invoices/List', {
        items: { data: list.data, meta: list.meta },
        totals: list.totals,
        filters: {
          q: query.q ?? '',
          kind: query.kind ?? '',
          status: query.status ?? '',
          from: from ?? '',
          to: to ?? '',
        },
        kinds: KIND_OPTIONS,
        statuses: STATUS_OPTIONS(true),
      });
    },
  );

  route(
    { name: 'admin.invoices.make', method: 'GET', uri: '/admin/invoices/create', access: 'admin' },
    async (request, reply) => {
      const query = makeQuery.parse(request.query ?? {});
      const [user, settings] = await Promise.all([invoices.userForMake(query.user), readBillingSettings(db)]);
      return render(reply, 'Admin/Invoices/Make', { user, vat_rate: settings.vatRate, kinds: MANUAL_KINDS });
    },
  );

  route(
    { name: 'admin.invoices.edit', method: 'GET', uri: '/admin/invoices/{invoice}/edit', access: 'admin' },
    async (request, reply) =>
      render(reply, 'Admin/Invoices/Edit', {
        ...(await invoices.adminDetail(invoiceId(request))),
        kinds: MANUAL_KINDS,
      }),
  );

  route(
    { name: 'admin.invoices.store', method: 'POST', uri: '/admin/invoices', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(manualInvoiceInput, request.body ?? {});
      const invoice = await invoices.createManual(request.user!.id, input, requestContext(request));
      request.session.flash(
        'success',
        invoice.status === 'draft'
          ? 'پیش‌نویس صورت‌حساب ذخیره شد؛ مشتری تا صدور آن را نمی‌بیند.'
          : `صورت‌حساب ${faToman(invoice.total)} صادر شد و در پنل مشتری منتظر پرداخت است.`,
      );
      return reply.redirect(edit(invoice.id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.invoices.update', method: 'PUT', uri: '/admin/invoices/{invoice}', access: 'admin' },
    async (request, reply) => {
      const id = invoiceId(request);
      const input = await request.validate(invoiceUpdateInput, request.body ?? {});
      const invoice = await invoices.updateManual(id, request.user!.id, input, requestContext(request));
      request.session.flash(
        'success',
        invoice.status === 'draft' ? 'پیش‌نویس ذخیره شد.' : 'صورت‌حساب ذخیره شد.',
      );
      return reply.redirect(edit(id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.invoices.destroy',
      method: 'DELETE',
      uri: '/admin/invoices/{invoice}',
      access: 'admin',
    },
    async (request, reply) => {
      const { deleted } = await invoices.cancelByStaff(
        invoiceId(request),
        request.user!.id,
        requestContext(request),
      );
      request.session.flash('success', deleted ? 'پیش‌نویس حذف شد.' : 'صورت‌حساب لغو شد.');
      return deleted
        ? seeOther(reply, registry, 'admin.invoices.list')
        : reply.redirect(edit(invoiceId(request)), 303);
    },
  );

  route(
    {
      name: 'admin.invoices.pay',
      method: 'POST',
      uri: '/admin/invoices/{invoice}/pay',
      access: 'admin',
    },
    async (request, reply) => {
      const id = invoiceId(request);
      const input = await request.validate(offlinePaymentInput, request.body ?? {});
      const paid = await invoices.markPaidOffline(id, request.user!.id, input, requestContext(request));
      request.session.flash(
        'success',
        paid.kind === 'topup'
          ? `پرداخت ثبت شد، صورت‌حساب شمارهٔ ${faNumber(paid.number ?? 0)} گرفت و ${faToman(paid.subtotal)} به کیف پول مشتری رفت.`
          : `پرداخت ثبت شد و صورت‌حساب شمارهٔ ${faNumber(paid.number ?? 0)} گرفت.`,
      );
      return reply.redirect(edit(id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.invoices.refund',
      method: 'POST',
      uri: '/admin/invoices/{invoice}/refund',
      access: 'admin',
      confirm: true,
    },
    async (request, reply) => {
      const id = invoiceId(request);
      const input = await request.validate(refundInput, request.body ?? {});
      const { whole } = await invoices.refund(id, request.user!.id, input, requestContext(request));
      request.session.flash(
        'success',
        `${faToman(input.amount)} ${input.to === 'wallet' ? 'به کیف پول مشتری برگشت' : 'بازپرداخت به کارت ثبت شد'}${
          whole ? '؛ صورت‌حساب کامل بازپرداخت شد' : ''
        }.`,
      );
      return reply.redirect(edit(id), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.invoices.pdf', method: 'GET', uri: '/admin/invoices/{invoice}/pdf', access: 'admin' },
    async (request, reply) => {
      const { body, name } = await invoices.pdf(await invoices.findById(invoiceId(request)));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(name))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
