import { z } from 'zod';
import { tomanField } from '../../http/money-field';
import { COMPANY_NATIONAL_ID_MESSAGES, checkCompanyNationalId } from '../../lib/company-national-id';
import { toLatinDigits } from '../../lib/digits';
import { checkEconomicCode, ECONOMIC_CODE_MESSAGES } from '../../lib/economic-code';
import { isNationalCode } from '../../lib/national-code';
import { faNumber } from '../../lib/persian';
import { billToInput } from '../verification';
import type { BillTo } from './tables';

/**
 * The forms of the invoice screens (Panel/Invoices, Admin/Invoices). Amounts are typed in Toman
 * (Persian or Latin digits, with or without separators) and come out as integer Rial; codes are
 * typed in any digits and come out as Latin digits.
 */

const digitsOf = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).replace(/[\s\-‌]/g, '') : v);

/** Toman as typed, as whole Rial (0 refused): «۱٬۲۵۰٬۰۰۰» → 12500000. */
export const toman = (label: string) =>
  tomanField({
    label,
    min: 1,
    max: 100_000_000_000,
    message: `${label} را به تومان و به‌صورت عددی صحیح بنویسید؛ مثلاً ۵۰۰٬۰۰۰.`,
  });

/** A whole number from a form field (Persian digits too), within a range, with one message. */
const whole = (label: string, min: number, max: number) => {
  const message = `${label} باید عددی صحیح از ${faNumber(min)} تا ${faNumber(max)} باشد.`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  );
};

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} را بنویسید.` })
    .trim()
    .min(1, `${label} را بنویسید.`)
    .max(max, `${label} حداکثر ${faNumber(max)} نویسه باشد.`);

/** An ISO day (`2026-11-24`) from the Jalali date picker. */
const isoDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(v)), message);

/** The Iranian national code (src/lib/national-code.ts): one rule for invoices and identity checks. */
export { isNationalCode };

/** `panel.invoices.store`: a pro-forma top-up for a bank transfer or an official invoice. */
export const proFormaInput = z
  .object({ amount: toman('مبلغ') })
  .and(billToInput)
  .transform(({ amount, ...billTo }) => ({ amount, billTo: billTo as BillTo }));

export const payInput = z.object({
  method: z.enum(['wallet', 'gateway'], { error: 'روش پرداخت را انتخاب کنید.' }),
});

const invoiceItem = z.object({
  description: text('شرح', 200),
  quantity: whole('تعداد', 1, 100_000),
  unit_price: toman('مبلغ واحد'),
});

const checkbox = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** The lines, tax rate and due date of Admin/Invoices Make and Edit. */
const invoiceBody = {
  kind: z.enum(['manual', 'usage'], { error: 'نوع صورت‌حساب را انتخاب کنید.' }).default('manual'),
  items: z
    .array(invoiceItem, { error: 'دست‌کم یک ردیف بنویسید.' })
    .min(1, 'دست‌کم یک ردیف بنویسید.')
    .max(50, 'حداکثر ۵۰ ردیف در یک صورت‌حساب.'),
  tax_rate: whole('نرخ مالیات', 0, 100),
  due_date: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    isoDay('موعد پرداخت را از تقویم انتخاب کنید.').optional(),
  ),
};

export const manualInvoiceInput = z.object({
  /** True: issued (pending payment); false: kept as a draft the customer does not see. */
  issue: checkbox.default(true),
  user: z
    .string({ error: 'مشتری را با ایمیل، موبایل یا شناسهٔ کاربری مشخص کنید.' })
    .trim()
    .min(1, 'مشتری را با ایمیل، موبایل یا شناسهٔ کاربری مشخص کنید.')
    .max(100),
  ...invoiceBody,
});

/** `issue`: a draft is issued with this save; an issued invoice stays as it is. */
export const invoiceUpdateInput = z.object({ ...invoiceBody, issue: checkbox.default(false) });

export const offlinePaymentInput = z.object({
  // The bank's tracking number is matched against its statement: kept with Latin digits, however typed.
  reference: text('شمارهٔ پیگیری واریز', 100).transform(toLatinDigits),
  paid_at: isoDay('تاریخ واریز را انتخاب کنید.'),
});

export const refundInput = z.object({
  amount: toman('مبلغ بازپرداخت'),
  to: z.enum(['wallet', 'card'], { error: 'بازپرداخت به کیف پول یا به کارت؟ یکی را انتخاب کنید.' }),
  reason: z
    .string({ error: 'دلیل بازپرداخت را بنویسید.' })
    .trim()
    .min(3, 'دلیل بازپرداخت را بنویسید.')
    .max(500, 'دلیل حداکثر ۵۰۰ نویسه باشد.'),
});

export type ManualInvoiceInput = z.infer<typeof manualInvoiceInput>;
export type InvoiceUpdateInput = z.infer<typeof invoiceUpdateInput>;
export type RefundInput = z.infer<typeof refundInput>;
