import { and, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { toLatinDigits } from '../../lib/digits';
import { parseMobile } from '../../lib/mobile';
import { faNumber, faToman } from '../../lib/persian';
import { tehranDayStart } from '../../lib/tehran-day';
import { withTax } from '../../lib/vat';
import {
  type BroadcastEvent,
  type Broadcaster,
  transactionWithBroadcasts,
} from '../../platform/broadcasting';
import { type RequestContext, recordActivity, recordStaffAction } from '../activity';
import {
  findActiveUserByEmail,
  findActiveUserById,
  findActiveUserByMobile,
  lockUser,
  searchUserIds,
  type User,
  userCards,
  userNames,
} from '../users';
import { billToValues } from '../verification';
import { currentBillTo } from './bill-to';
import { InvoiceNotFoundError, InvoiceRefusedError } from './invoice-errors';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoiceUpdateInput, ManualInvoiceInput, RefundInput } from './invoice-validators';
import {
  adminPaymentView,
  documentOf,
  invoiceFileName,
  invoiceRow,
  itemsOf,
  itemView,
  offlinePayment,
  PAID_OFFLINE_EVENT,
  paymentsOf,
  paymentView,
  REFUNDED_EVENT,
  refundState,
  refundViews,
  statementPeriods,
} from './invoice-views';
import { issueTopUpInvoice, lockInvoice, markInvoicePaid } from './invoices';
import type {
  AdminInvoiceRow,
  AdminInvoicesEditProps,
  AdminInvoiceUser,
  ListMeta,
  PanelInvoicesEditProps,
} from './invoices/contracts';
import { readBillingSettings } from './settings';
import {
  type BillTo,
  type Invoice,
  type InvoiceKind,
  type InvoiceStatus,
  invoiceItems,
  invoices,
  type PaymentStatus,
  payments,
} from './tables';
import { postLedgerEntry } from './wallet';

export const INVOICES_PER_PAGE = 25;
/** A payment of the invoice still out at the gateway: the invoice may not change under it. */
const OPEN_PAYMENT: PaymentStatus[] = ['redirected', 'verifying'];
const HALF_DAY_MS = 12 * 60 * 60_000;

export interface InvoicesOptions {
  db: Database;
  broadcaster: Broadcaster;
  clock?: () => Date;
  /** What a user without approved identity may still top up (payments.kycRoom); null: no cap. */
  kycRoom?: (user: Pick<User, 'id' | 'role' | 'kycStatus'>) => Promise<number | null>;
  onPublishError?: (error: unknown) => void;
}

export interface InvoiceListFilter {
  kind?: InvoiceKind | undefined;
  status?: InvoiceStatus | undefined;
}

export interface AdminInvoiceFilter extends InvoiceListFilter {
  q?: string | undefined;
  /** Issued at or after. */
  from?: Date | undefined;
  /** Issued before. */
  to?: Date | undefined;
}

const numberLabel = (invoice: Invoice) =>
  invoice.number === null ? 'بدون شماره' : `شمارهٔ ${faNumber(invoice.number)}`;

/** An invoice as the audit keeps it: its money and state, and its lines in words (Toman). */
const audited = (
  invoice: Invoice,
  lines?: { description: string; quantity: number; unitPrice: number }[],
) => ({
  ...invoice,
  billTo: undefined,
  ...(lines
    ? { items: lines.map((l) => `${l.description} × ${faNumber(l.quantity)}، ${faToman(l.unitPrice)}`) }
    : {}),
});

const refuse = (code: string, message: string, field?: string) =>
  new InvoiceRefusedError(code, message, field);

/** Why a state does not allow a change, in words a person can act on. */
function notPending(invoice: Invoice): InvoiceRefusedError {
  const message: Record<InvoiceStatus, string> = {
    draft: 'این صورت‌حساب هنوز پیش‌نویس است؛ نخست آن را صادر کنید.',
    pending: '',
    paid: 'این صورت‌حساب پیش‌تر پرداخت شده است.',
    cancelled: 'این صورت‌حساب لغو شده است.',
    refunded: 'این صورت‌حساب بازپرداخت شده است.',
  };
  return refuse('RF_INVOICE_NOT_PENDING', message[invoice.status]);
}

/** The Tehran calendar day of an instant, ISO. */
const tehranDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(at);

/**
 * Invoices (docs/domain.md "Wallet, items, invoices, payments"): the customer's list and pages,
 * pro-forma top-ups for a bank transfer or an official invoice, bill-to edits while pending,
 * cancelling, paying from the wallet; and for admins, manual invoices (draft → pending), payments
 * recorded by hand and refunds. Every change locks the invoice row first, so two hands (a gateway
 * callback, an admin) never both settle one invoice; money moves only through postLedgerEntry.
 */
export function createInvoices(options: InvoicesOptions) {
  const { db, broadcaster } = options;
  const clock = options.clock ?? (() => new Date());
  const onPublishError = options.onPublishError ?? (() => {});

  async function hasOpenPayment(tx: Database, invoiceId: number): Promise<boolean> {
    const [row] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, OPEN_PAYMENT)));
    return (row?.n ?? 0) > 0;
  }

  async function refuseIfOpenPayment(tx: Database, invoice: Invoice): Promise<void> {
    if (await hasOpenPayment(tx, invoice.id)) {
      throw refuse(
        'RF_INVOICE_PAYMENT_OPEN',
        'پرداختی از این صورت‌حساب هنوز در درگاه باز است؛ چند دقیقهٔ دیگر، پس از روشن شدن نتیجه، دوباره تلاش کنید.',
      );
    }
  }

  /** The customer's own invoice (never a draft), locked in `tx`. */
  async function lockOwn(tx: Database, userId: number, uuid: string): Promise<Invoice> {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.uuid, uuid), eq(invoices.userId, userId), ne(invoices.status, 'draft')))
      .for('update');
    if (!invoice) throw new InvoiceNotFoundError();
    return invoice;
  }

  async function lockById(tx: Database, id: number): Promise<Invoice> {
    const invoice = await lockInvoice(tx, id);
    if (!invoice) throw new InvoiceNotFoundError();
    return invoice;
  }

  async function findOwn(userId: number, uuid: string): Promise<Invoice> {
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.uuid, uuid), eq(invoices.userId, userId), ne(invoices.status, 'draft')));
    if (!invoice) throw new InvoiceNotFoundError();
    return invoice;
  }

  async function findById(id: number): Promise<Invoice> {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
    if (!invoice) throw new InvoiceNotFoundError();
    return invoice;
  }

  async function page(where: SQL | undefined, pageNumber: number) {
    const [counted] = await db.select({ n: count() }).from(invoices).where(where);
    const total = counted?.n ?? 0;
    const rows = await db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(INVOICES_PER_PAGE)
      .offset((pageNumber - 1) * INVOICES_PER_PAGE);
    const meta: ListMeta = {
      current_page: pageNumber,
      last_page: Math.max(1, Math.ceil(total / INVOICES_PER_PAGE)),
      per_page: INVOICES_PER_PAGE,
      total,
    };
    return { rows, meta, periods: await statementPeriods(db, rows) };
  }

  /** The account a staff member named: an e-mail, a mobile (any digits) or a numeric id. */
  async function resolveUser(text: string): Promise<User> {
    const value = toLatinDigits(text.trim());
    const mobile = parseMobile(value);
    const user = value.includes('@')
      ? await findActiveUserByEmail(db, value)
      : mobile.ok
        ? await findActiveUserByMobile(db, mobile.mobile)
        : /^#?\d{1,9}$/.test(value)
          ? await findActiveUserById(db, Number(value.replace('#', '')))
          : undefined;
    if (!user) {
      throw refuse('RF_INVOICE_USER_NOT_FOUND', 'کاربری با این ایمیل، موبایل یا شناسه پیدا نشد.', 'user');
    }
    return user;
  }

  async function userCard(userId: number): Promise<AdminInvoiceUser> {
    const card = (await userCards(db, [userId])).get(userId);
    return {
      id: userId,
      name: card?.name ?? '',
      email: card?.email ?? null,
      mobile: card?.mobile ?? null,
      balance: card?.balance ?? 0,
    };
  }

  const linesOf = (items: ManualInvoiceInput['items']) =>
    items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      amount: item.quantity * item.unit_price,
    }));

  /** A transaction whose BalanceChanged events go out after the commit. */
  const transaction = <T>(work: (tx: Database, broadcast: (event: BroadcastEvent) => void) => Promise<T>) =>
    transactionWithBroadcasts(db, broadcaster, work, onPublishError);

  return {
    // ---- the customer's ----

    async listOwn(userId: number, filter: InvoiceListFilter, pageNumber: number) {
      const conditions = [eq(invoices.userId, userId), ne(invoices.status, 'draft')];
      if (filter.kind) conditions.push(eq(invoices.kind, filter.kind));
      if (filter.status) conditions.push(eq(invoices.status, filter.status));
      const { rows, meta, periods } = await page(and(...conditions), pageNumber);
      return { data: rows.map((row) => invoiceRow(row, periods.get(row.id) ?? null)), meta };
    },

    /** Everything «جزئیات صورت‌حساب» shows of the customer's own invoice. */
    async ownDetail(
      user: Pick<User, 'id' | 'name' | 'balance'>,
      uuid: string,
    ): Promise<PanelInvoicesEditProps> {
      const invoice = await findOwn(user.id, uuid);
      const [items, paid, refunds, periods] = await Promise.all([
        itemsOf(db, invoice.id),
        paymentsOf(db, invoice.id),
        refundState(db, invoice),
        statementPeriods(db, [invoice]),
      ]);
      const pending = invoice.status === 'pending';
      const open = paid.some((p) => OPEN_PAYMENT.includes(p.status));
      return {
        invoice: {
          ...invoiceRow(invoice, periods.get(invoice.id) ?? null),
          tax_rate: invoice.taxRate,
          bill_to: invoice.billTo,
          refunded: refunds.refunded,
        },
        items: items.map(itemView),
        payments: paid.map(paymentView),
        bill_to: billToValues(invoice.billTo, user.name),
        document: await documentOf(db, invoice, items),
        balance: user.balance,
        can: {
          update: pending,
          cancel: pending && invoice.kind === 'topup' && !open,
          pay_wallet: pending && invoice.kind !== 'topup' && !open && invoice.total > 0,
          pay_gateway: pending && invoice.total > 0,
        },
      };
    },

    /** The bill-to «درخواست صورت‌حساب» starts from: the customer's last official one. */
    async billToFor(user: Pick<User, 'id' | 'name'>) {
      return billToValues(await currentBillTo(db, user), user.name);
    },

    /**
     * panel.invoices.store: a pending top-up pro-forma for `amount` Rial of credit (VAT as the
     * settings say, frozen), made out to the given bill-to. Paying it, by the gateway or by a
     * transfer an admin records, credits the wallet with its subtotal once.
     */
    async requestProForma(
      user: Pick<User, 'id' | 'name' | 'role' | 'kycStatus'>,
      input: { amount: number; billTo: BillTo },
      context: RequestContext = {},
    ): Promise<Invoice> {
      const settings = await readBillingSettings(db);
      if (input.amount < settings.topupMin) {
        throw refuse('RF_INVOICE_AMOUNT_TOO_LOW', `کمترین مبلغ ${faToman(settings.topupMin)} است.`, 'amount');
      }
      if (input.amount > settings.topupMax) {
        throw refuse(
          'RF_INVOICE_AMOUNT_TOO_HIGH',
          `بیشترین مبلغ یک صورت‌حساب افزایش اعتبار ${faToman(settings.topupMax)} است؛ مبلغ بیشتر را در چند صورت‌حساب بخواهید.`,
          'amount',
        );
      }
      const room = options.kycRoom ? await options.kycRoom(user) : null;
      if (room !== null && input.amount > room) {
        throw refuse(
          'RF_INVOICE_KYC_REQUIRED',
          room === 0
            ? 'سقف افزایش اعتبار بدون احراز هویت پر شده است؛ نخست احراز هویت حساب را کامل کنید.'
            : `بدون احراز هویت تا ${faToman(room)} دیگر می‌توانید اعتبار بخرید؛ برای مبلغ بیشتر، نخست احراز هویت را کامل کنید.`,
          'amount',
        );
      }
      return db.transaction(async (tx) => {
        const issued = await issueTopUpInvoice(tx, user, input.amount, settings);
        const [invoice] = await tx
          .update(invoices)
          .set({ billTo: input.billTo })
          .where(eq(invoices.id, issued.id))
          .returning();
        await recordActivity(tx, {
          ...context,
          event: 'billing:invoice.requested',
          actorId: user.id,
          subject: { type: 'invoice', id: issued.id },
          properties: { uuid: issued.uuid, total: issued.total },
        });
        return invoice!;
      });
    },

    /** panel.invoices.update: the bill-to of the customer's own invoice, while it waits for payment. */
    async updateBillTo(userId: number, uuid: string, billTo: BillTo, context: RequestContext = {}) {
      return db.transaction(async (tx) => {
        const invoice = await lockOwn(tx, userId, uuid);
        if (invoice.status !== 'pending') {
          throw refuse('RF_INVOICE_NOT_PENDING', 'مشخصات خریدار فقط تا پیش از پرداخت صورت‌حساب تغییر می‌کند.');
        }
        const [updated] = await tx
          .update(invoices)
          .set({ billTo, updatedAt: clock() })
          .where(eq(invoices.id, invoice.id))
          .returning();
        await recordActivity(tx, {
          ...context,
          event: 'billing:invoice.bill_to_changed',
          actorId: userId,
          subject: { type: 'invoice', id: invoice.id },
          properties: { uuid },
        });
        return updated!;
      });
    },

    /** panel.invoices.destroy: the customer cancels their own pending pro-forma. */
    async cancelOwn(userId: number, uuid: string, context: RequestContext = {}) {
      return db.transaction(async (tx) => {
        const invoice = await lockOwn(tx, userId, uuid);
        if (invoice.status !== 'pending') throw notPending(invoice);
        if (invoice.kind !== 'topup') {
          throw refuse(
            'RF_INVOICE_NOT_CANCELLABLE',
            'این صورت‌حساب بدهی حساب است و لغو نمی‌شود؛ آن را بپردازید یا با پشتیبانی تماس بگیرید.',
          );
        }
        await refuseIfOpenPayment(tx, invoice);
        const [cancelled] = await tx
          .update(invoices)
          .set({ status: 'cancelled', updatedAt: clock() })
          .where(eq(invoices.id, invoice.id))
          .returning();
        await recordActivity(tx, {
          ...context,
          event: 'billing:invoice.cancelled',
          actorId: userId,
          subject: { type: 'invoice', id: invoice.id },
          properties: { uuid },
        });
        return cancelled!;
      });
    },

    /** panel.invoices.pay by gateway: the invoice must still be payable (the gateway page pays it). */
    async payableByGateway(userId: number, uuid: string): Promise<Invoice> {
      const invoice = await findOwn(userId, uuid);
      if (invoice.status !== 'pending') throw notPending(invoice);
      if (invoice.total <= 0) throw refuse('RF_INVOICE_EMPTY', 'این صورت‌حساب مبلغی برای پرداخت ندارد.');
      return invoice;
    },

    /**
     * panel.invoices.pay by wallet: a usage or manual invoice paid from the balance, in one
     * transaction: numbered (markInvoicePaid) and charged as one negative ledger line
     * (`invoice:{uuid}:wallet`, type usage or adjustment). A short balance is refused, not overdrawn.
     */
    async payFromWallet(userId: number, uuid: string, context: RequestContext = {}): Promise<Invoice> {
      return transaction(async (tx, broadcast) => {
        const invoice = await lockOwn(tx, userId, uuid);
        if (invoice.status !== 'pending') throw notPending(invoice);
        if (invoice.kind === 'topup') {
          throw refuse(
            'RF_INVOICE_WALLET_TOPUP',
            'این صورت‌حساب برای افزایش اعتبار است و از خود کیف پول پرداخت نمی‌شود؛ از درگاه یا با واریز بانکی بپردازید.',
          );
        }
        await refuseIfOpenPayment(tx, invoice);
        const owner = await lockUser(tx, userId);
        if (!owner || owner.balance < invoice.total) {
          throw refuse(
            'RF_INVOICE_BALANCE_SHORT',
            `موجودی کیف پول (${faToman(Math.max(0, owner?.balance ?? 0))}) برای پرداخت این صورت‌حساب (${faToman(invoice.total)}) کافی نیست؛ نخست اعتبار بخرید یا از درگاه بپردازید.`,
          );
        }
        const paid = await markInvoicePaid(tx, invoice.id, clock());
        if (paid.total > 0) {
          await postLedgerEntry(
            tx,
            {
              userId,
              type: paid.kind === 'usage' ? 'usage' : 'adjustment',
              amount: -paid.total,
              description: `پرداخت صورت‌حساب ${numberLabel(paid)}`,
              idempotencyKey: `invoice:${paid.uuid}:wallet`,
              reference: paid.uuid,
            },
            broadcast,
          );
        }
        await recordActivity(tx, {
          ...context,
          event: 'billing:invoice.paid',
          actorId: userId,
          subject: { type: 'invoice', id: paid.id },
          properties: { uuid, number: paid.number, method: 'wallet', total: paid.total },
        });
        return paid;
      });
    },

    /** An invoice as a PDF, drawn from the same document as the printable page, with its file name. */
    async pdf(invoice: Invoice): Promise<{ body: Buffer; name: { ascii: string; persian: string } }> {
      const items = await itemsOf(db, invoice.id);
      return {
        body: await renderInvoicePdf(await documentOf(db, invoice, items)),
        name: invoiceFileName(invoice),
      };
    },

    findOwn,
    findById,

    // ---- staff ----

    async adminList(filter: AdminInvoiceFilter, pageNumber: number) {
      const conditions: (SQL | undefined)[] = [];
      if (filter.kind) conditions.push(eq(invoices.kind, filter.kind));
      if (filter.status) conditions.push(eq(invoices.status, filter.status));
      if (filter.from) conditions.push(gte(invoices.createdAt, filter.from));
      if (filter.to) conditions.push(lt(invoices.createdAt, filter.to));
      const q = filter.q?.trim();
      if (q) {
        const owners = await searchUserIds(db, q);
        const digits = toLatinDigits(q).replace(/^#/, '');
        const matches: SQL[] = [];
        if (owners.length > 0) matches.push(inArray(invoices.userId, owners));
        if (/^\d{1,9}$/.test(digits)) matches.push(eq(invoices.number, Number(digits)));
        conditions.push(matches.length > 0 ? or(...matches) : sql`false`);
      }
      const where = and(...conditions);
      const [{ rows, meta, periods }, [totals]] = await Promise.all([
        page(where, pageNumber),
        db
          .select({
            count: count(),
            total: sql<number>`coalesce(sum(${invoices.total}), 0)`.mapWith(Number),
            paid: sql<number>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = 'paid'), 0)`.mapWith(
              Number,
            ),
            pending:
              sql<number>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = 'pending'), 0)`.mapWith(
                Number,
              ),
          })
          .from(invoices)
          .where(where),
      ]);
      const names = await userNames(
        db,
        rows.map((row) => row.userId),
      );
      const data: AdminInvoiceRow[] = rows.map((row) => ({
        ...invoiceRow(row, periods.get(row.id) ?? null),
        id: row.id,
        user: { id: row.userId, name: names.get(row.userId)?.name ?? '' },
      }));
      return {
        data,
        meta,
        totals: {
          count: totals?.count ?? 0,
          total: totals?.total ?? 0,
          paid: totals?.paid ?? 0,
          pending: totals?.pending ?? 0,
        },
      };
    },

    /** `?user=` of admin.invoices.make: the customer's card, or null when there is no such account. */
    async userForMake(id: number | undefined): Promise<AdminInvoiceUser | null> {
      if (!id) return null;
      const user = await findActiveUserById(db, id);
      return user ? userCard(user.id) : null;
    },

    /** Everything «ویرایش صورت‌حساب» shows. */
    async adminDetail(id: number): Promise<Omit<AdminInvoicesEditProps, 'kinds'>> {
      const invoice = await findById(id);
      const [items, paid, refunds, periods, user, offline] = await Promise.all([
        itemsOf(db, invoice.id),
        paymentsOf(db, invoice.id),
        refundState(db, invoice),
        statementPeriods(db, [invoice]),
        userCard(invoice.userId),
        offlinePayment(db, invoice),
      ]);
      const open = paid.some((p) => OPEN_PAYMENT.includes(p.status));
      const editable = (invoice.status === 'draft' || invoice.status === 'pending') && !open;
      const refundable = invoice.status === 'paid' ? Math.max(0, invoice.total - refunds.refunded) : 0;
      return {
        invoice: {
          ...invoiceRow(invoice, periods.get(invoice.id) ?? null),
          id: invoice.id,
          user: { id: user.id, name: user.name },
          tax_rate: invoice.taxRate,
          bill_to: invoice.billTo,
          refunded: refunds.refunded,
          refundable,
          due_date: invoice.dueAt ? tehranDay(invoice.dueAt) : '',
        },
        user,
        items: items.map(itemView),
        payments: paid.map(adminPaymentView),
        refunds: await refundViews(db, refunds),
        offline,
        document: await documentOf(db, invoice, items),
        can: {
          edit_items: editable,
          edit_tax: invoice.status === 'draft',
          issue: invoice.status === 'draft',
          pay: invoice.status === 'pending' && !open,
          cancel: editable,
          refund: refundable > 0,
        },
      };
    },

    /**
     * admin.invoices.store: a manual invoice for a customer, issued (pending, bill-to frozen from
     * the customer's latest) or kept as a draft. Lines are net; the tax comes on top at the rate given.
     */
    async createManual(actorId: number, input: ManualInvoiceInput, context: RequestContext = {}) {
      const user = await resolveUser(input.user);
      const lines = linesOf(input.items);
      const money = withTax(
        lines.reduce((total, line) => total + line.amount, 0),
        input.tax_rate,
        false,
      );
      return db.transaction(async (tx) => {
        const [invoice] = await tx
          .insert(invoices)
          .values({
            userId: user.id,
            kind: input.kind,
            status: input.issue ? 'pending' : 'draft',
            taxRate: input.tax_rate,
            ...money,
            billTo: input.issue ? await currentBillTo(tx, user) : null,
            dueAt: input.due_date ? tehranDayStart(input.due_date) : null,
          })
          .returning();
        await tx.insert(invoiceItems).values(lines.map((line) => ({ ...line, invoiceId: invoice!.id })));
        await recordStaffAction(tx, {
          event: input.issue ? 'billing:invoice.issued' : 'billing:invoice.drafted',
          actor: { actorId, ...context },
          subject: { type: 'invoice', id: invoice!.id },
          summary: `صورت‌حساب ${faToman(invoice!.total)} برای «${user.name}» ${input.issue ? 'صادر' : 'پیش‌نویس'} شد.`,
          before: null,
          after: audited(invoice!, lines),
          properties: { uuid: invoice!.uuid, user: user.id, total: invoice!.total },
        });
        return invoice!;
      });
    },

    /**
     * admin.invoices.update: the lines (while draft or pending, and no payment is out at the
     * gateway); the tax rate and kind only while draft; `issue` turns a draft into a pending
     * invoice with the customer's bill-to frozen on it.
     */
    async updateManual(id: number, actorId: number, input: InvoiceUpdateInput, context: RequestContext = {}) {
      return db.transaction(async (tx) => {
        const invoice = await lockById(tx, id);
        if (invoice.status !== 'draft' && invoice.status !== 'pending') {
          throw refuse('RF_INVOICE_LOCKED', 'صورت‌حساب پرداخت‌شده، لغوشده یا بازپرداخت‌شده ویرایش نمی‌شود.');
        }
        await refuseIfOpenPayment(tx, invoice);
        const draft = invoice.status === 'draft';
        const taxRate = draft ? input.tax_rate : invoice.taxRate;
        const lines = linesOf(input.items);
        const money = withTax(
          lines.reduce((total, line) => total + line.amount, 0),
          taxRate,
          false,
        );
        const issuing = draft && input.issue;
        const user = await findActiveUserById(tx, invoice.userId);
        const hadLines = await tx.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
        const [updated] = await tx
          .update(invoices)
          .set({
            ...money,
            taxRate,
            kind: draft && invoice.kind !== 'topup' ? input.kind : invoice.kind,
            status: issuing ? 'pending' : invoice.status,
            billTo: issuing && user ? await currentBillTo(tx, user) : invoice.billTo,
            dueAt: input.due_date ? tehranDayStart(input.due_date) : null,
            // An issued draft is dated from its issue.
            ...(issuing ? { createdAt: clock() } : {}),
            updatedAt: clock(),
          })
          .where(eq(invoices.id, invoice.id))
          .returning();
        await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
        await tx.insert(invoiceItems).values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
        await recordStaffAction(tx, {
          event: issuing ? 'billing:invoice.issued' : 'billing:invoice.updated',
          actor: { actorId, ...context },
          subject: { type: 'invoice', id: invoice.id },
          summary: `صورت‌حساب ${numberLabel(updated!)} ${issuing ? 'صادر' : 'ویرایش'} شد.`,
          before: audited(invoice, hadLines),
          after: audited(updated!, lines),
          properties: { uuid: invoice.uuid, total: updated!.total },
        });
        return updated!;
      });
    },

    /**
     * admin.invoices.destroy: a draft is deleted (nobody saw it, it had no number); a pending
     * invoice is cancelled. A paid one stays (refund it instead).
     */
    async cancelByStaff(id: number, actorId: number, context: RequestContext = {}) {
      return db.transaction(async (tx) => {
        const invoice = await lockById(tx, id);
        if (invoice.status !== 'draft' && invoice.status !== 'pending') {
          throw refuse(
            'RF_INVOICE_NOT_CANCELLABLE',
            invoice.status === 'paid'
              ? 'صورت‌حساب پرداخت‌شده لغو نمی‌شود؛ در صورت نیاز آن را بازپرداخت کنید.'
              : 'این صورت‌حساب پیش‌تر بسته شده است.',
          );
        }
        await refuseIfOpenPayment(tx, invoice);
        const deleted = invoice.status === 'draft';
        if (deleted) await tx.delete(invoices).where(eq(invoices.id, invoice.id));
        else
          await tx
            .update(invoices)
            .set({ status: 'cancelled', updatedAt: clock() })
            .where(eq(invoices.id, invoice.id));
        await recordStaffAction(tx, {
          event: deleted ? 'billing:invoice.deleted' : 'billing:invoice.cancelled',
          actor: { actorId, ...context },
          subject: { type: 'invoice', id: invoice.id },
          summary: deleted
            ? `پیش‌نویس صورت‌حساب ${faToman(invoice.total)} حذف شد.`
            : `صورت‌حساب ${numberLabel(invoice)} لغو شد.`,
          before: audited(invoice),
          after: deleted ? null : audited({ ...invoice, status: 'cancelled' }),
          properties: { uuid: invoice.uuid, user: invoice.userId },
        });
        return { invoice, deleted };
      });
    },

    /**
     * admin.invoices.pay: a payment made outside the app (a bank transfer), recorded by hand with
     * its reference and day. The invoice is numbered; a top-up credits the wallet with its subtotal
     * once (`invoice:{uuid}:offline`).
     */
    async markPaidOffline(
      id: number,
      actorId: number,
      input: { reference: string; paid_at: string },
      context: RequestContext = {},
    ): Promise<Invoice> {
      const now = clock();
      const dayStart = tehranDayStart(input.paid_at);
      if (dayStart > now)
        throw refuse('RF_INVOICE_PAID_IN_FUTURE', 'تاریخ واریز نمی‌تواند در آینده باشد.', 'paid_at');
      // The hour is not known: midday of that day, or now when that is earlier.
      const at = new Date(Math.min(now.getTime(), dayStart.getTime() + HALF_DAY_MS));
      return transaction(async (tx, broadcast) => {
        const invoice = await lockById(tx, id);
        if (invoice.status !== 'pending') throw notPending(invoice);
        await refuseIfOpenPayment(tx, invoice);
        const paid = await markInvoicePaid(tx, invoice.id, at);
        if (paid.kind === 'topup' && paid.subtotal > 0) {
          await postLedgerEntry(
            tx,
            {
              userId: paid.userId,
              type: 'topup',
              amount: paid.subtotal,
              description: `افزایش اعتبار، صورت‌حساب ${numberLabel(paid)} (واریز بانکی)`,
              idempotencyKey: `invoice:${paid.uuid}:offline`,
              reference: paid.uuid,
            },
            broadcast,
          );
        }
        await recordStaffAction(tx, {
          event: PAID_OFFLINE_EVENT,
          actor: { actorId, ...context },
          subject: { type: 'invoice', id: paid.id },
          summary: `واریز بانکی صورت‌حساب ${numberLabel(paid)} به مبلغ ${faToman(paid.total)} ثبت شد.`,
          before: audited(invoice),
          after: { ...audited(paid), reference: input.reference },
          properties: {
            uuid: paid.uuid,
            number: paid.number,
            reference: input.reference,
            paid_at: input.paid_at,
            total: paid.total,
          },
        });
        return paid;
      });
    },

    /**
     * admin.invoices.refund: gives back part or all of a paid invoice, never more than was paid
     * minus what was already given back. To the wallet: one positive `refund` line. To the card
     * (done at the bank; recorded here with its reason): for a top-up, the matching share of its
     * credit is taken back from the wallet by one negative `refund` line, refused when the wallet
     * no longer holds it. Fully refunded, the invoice is `refunded`.
     */
    async refund(id: number, actorId: number, input: RefundInput, context: RequestContext = {}) {
      return transaction(async (tx, broadcast) => {
        const invoice = await lockById(tx, id);
        if (invoice.status !== 'paid') {
          throw refuse(
            'RF_INVOICE_NOT_REFUNDABLE',
            invoice.status === 'refunded'
              ? 'این صورت‌حساب پیش‌تر کامل بازپرداخت شده است.'
              : 'فقط صورت‌حساب پرداخت‌شده بازپرداخت می‌شود.',
          );
        }
        const state = await refundState(tx, invoice);
        const room = invoice.total - state.refunded;
        if (input.amount > room) {
          throw refuse(
            'RF_INVOICE_REFUND_TOO_MUCH',
            `از این صورت‌حساب حداکثر ${faToman(room)} دیگر بازپرداخت می‌شود.`,
            'amount',
          );
        }
        const n = state.count + 1;
        const key = `refund:${invoice.uuid}:${n}`;
        let takenBack = 0;
        if (input.to === 'wallet') {
          await postLedgerEntry(
            tx,
            {
              userId: invoice.userId,
              type: 'refund',
              amount: input.amount,
              description: `بازپرداخت صورت‌حساب ${numberLabel(invoice)}`,
              idempotencyKey: key,
              reference: invoice.uuid,
            },
            broadcast,
          );
        } else if (invoice.kind === 'topup' && invoice.total > 0) {
          const full = state.refunded + input.amount === invoice.total;
          const left = invoice.subtotal - state.takenBack;
          takenBack = full
            ? left
            : Math.min(left, Math.round((input.amount * invoice.subtotal) / invoice.total));
          if (takenBack > 0) {
            const owner = await lockUser(tx, invoice.userId);
            if (!owner || owner.balance < takenBack) {
              throw refuse(
                'RF_INVOICE_REFUND_CREDIT_SPENT',
                `اعتبار این افزایش اعتبار (${faToman(takenBack)}) دیگر در کیف پول مشتری نیست (موجودی ${faToman(Math.max(0, owner?.balance ?? 0))})؛ مبلغ کمتری به کارت برگردانید.`,
                'amount',
              );
            }
            await postLedgerEntry(
              tx,
              {
                userId: invoice.userId,
                type: 'refund',
                amount: -takenBack,
                description: `بازپرداخت به کارت، صورت‌حساب ${numberLabel(invoice)}`,
                idempotencyKey: key,
                reference: invoice.uuid,
              },
              broadcast,
            );
          }
        }
        const whole = state.refunded + input.amount === invoice.total;
        await recordStaffAction(tx, {
          event: REFUNDED_EVENT,
          actor: { actorId, ...context },
          subject: {
            type: 'invoice',
            id: invoice.id,
            name: invoice.number === null ? null : String(invoice.number),
          },
          summary: `${faToman(input.amount)} از صورت‌حساب ${numberLabel(invoice)} به ${
            input.to === 'wallet' ? 'کیف پول' : 'کارت بانکی'
          } بازپرداخت شد؛ دلیل: ${input.reason}`,
          before: { status: invoice.status, refunded: state.refunded },
          after: {
            status: whole ? 'refunded' : invoice.status,
            refunded: state.refunded + input.amount,
            refundTo: input.to,
          },
          properties: {
            uuid: invoice.uuid,
            number: invoice.number,
            n,
            amount: input.amount,
            to: input.to,
            reason: input.reason,
            taken_back: takenBack,
          },
        });
        if (whole) {
          await tx
            .update(invoices)
            .set({ status: 'refunded', updatedAt: clock() })
            .where(eq(invoices.id, invoice.id));
        }
        return { invoice, whole, n };
      });
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
