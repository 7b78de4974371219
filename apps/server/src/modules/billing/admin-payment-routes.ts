import type { RouteRegistry } from '@renderfarm/routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { auditActor } from '../../http/route-helpers';
import { faToman } from '../../lib/persian';
import { recordStaffAction } from '../activity';
import { PaymentNotFoundError } from './errors';
import { payments as paymentRows } from './tables';

const STATUS_WORDS: Record<string, string> = {
  paid: 'پرداخت شد و اعتبارش ثبت شد',
  verifying: 'درگاه هنوز پاسخ نداده است؛ دوباره بررسی می‌شود',
  review: 'درگاه همچنان مبلغ دیگری می‌گوید؛ پرداخت در بررسی می‌ماند',
  failed: 'درگاه پرداخت را ناموفق اعلام کرد',
  expired: 'مهلت تأیید گذشته بود و پرداخت منقضی شد',
  canceled: 'پرداخت لغو شده بود',
  redirected: 'خریدار هنوز از درگاه برنگشته و درگاه پرداختی ثبت نکرده است',
};

/**
 * `admin.payments.reconcile` (docs/screens.md §5): asks the gateway again about a payment still
 * verifying or in review, with the stored amount, so it credits only a matching one.
 */
export async function adminPaymentRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { payments } = app.services;

  route(
    {
      name: 'admin.payments.reconcile',
      method: 'POST',
      uri: '/admin/payments/{payment}/reconcile',
      access: 'admin',
      flashErrors: true,
    },
    async (request, reply) => {
      const id = z.coerce
        .number()
        .int()
        .positive()
        .safeParse((request.params as { payment?: string }).payment);
      if (!id.success) throw new PaymentNotFoundError();
      const [before] = await app.services.db.select().from(paymentRows).where(eq(paymentRows.id, id.data));
      const payment = await payments.reconcile(id.data);
      const pick = (p: typeof payment) => ({ status: p.status, refId: p.refId, paidAt: p.paidAt });
      await recordStaffAction(app.services.db, {
        event: 'billing:payment.reconciled',
        actor: auditActor(request),
        subject: { type: 'payment', id: payment.id },
        summary: `پرداخت ${faToman(payment.amount)} دوباره از درگاه پرسیده شد: ${
          STATUS_WORDS[payment.status] ?? 'بی‌تغییر'
        }.`,
        before: before ? pick(before) : null,
        after: pick(payment),
      });
      request.session.flash(
        'success',
        `پرداخت دوباره از درگاه پرسیده شد: ${STATUS_WORDS[payment.status] ?? payment.status}.`,
      );
      return reply.back(registry.url('admin.dash', {}, false));
    },
    { bodyLimit: 1024 },
  );
}
