import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { refreshCurrentUser } from '../sessions';
import type { PaymentView } from './contracts';
import { PaymentNotFoundError } from './errors';
import { toman } from './invoice-validators';
import { readBillingSettings } from './settings';
import type { Invoice, Payment } from './tables';

/** Suggested top-ups on «افزایش اعتبار», in Rial (۲۰۰ هزار تا ۵ میلیون تومان). */
const PRESETS = [2_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000];

/** Toman as typed (Persian digits, thousands separators), as whole Rial. */
const amount = toman('مبلغ');

/** `{amount}` (Toman) for a new top-up, or `{invoice}` to pay a pending invoice. */
export const topUpRequest = z.object({ amount });
const invoicePaymentRequest = z.object({ invoice: z.uuid({ error: 'صورت‌حساب معتبر نیست.' }) });

export const makeQuery = z.object({
  amount: amount.optional().catch(undefined),
  invoice: z.uuid().optional().catch(undefined),
});

const verifyQuery = z.object({
  Authority: z.string().max(64).optional().catch(undefined),
  Status: z.string().max(8).optional().catch(undefined),
});

export function invoiceSummary(invoice: Invoice): PaymentView['invoice'] {
  return {
    uuid: invoice.uuid,
    number: invoice.number,
    kind: invoice.kind,
    subtotal: invoice.subtotal,
    tax_rate: invoice.taxRate,
    tax: invoice.tax,
    total: invoice.total,
  };
}

export function paymentView(payment: Payment, invoice: Invoice, gatewayLabel: string): PaymentView {
  return {
    uuid: payment.uuid,
    status: payment.status,
    amount: payment.amount,
    gateway: payment.gateway,
    gateway_label: payment.gateway === 'test' ? 'درگاه آزمایشی' : gatewayLabel,
    ref_id: payment.refId,
    card_pan: payment.cardPan,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    invoice: invoiceSummary(invoice),
  };
}

const paymentParam = (request: FastifyRequest) => {
  const parsed = z.uuid().safeParse((request.params as { payment?: string }).payment);
  if (!parsed.success) throw new PaymentNotFoundError();
  return parsed.data;
};

/**
 * Top-up and gateway payments (docs/screens.md §4): Make, store (→ the gateway's pay page), the
 * gateway's callback (Verify) and the receipt (Show).
 */
export async function paymentRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, payments } = app.services;

  route(
    { name: 'panel.payments.make', method: 'GET', uri: '/panel/payments/create', access: 'customer' },
    async (request, reply) => {
      const user = request.user!;
      const query = makeQuery.parse(request.query ?? {});
      const settings = await readBillingSettings(db);
      const invoice = query.invoice ? await payments.pendingInvoice(user.id, query.invoice) : undefined;
      return render(reply, 'Panel/Payments/Make', {
        presets: PRESETS.filter((p) => p >= settings.topupMin && p <= settings.topupMax),
        amount: query.amount ?? null,
        min: settings.topupMin,
        max: settings.topupMax,
        vat_rate: settings.vatRate,
        tax_inclusive: settings.taxInclusive,
        gateway: { ...payments.gateway, test: payments.gateway.name === 'test' },
        kyc_room: () => payments.kycRoom(user),
        kyc_status: user.kycStatus,
        balance: user.balance,
        invoice: invoice ? invoiceSummary(invoice) : null,
      });
    },
  );

  route(
    {
      name: 'panel.payments.store',
      method: 'POST',
      uri: '/panel/payments',
      access: 'customer',
      errorField: 'amount',
    },
    async (request, reply) => {
      const user = request.user!;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const { payUrl } =
        body.invoice !== undefined
          ? await payments.startInvoice(user, (await request.validate(invoicePaymentRequest, body)).invoice)
          : await payments.startTopUp(user, (await request.validate(topUpRequest, body)).amount);
      // Leaving the app: a full-page visit to the gateway.
      return reply.location(payUrl);
    },
    { bodyLimit: 4 * 1024 },
  );

  route(
    {
      name: 'panel.payments.verify',
      method: 'GET',
      uri: '/panel/payments/{payment}/verify',
      access: 'anyone',
    },
    async (request, reply) => {
      const query = verifyQuery.parse(request.query ?? {});
      let payment: Payment;
      try {
        payment = await payments.verify(paymentParam(request), {
          authority: query.Authority,
          status: query.Status,
        });
      } catch (error) {
        if (!(error instanceof PaymentNotFoundError)) throw error;
        return render(
          reply,
          'Panel/Payments/Verify',
          { found: false, owner: false, payment: null },
          { status: 404 },
        );
      }
      const owner = request.user?.id === payment.userId;
      if (!owner) {
        return render(reply, 'Panel/Payments/Verify', {
          found: true,
          owner: false,
          payment: { uuid: payment.uuid, status: payment.status },
        });
      }
      await refreshCurrentUser(request, db);
      const { invoice } = await payments.findOwn(payment.userId, payment.uuid);
      return render(reply, 'Panel/Payments/Verify', {
        found: true,
        owner: true,
        payment: paymentView(payment, invoice, payments.gateway.label),
      });
    },
  );

  route(
    { name: 'panel.payments.show', method: 'GET', uri: '/panel/payments/{payment}', access: 'customer' },
    async (request, reply) => {
      const { payment, invoice } = await payments.findOwn(request.user!.id, paymentParam(request));
      return render(reply, 'Panel/Payments/Show', {
        payment: paymentView(payment, invoice, payments.gateway.label),
      });
    },
  );
}
