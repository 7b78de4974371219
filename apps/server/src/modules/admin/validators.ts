import { z } from 'zod';
import { checkbox, emailField, mobileField, nameField, optionalText, text } from '../../http/fields';
import { optionalTomanField, RIAL_PER_TOMAN, tomanField } from '../../http/money-field';
import { faNumber } from '../../lib/persian';
import { isoDayQuery } from '../../lib/tehran-period';
import { USER_ROLES } from '../users';

/** The largest adjustment one form may make, either way: 10¹² Rial (docs: issue «Admin console»). */
export const MAX_ADJUSTMENT_RIAL = 1_000_000_000_000;
const MAX_ADJUSTMENT_TOMAN = MAX_ADJUSTMENT_RIAL / RIAL_PER_TOMAN;

export const KYC_FILTERS = ['none', 'pending', 'approved', 'rejected', 'revoked'] as const;

const role = z.enum(USER_ROLES, { error: 'نقش را از فهرست انتخاب کنید.' });

/** A reason a person will read later (the customer, the audit): a few words, not «xxx». */
const reason = (label: string) =>
  text(label, 500).refine((value) => [...value].length >= 4, `${label} را دست‌کم در چهار نویسه بنویسید.`);

/** Toman typed in a filter (any digits, separators), as Rial; junk is dropped, the list still answers. */
const tomanFilter = () =>
  optionalTomanField({ label: 'موجودی', max: 100_000_000_000 })
    .transform((rial) => rial ?? undefined)
    .catch(undefined);

/** Admin/Users/List: a filter that does not parse is dropped, and the list still answers. */
export const userListQuery = z.object({
  q: z.string().max(100).optional().catch(undefined),
  role: role.optional().catch(undefined),
  kyc: z.enum(KYC_FILTERS).optional().catch(undefined),
  suspended: z.enum(['yes', 'no']).optional().catch(undefined),
  balance_min: tomanFilter(),
  balance_max: tomanFilter(),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

/** Admin/Users/Make: a mobile or an e-mail (or both), a role, an optional first password. */
export const userMakeInput = z
  .object({
    name: nameField,
    mobile: optionalText(mobileField),
    email: optionalText(emailField),
    role,
    password: optionalText(text('رمز عبور', 128)),
    welcome_sms: checkbox.optional().default(true),
  })
  .superRefine((input, ctx) => {
    if (!input.mobile && !input.email) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'شماره موبایل یا ایمیل را وارد کنید.' });
    }
  });

/** Admin/Users/Edit «مشخصات و نقش». */
export const userUpdateInput = z
  .object({
    name: nameField,
    mobile: optionalText(mobileField),
    email: optionalText(emailField),
    role,
  })
  .superRefine((input, ctx) => {
    if (!input.mobile && !input.email) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'شماره موبایل یا ایمیل را وارد کنید.' });
    }
  });

const amountMessage = `مبلغ را به تومان و به‌صورت عددی صحیح و غیر صفر بنویسید (کاهش با علامت منفی)، حداکثر ${faNumber(MAX_ADJUSTMENT_TOMAN)} تومان.`;

/** `admin.users.balance`: ± Toman as typed (Rial after parsing), a reason, and the form's own key (a double submit moves money once). */
export const balanceAdjustmentInput = z.object({
  amount: tomanField({
    label: 'مبلغ',
    signed: true,
    nonZero: true,
    max: MAX_ADJUSTMENT_TOMAN,
    message: amountMessage,
  }),
  reason: reason('دلیل'),
  idempotency_key: z
    .string({ error: 'فرم را دوباره باز کنید و بفرستید.' })
    .regex(/^[A-Za-z0-9-]{16,64}$/, 'فرم را دوباره باز کنید و بفرستید.'),
});

/** `admin.users.suspend`: a reason to suspend (the customer reads it); lifting needs none. */
export const suspendInput = z
  .object({
    suspended: checkbox,
    reason: z.string().max(500).optional().default(''),
  })
  .superRefine((input, ctx) => {
    if (!input.suspended) return;
    const parsed = reason('دلیل تعلیق').safeParse(input.reason);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: parsed.error.issues[0]!.message });
    }
  })
  .transform((input) => ({ suspended: input.suspended, reason: input.reason.trim() }));

/** Admin/Audit: filters that do not parse are dropped. */
export const auditQuery = z.object({
  actor: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  event: z
    .string()
    .regex(/^[a-z][a-z0-9_:.]{0,80}$/)
    .optional()
    .catch(undefined),
  subject: z.string().max(100).optional().catch(undefined),
  from: isoDayQuery,
  to: isoDayQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});
