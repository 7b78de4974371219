import { and, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faDigits, faNumber, faToman } from '../../lib/persian';
import {
  type BroadcastEvent,
  type Broadcaster,
  transactionWithBroadcasts,
} from '../../platform/broadcasting';
import type { JobLog } from '../../platform/jobs';
import { recordActivity } from '../activity';
import { mayUser } from '../catalog';
import { notify } from '../notifications';
import type { User } from '../users';
import { PaymentNotFoundError, PaymentRefusedError } from './errors';
import { paymentAlert, paymentUpdated } from './events';
import type { PaymentGatewayClient } from './gateway';
import { issueTopUpInvoice, lockInvoice, markInvoicePaid } from './invoices';
import { readBillingSettings } from './settings';
import { type Invoice, invoices, type Payment, type PaymentStatus, payments } from './tables';
import { postLedgerEntry } from './wallet';
import { GatewayUnavailableError, type VerifyOutcome, ZarinpalError } from './zarinpal';

/** Statuses after which the gateway is never asked again about a payment. */
const SETTLED: PaymentStatus[] = ['paid', 'failed', 'canceled', 'expired'];
/** How long one callback's verify may take before another caller (or the reconciler) asks again. */
const VERIFY_LEASE_MS = 30_000;

export interface PaymentsOptions {
  db: Database;
  broadcaster: Broadcaster;
  gateway: PaymentGatewayClient;
  appUrl: string;
  clock?: () => Date;
  log?: JobLog;
}

type Broadcast = (event: BroadcastEvent) => void;

/**
 * Top-ups and gateway payments (docs/domain.md, Payment). Make: a pending invoice and a payment,
 * then the gateway's request, then the browser to its pay page. Verify (the callback): the payment
 * is claimed under a row lock, the gateway asked with the *stored* amount, and the answer written
 * under the lock again: paid once (the wallet credited by ledger key `{gateway}:{authority}`),
 * an amount mismatch to review (never credited), a refusal failed, no answer left `verifying` for
 * the reconciler, which asks again with backoff until the gateway's refund deadline.
 */
export function createPayments(options: PaymentsOptions) {
  const { db, broadcaster, gateway, log } = options;
  const clock = options.clock ?? (() => new Date());
  const publishFailed = (error: unknown) => log?.warn({ err: error }, 'payment event not published');

  /** Rial the user has topped up so far (paid top-up invoices, net), for the unverified-identity cap. */
  async function toppedUp(userId: number): Promise<number> {
    const [row] = await db
      .select({ total: sum(invoices.subtotal) })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.kind, 'topup'), eq(invoices.status, 'paid')));
    return Number(row?.total ?? 0);
  }

  /** The most a user without approved identity may still top up, or null when nothing caps them. */
  async function kycRoom(user: Pick<User, 'id' | 'role' | 'kycStatus'>): Promise<number | null> {
    if (user.kycStatus === 'approved') return null;
    const answer = await mayUser(db, user, 'max_topup_unverified', { used: 0, adding: 0 });
    if (answer.limit === null) return null;
    return Math.max(0, answer.limit - (await toppedUp(user.id)));
  }

  async function checkAmount(user: Pick<User, 'id' | 'role' | 'kycStatus'>, amount: number): Promise<void> {
    const settings = await readBillingSettings(db);
    if (amount < settings.topupMin) {
      throw new PaymentRefusedError(
        'amount',
        'RF_PAYMENT_AMOUNT_TOO_LOW',
        `کمترین مبلغ افزایش اعتبار ${faToman(settings.topupMin)} است.`,
      );
    }
    if (amount > settings.topupMax) {
      throw new PaymentRefusedError(
        'amount',
        'RF_PAYMENT_AMOUNT_TOO_HIGH',
        `بیشترین مبلغ هر افزایش اعتبار ${faToman(settings.topupMax)} است؛ مبلغ بیشتر را در چند پرداخت بپردازید.`,
      );
    }
    const room = await kycRoom(user);
    if (room !== null && amount > room) {
      throw new PaymentRefusedError(
        'amount',
        'RF_PAYMENT_KYC_REQUIRED',
        room === 0
          ? 'سقف افزایش اعتبار بدون احراز هویت پر شده است؛ برای شارژ بیشتر، احراز هویت حساب را کامل کنید.'
          : `بدون احراز هویت تا ${faToman(room)} دیگر می‌توانید اعتبار بخرید؛ برای مبلغ بیشتر، نخست احراز هویت حساب را کامل کنید.`,
      );
    }
  }

  /** Writes the payment's new state, its activity entry and its event, in the caller's transaction. */
  async function setStatus(
    tx: Database,
    broadcast: Broadcast,
    payment: Payment,
    patch: Partial<Payment> & { status: PaymentStatus },
    detail: Record<string, unknown> = {},
  ): Promise<Payment> {
    const [updated] = await tx
      .update(payments)
      .set({ ...patch, updatedAt: clock() })
      .where(eq(payments.id, payment.id))
      .returning();
    if (patch.status !== payment.status) {
      await recordActivity(tx, {
        event: `billing:payment.${patch.status}`,
        actorId: null,
        subject: { type: 'payment', id: payment.id },
        properties: { uuid: payment.uuid, gateway: payment.gateway, amount: payment.amount, ...detail },
      });
      broadcast(paymentUpdated(updated!));
    }
    return updated!;
  }

  /**
   * The gateway's answer, written under the payment's lock (a concurrent verify may have written it
   * first). `buyerLeft`: the callback said NOK, so an unpaid answer is the buyer's cancel, not a failure.
   */
  async function settle(
    paymentId: number,
    outcome: VerifyOutcome | 'unavailable',
    buyerLeft = false,
  ): Promise<Payment> {
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (!payment) throw new PaymentNotFoundError();
        if (payment.status === 'paid') return payment;
        const now = clock();
        if (outcome === 'unavailable') {
          const wait = Math.min(2 ** payment.checks, 8) * 60_000;
          return setStatus(tx, broadcast, payment, {
            status: 'verifying',
            checks: payment.checks + 1,
            nextCheckAt: new Date(now.getTime() + wait),
          });
        }
        const gatewayDetail = `${outcome.code}${'message' in outcome ? ` ${outcome.message}` : ''}`;
        if (outcome.kind === 'paid') return credit(tx, broadcast, payment, outcome, now);
        if (outcome.kind === 'mismatch') {
          broadcast(paymentAlert(payment, 'payment_review', 'مبلغ یک پرداخت با درگاه نمی‌خواند'));
          return setStatus(tx, broadcast, payment, { status: 'review', gatewayDetail, nextCheckAt: null });
        }
        if (outcome.kind === 'invalid')
          log?.warn({ payment: payment.uuid, code: outcome.code }, 'gateway refused verify');
        if (outcome.kind === 'failed' && buyerLeft)
          return setStatus(tx, broadcast, payment, { status: 'canceled', gatewayDetail, nextCheckAt: null });
        return setStatus(tx, broadcast, payment, { status: 'failed', gatewayDetail, nextCheckAt: null });
      },
      publishFailed,
    );
  }

  /** A verified payment: paid, its invoice numbered, and a top-up's net credited to the wallet once. */
  async function credit(
    tx: Database,
    broadcast: Broadcast,
    payment: Payment,
    outcome: Extract<VerifyOutcome, { kind: 'paid' }>,
    now: Date,
  ): Promise<Payment> {
    const [taken] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.refId, outcome.refId), ne(payments.id, payment.id)));
    const invoice = await lockInvoice(tx, payment.invoiceId);
    // A receipt already used, or an invoice no longer waiting for money: a person decides.
    if (taken || !invoice || invoice.status !== 'pending') {
      broadcast(paymentAlert(payment, 'payment_review', 'پرداختی تأیید شد که صورت‌حسابش منتظر پرداخت نبود'));
      return setStatus(tx, broadcast, payment, {
        status: 'review',
        gatewayDetail: `${outcome.code} ref ${outcome.refId}${taken ? ' (ref_id already used)' : ''}`,
        nextCheckAt: null,
      });
    }
    const paid = await markInvoicePaid(tx, invoice.id, now);
    if (invoice.kind === 'topup') {
      await postLedgerEntry(
        tx,
        {
          userId: payment.userId,
          type: 'topup',
          amount: invoice.subtotal,
          // A person reads this line (wallet, statement): the number in Persian digits, as everywhere.
          description: `افزایش اعتبار، صورت‌حساب شمارهٔ ${faNumber(paid.number!)}`,
          idempotencyKey: `${payment.gateway}:${payment.authority}`,
          reference: payment.uuid,
        },
        broadcast,
      );
    }
    await notify(tx, broadcast, {
      userId: payment.userId,
      event: 'payment',
      key: `payment:${payment.uuid}:paid`,
      title:
        invoice.kind === 'topup'
          ? 'کیف پول شما شارژ شد'
          : `صورت‌حساب شمارهٔ ${faNumber(paid.number!)} پرداخت شد`,
      body:
        invoice.kind === 'topup'
          ? `پرداخت ${faToman(payment.amount)} تأیید شد و ${faToman(invoice.subtotal)} به کیف پول شما افزوده شد. شمارهٔ پیگیری: ${faDigits(outcome.refId)}.`
          : `پرداخت ${faToman(payment.amount)} تأیید شد. شمارهٔ پیگیری: ${faDigits(outcome.refId)}.`,
      path: `/panel/payments/${payment.uuid}`,
      action: 'رسید پرداخت',
    });
    return setStatus(
      tx,
      broadcast,
      payment,
      {
        status: 'paid',
        refId: outcome.refId,
        cardPan: outcome.cardPan ?? null,
        paidAt: now,
        gatewayDetail: String(outcome.code),
        nextCheckAt: null,
      },
      { ref_id: outcome.refId, invoice: paid.number },
    );
  }

  /** Asks the gateway about a claimed payment and writes the answer. */
  async function askGateway(payment: Payment, buyerLeft = false): Promise<Payment> {
    let outcome: VerifyOutcome | 'unavailable';
    try {
      outcome = await gateway.verify({ authority: payment.authority!, amount: payment.amount });
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      log?.warn({ payment: payment.uuid, err: error }, 'gateway did not answer verify');
      outcome = 'unavailable';
    }
    return settle(payment.id, outcome, buyerLeft);
  }

  /**
   * Claims the payment for one verify: under its row lock, a settled payment is returned as it
   * is, and one another caller is verifying right now (within the lease) is left to them.
   */
  async function claim(paymentId: number): Promise<{ payment: Payment; ask: boolean }> {
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (!payment) throw new PaymentNotFoundError();
        if (SETTLED.includes(payment.status) || payment.status === 'review') return { payment, ask: false };
        const now = clock();
        if (payment.status === 'verifying' && payment.nextCheckAt && payment.nextCheckAt > now) {
          return { payment, ask: false };
        }
        const claimed = await setStatus(tx, broadcast, payment, {
          status: 'verifying',
          nextCheckAt: new Date(now.getTime() + VERIFY_LEASE_MS),
        });
        return { payment: claimed, ask: true };
      },
      publishFailed,
    );
  }

  return {
    gateway: { name: gateway.name, label: gateway.label },
    kycRoom,

    /**
     * panel.payments.store with `{amount}` (Rial of credit): a pending top-up invoice and its
     * payment, then the gateway's request. Returns the gateway's pay page. A gateway that refuses
     * or does not answer fails the payment (no money moved) and says so.
     */
    async startTopUp(
      user: Pick<User, 'id' | 'role' | 'kycStatus' | 'name' | 'email' | 'mobile'>,
      amount: number,
    ): Promise<{ payment: Payment; payUrl: string }> {
      await checkAmount(user, amount);
      const settings = await readBillingSettings(db);
      const { payment, invoice } = await db.transaction(async (tx) => {
        const invoice = await issueTopUpInvoice(tx, user, amount, settings);
        const payment = await createPayment(tx, user.id, invoice, settings.verifyDeadlineMinutes);
        return { payment, invoice };
      });
      return request(user, payment, invoice);
    },

    /** panel.payments.store with `{invoice}`: pays the user's pending invoice through the gateway. */
    async startInvoice(
      user: Pick<User, 'id' | 'name' | 'email' | 'mobile'>,
      invoiceUuid: string,
    ): Promise<{ payment: Payment; payUrl: string }> {
      const settings = await readBillingSettings(db);
      const { payment, invoice } = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.uuid, invoiceUuid), eq(invoices.userId, user.id)))
          .for('update');
        if (!row) throw new PaymentNotFoundError();
        if (row.status !== 'pending') {
          throw new PaymentRefusedError(
            'invoice',
            'RF_PAYMENT_INVOICE_NOT_PENDING',
            row.status === 'paid'
              ? 'این صورت‌حساب پیش‌تر پرداخت شده است.'
              : 'این صورت‌حساب دیگر قابل پرداخت نیست.',
          );
        }
        if (row.total <= 0) {
          throw new PaymentRefusedError(
            'invoice',
            'RF_PAYMENT_INVOICE_EMPTY',
            'این صورت‌حساب مبلغی برای پرداخت ندارد.',
          );
        }
        return {
          invoice: row,
          payment: await createPayment(tx, user.id, row, settings.verifyDeadlineMinutes),
        };
      });
      return request(user, payment, invoice);
    },

    /**
     * panel.payments.verify, the gateway's callback: finds the payment only when the callback's
     * authority is the one stored (anything else is «پرداخت یافت نشد», and the gateway is not
     * asked); the amount is always the stored one. `Status` is only what the buyer's browser
     * carried back (a link anyone can craft, or a bank app that lost the way): the gateway is asked
     * either way, so a paid payment is credited (once) and only an unpaid NOK is cancelled.
     */
    async verify(paymentUuid: string, callback: { authority?: string; status?: string }): Promise<Payment> {
      const [payment] = await db.select().from(payments).where(eq(payments.uuid, paymentUuid));
      if (!payment?.authority || callback.authority !== payment.authority) throw new PaymentNotFoundError();
      const { payment: claimed, ask } = await claim(payment.id);
      return ask ? askGateway(claimed, callback.status !== 'OK') : claimed;
    },

    /**
     * admin.payments.reconcile and the reconciler: asks the gateway again about a payment still
     * open or in review (with the stored amount, so it credits only a matching one); past the
     * gateway's refund deadline an unverified payment is expired and an admin alerted.
     */
    async reconcile(paymentId: number): Promise<Payment> {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment) throw new PaymentNotFoundError();
      if (SETTLED.includes(payment.status) || !payment.authority) return payment;
      if (payment.expiresAt <= clock()) return expire(payment);
      const { payment: claimed, ask } = await claim(payment.id);
      if (ask) return askGateway(claimed);
      if (claimed.status === 'review') {
        // Review is settled for callbacks; an admin's reconcile asks once more.
        return askGateway(claimed);
      }
      return claimed;
    },

    /** The reconciler's minute: due `verifying` payments, then payments the gateway holds unverified. */
    async reconcileDue(): Promise<number> {
      const now = clock();
      const due = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          sql`(${payments.status} = 'verifying' and ${payments.nextCheckAt} <= ${now}) or (${payments.status} = 'redirected' and ${payments.expiresAt} <= ${now})`,
        );
      let asked = 0;
      for (const { id } of due) {
        await this.reconcile(id).catch((error) => log?.error({ err: error, id }, 'reconcile failed'));
        asked++;
      }
      // Buyers who paid but never came back: the gateway lists them until verified.
      let held: { authority: string }[] = [];
      try {
        held = await gateway.unverified();
      } catch (error) {
        log?.warn({ err: error }, 'gateway did not list unverified payments');
      }
      if (held.length > 0) {
        const open = await db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              inArray(
                payments.authority,
                held.map((h) => h.authority),
              ),
              inArray(payments.status, ['redirected', 'verifying']),
            ),
          );
        for (const { id } of open) {
          await this.reconcile(id).catch((error) => log?.error({ err: error, id }, 'reconcile failed'));
          asked++;
        }
      }
      return asked;
    },

    /** The user's invoice still waiting for money (`?invoice=` on Make), or undefined. */
    async pendingInvoice(userId: number, uuid: string): Promise<Invoice | undefined> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.uuid, uuid), eq(invoices.userId, userId), eq(invoices.status, 'pending')));
      return row;
    },

    async findOwn(userId: number, uuid: string): Promise<{ payment: Payment; invoice: Invoice }> {
      const [row] = await db
        .select({ payment: payments, invoice: invoices })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(payments.uuid, uuid), eq(payments.userId, userId)));
      if (!row) throw new PaymentNotFoundError();
      return row;
    },
  };

  async function createPayment(tx: Database, userId: number, invoice: Invoice, deadlineMinutes: number) {
    const now = clock();
    const [payment] = await tx
      .insert(payments)
      .values({
        userId,
        invoiceId: invoice.id,
        gateway: gateway.name,
        amount: invoice.total,
        expiresAt: new Date(now.getTime() + deadlineMinutes * 60_000),
      })
      .returning();
    await recordActivity(tx, {
      event: 'billing:payment.created',
      actorId: userId,
      subject: { type: 'payment', id: payment!.id },
      properties: {
        uuid: payment!.uuid,
        gateway: gateway.name,
        amount: payment!.amount,
        invoice: invoice.uuid,
      },
    });
    return payment!;
  }

  async function request(
    user: Pick<User, 'email' | 'mobile'>,
    payment: Payment,
    invoice: Invoice,
  ): Promise<{ payment: Payment; payUrl: string }> {
    try {
      const { authority } = await gateway.request({
        amount: payment.amount,
        description:
          invoice.kind === 'topup'
            ? 'افزایش اعتبار کیف پول رندر فارم ابری'
            : 'پرداخت صورت‌حساب رندر فارم ابری',
        callbackUrl: new URL(`/panel/payments/${payment.uuid}/verify`, options.appUrl).toString(),
        metadata: {
          order_id: payment.uuid,
          ...(user.email ? { email: user.email } : {}),
          ...(user.mobile ? { mobile: user.mobile } : {}),
        },
      });
      const [updated] = await db
        .update(payments)
        .set({ authority, status: 'redirected', updatedAt: clock() })
        .where(eq(payments.id, payment.id))
        .returning();
      return { payment: updated!, payUrl: gateway.payUrl(authority) };
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError || error instanceof ZarinpalError)) throw error;
      log?.warn({ payment: payment.uuid, err: error }, 'gateway refused the payment request');
      await db
        .update(payments)
        .set({ status: 'failed', gatewayDetail: error.message.slice(0, 200), updatedAt: clock() })
        .where(eq(payments.id, payment.id));
      throw new PaymentRefusedError(
        'amount',
        'RF_PAYMENT_GATEWAY_UNAVAILABLE',
        'درگاه پرداخت اکنون پاسخ نمی‌دهد؛ مبلغی از حساب شما کم نشده است. چند دقیقهٔ دیگر دوباره تلاش کنید.',
        503,
      );
    }
  }

  async function expire(payment: Payment): Promise<Payment> {
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
        if (!row || SETTLED.includes(row.status)) return row ?? payment;
        if (row.status === 'verifying') {
          broadcast(paymentAlert(row, 'payment_expired', 'پرداختی پیش از تأیید به مهلت بازگشت پول رسید'));
        }
        return setStatus(tx, broadcast, row, { status: 'expired', nextCheckAt: null });
      },
      publishFailed,
    );
  }
}

export type Payments = ReturnType<typeof createPayments>;
