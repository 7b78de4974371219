import { z } from 'zod';
import { codeField, mobileField, optionalText, text } from '../../http/fields';
import { toLatinDigits } from '../../lib/digits';
import { checkNationalCode, NATIONAL_CODE_MESSAGES } from '../../lib/national-code';
import { faNumber } from '../../lib/persian';
import type { BillTo } from '../billing';
import { billToInput } from './bill-to-input';
import { VERIFICATION_TYPES } from './tables';

/** The youngest a customer may be to verify (docs/domain.md, Verification). */
export const MIN_AGE_YEARS = 18;

// Letters of any script, marks, spaces, ZWNJ, and . ' - between words.
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M}\s\u200c.'-]*$/u;
const digitsOf = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).replace(/[\s\-‌]/g, '') : v);

const personName = (label: string) =>
  optionalText(
    text(label, 50)
      .refine((v) => v.length >= 2, `${label} را کامل بنویسید.`)
      .refine((v) => PERSON_NAME.test(v), `${label} فقط از حرف تشکیل می‌شود.`),
  );

const nationalCode = optionalText(
  z.string().transform((value, ctx) => {
    const checked = checkNationalCode(value);
    if (checked.ok) return checked.code;
    ctx.addIssue({ code: 'custom', message: NATIONAL_CODE_MESSAGES[checked.problem] });
    return z.NEVER;
  }),
);

/** Today in Tehran as an ISO day: a birth date is a Tehran calendar day. */
export function tehranToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(now);
}

/** Whether someone born on `birth` (ISO day) is at least `years` old on `today` (ISO day). */
export function isAtLeast(birth: string, years: number, today: string): boolean {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age >= years;
}

const BIRTH = 'تاریخ تولد را از تقویم انتخاب کنید.';
const birthDate = (now: () => Date) =>
  optionalText(
    z
      .string()
      .transform((v) => toLatinDigits(v).trim())
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), BIRTH)
      .refine((v) => v >= '1900-01-01', BIRTH)
      .refine((v) => v <= tehranToday(now()), 'تاریخ تولد نمی‌تواند در آینده باشد.')
      .refine(
        (v) => isAtLeast(v, MIN_AGE_YEARS, tehranToday(now())),
        `احراز هویت برای کسانی است که دست‌کم ${faNumber(MIN_AGE_YEARS)} سال دارند.`,
      ),
  );

const digitsField = (label: string, pattern: RegExp, message: string) =>
  z.preprocess(
    (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : digitsOf(v)),
    z
      .string({ error: `${label} معتبر نیست.` })
      .regex(pattern, message)
      .optional(),
  );

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * `panel.account.verify.store`: every field may be left empty in a draft, but what is typed must
 * be right (a wrong national code is never stored); `submit` then needs them all.
 */
export const verifySchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      type: z
        .enum(VERIFICATION_TYPES, { error: 'نوع حساب را انتخاب کنید: شخص یا شرکت.' })
        .default('individual'),
      first_name: personName('نام'),
      last_name: personName('نام خانوادگی'),
      national_code: nationalCode,
      birth_date: birthDate(now),
      company_name: optionalText(text('نام شرکت', 150)),
      company_national_id: digitsField('شناسهٔ ملی شرکت', /^\d{11}$/, 'شناسهٔ ملی شرکت ۱۱ رقم است.'),
      company_registration_no: digitsField('شمارهٔ ثبت', /^\d{1,10}$/, 'شمارهٔ ثبت شرکت را با رقم بنویسید.'),
      submit: flag,
    })
    .superRefine(
      (input, ctx) => {
        if (!input.submit) return;
        const need = (field: keyof typeof input, message: string) => {
          if (input[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
        };
        need('first_name', 'نام را بنویسید.');
        need('last_name', 'نام خانوادگی را بنویسید.');
        need('national_code', NATIONAL_CODE_MESSAGES.empty);
        need('birth_date', BIRTH);
        if (input.type === 'legal') {
          need('company_name', 'نام شرکت را بنویسید.');
          need('company_national_id', 'شناسهٔ ملی شرکت را بنویسید.');
          need('company_registration_no', 'شمارهٔ ثبت شرکت را بنویسید.');
        }
      },
      { when: () => true },
    );

export type VerifyInput = z.output<ReturnType<typeof verifySchema>>;

/** `panel.account.mobile.send` / `.update`. */
export const mobileSendSchema = z.object({ mobile: mobileField });
export const mobileProveSchema = z.object({ mobile: mobileField, code: codeField() });

/** `care.verify.decide`: a rejection says why, so the customer knows what to fix. */
export const decideSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'تأیید یا رد درخواست را انتخاب کنید.' }),
    reason: optionalText(text('دلیل', 500)),
    override_reason: optionalText(text('دلیل تأیید', 500)),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'reject' && !input.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'دلیل رد را بنویسید تا مشتری بداند چه چیزی را اصلاح کند.',
      });
    }
  });

/** `admin.verify.revoke`. */
export const revokeSchema = z.object({
  reason: text('دلیل لغو', 500),
});

/** `panel.account.update`: the bill-to profile (the invoices' own rules) and the opt-in. */
export const accountUpdateSchema = z
  .object({ marketing_opt_in: flag })
  .and(billToInput)
  .transform(({ marketing_opt_in, ...billTo }) => ({
    marketingOptIn: marketing_opt_in,
    billTo: billTo as unknown as BillTo,
  }));
