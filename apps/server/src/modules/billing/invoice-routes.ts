import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { requestContext, seeOther } from '../../http/route-helpers';
import { faNumber } from '../../lib/persian';
import { billToInput } from '../verification';
import { invoiceUuid } from './invoice-errors';
import { payInput, proFormaInput } from './invoice-validators';
import { attachmentHeader, KIND_OPTIONS, STATUS_OPTIONS } from './invoice-views';
import { readBillingSettings } from './settings';
import { INVOICE_KINDS, INVOICE_STATUSES } from './tables';

const FORM_LIMIT = 8 * 1024;

/** A filter that does not parse is dropped, as on every list: the page still answers. */
const listQuery = z.object({
  kind: z.enum(INVOICE_KINDS).optional().catch(undefined),
  status: z.enum(INVOICE_STATUSES).exclude(['draft']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

/**
 * The customer's invoices (docs/screens.md §4): «صورت‌حساب‌ها», a pro-forma top-up for a bank
 * transfer or an official invoice, «جزئیات صورت‌حساب» with the bill-to while pending, cancel, pay
 * (from the wallet, or through the gateway's page) and the PDF.
 */
export async function invoiceRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, invoices, payments } = app.services;
  const editUrl = (uuid: string) => registry.url('panel.invoices.edit', { invoice: uuid }, false);

  route(
    { name: 'panel.invoices.list', method: 'GET', uri: '/panel/invoices', access: 'customer' },
    async (request, reply) => {
      const query = listQuery.parse(request.query ?? {});
      return render(reply, 'Panel/Invoices/List', {
        items: () =>
          invoices.listOwn(request.user!.id, { kind: query.kind, status: query.status }, query.page),
        filters: { kind: query.kind ?? '', status: query.status ?? '' },
        kinds: KIND_OPTIONS,
        statuses: STATUS_OPTIONS(false),
      });
    },
  );

  route(
    { name: 'panel.invoices.make', method: 'GET', uri: '/panel/invoices/create', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const settings = await readBillingSettings(db);
      return render(reply, 'Panel/Invoices/Make', {
        bill_to: () => invoices.billToFor(user),
        min: settings.topupMin,
        max: settings.topupMax,
        vat_rate: settings.vatRate,
        tax_inclusive: settings.taxInclusive,
        kyc_room: () => payments.kycRoom(user),
      });
    },
  );

  route(
    { name: 'panel.invoices.edit', method: 'GET', uri: '/panel/invoices/{invoice}', access: 'customer' },
    async (request, reply) =>
      render(reply, 'Panel/Invoices/Edit', await invoices.ownDetail(request.user!, invoiceUuid(request))),
  );

  route(
    { name: 'panel.invoices.store', method: 'POST', uri: '/panel/invoices', access: 'customer' },
    async (request, reply) => {
      const input = await request.validate(proFormaInput, request.body ?? {});
      const invoice = await invoices.requestProForma(request.user!, input, requestContext(request));
      request.session.flash(
        'success',
        'پیش‌فاکتور صادر شد؛ آن را از درگاه بپردازید یا پس از واریز بانکی به پشتیبانی خبر دهید.',
      );
      return reply.redirect(editUrl(invoice.uuid), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'panel.invoices.update', method: 'PUT', uri: '/panel/invoices/{invoice}', access: 'customer' },
    async (request, reply) => {
      const uuid = invoiceUuid(request);
      const billTo = await request.validate(billToInput, request.body ?? {});
      await invoices.updateBillTo(request.user!.id, uuid, billTo, requestContext(request));
      request.session.flash('success', 'مشخصات خریدار ذخیره شد.');
      return reply.redirect(editUrl(uuid), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'panel.invoices.destroy',
      method: 'DELETE',
      uri: '/panel/invoices/{invoice}',
      access: 'customer',
    },
    async (request, reply) => {
      const uuid = invoiceUuid(request);
      await invoices.cancelOwn(request.user!.id, uuid, requestContext(request));
      request.session.flash('success', 'پیش‌فاکتور لغو شد.');
      return reply.redirect(editUrl(uuid), 303);
    },
  );

  route(
    {
      name: 'panel.invoices.pay',
      method: 'POST',
      uri: '/panel/invoices/{invoice}/pay',
      access: 'customer',
    },
    async (request, reply) => {
      const uuid = invoiceUuid(request);
      const { method } = await request.validate(payInput, request.body ?? {});
      if (method === 'gateway') {
        await invoices.payableByGateway(request.user!.id, uuid);
        // The payment page pays the invoice through the gateway (payments.startInvoice).
        return reply.location(registry.url('panel.payments.make', { invoice: uuid }, false));
      }
      const paid = await invoices.payFromWallet(request.user!.id, uuid, requestContext(request));
      request.session.flash(
        'success',
        `صورت‌حساب از کیف پول پرداخت شد و شمارهٔ ${faNumber(paid.number ?? 0)} گرفت.`,
      );
      return seeOther(reply, registry, 'panel.invoices.edit', { invoice: uuid });
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'panel.invoices.pdf', method: 'GET', uri: '/panel/invoices/{invoice}/pdf', access: 'customer' },
    async (request, reply) => {
      const invoice = await invoices.findOwn(request.user!.id, invoiceUuid(request));
      const { body, name } = await invoices.pdf(invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(name))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
