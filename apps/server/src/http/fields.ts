import { z } from 'zod';
import { toLatinDigits } from '../lib/digits';
import { parseMobile } from '../lib/mobile';
import { faNumber } from '../lib/persian';

/**
 * Zod fields shared by every identity form, each failing with a Persian message that names the
 * field: missing («ایمیل را وارد کنید»), wrong type, too long, wrong characters. Forms compose
 * these so the same field reads the same everywhere.
 */

/** Long enough for any passphrase, short enough that hashing a pasted megabyte is not a DoS. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A required string; `undefined`/`null` → «X را وارد کنید», another type → «X معتبر نیست», and so
 * is text with a NUL, which no form sends and PostgreSQL refuses to store or compare (a 500).
 */
export const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input == null ? `${label} را وارد کنید.` : `${label} معتبر نیست.`),
    })
    .trim()
    .min(1, `${label} را وارد کنید.`)
    .max(max, `${label} نباید بیش از ${faNumber(max)} نویسه باشد.`)
    .refine((value) => !value.includes('\u0000'), `${label} معتبر نیست.`);

/** An optional string: absent, null or blank → undefined. */
export const optionalText = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (v) => (v == null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    field.optional(),
  );

// Letters of any script (Persian names, Latin names), marks, spaces, ZWNJ, and . ' - between words.
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}\s\u200c.'-]*$/u;

/** The longest name a form takes; the web's inputs stop at the same length (NAME_MAX_LENGTH). */
export const NAME_MAX_LENGTH = 100;

/** A person's name: letters of any script, at least two of them («ع» alone is not a name). */
export const nameField = text('نام', NAME_MAX_LENGTH)
  .regex(NAME, 'نام فقط می‌تواند حرف، فاصله و نیم‌فاصله داشته باشد.')
  .refine((name) => (name.match(/[\p{L}]/gu) ?? []).length >= 2, 'نام باید دست‌کم دو حرف داشته باشد.');

export const emailField = text('ایمیل', 255)
  .toLowerCase()
  .pipe(z.email('ایمیل معتبر نیست؛ نشانی‌ای مانند name@example.com وارد کنید.'));

/** An Iranian mobile in Persian or Latin digits, normalised to `09xxxxxxxxx`. */
export const mobileField = text('شماره موبایل', 40).transform((value, ctx) => {
  const parsed = parseMobile(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.mobile;
});

/** The password as typed (rules are checked where a password is set, not at sign-in). */
export const passwordInput = (label = 'رمز عبور') =>
  z
    .string({
      error: (issue) => (issue.input == null ? `${label} را وارد کنید.` : `${label} معتبر نیست.`),
    })
    .min(1, `${label} را وارد کنید.`)
    .max(PASSWORD_MAX_LENGTH, `${label} نباید بیش از ${faNumber(PASSWORD_MAX_LENGTH)} نویسه باشد.`);

/** A six-digit code from an SMS or an authenticator app, Persian digits accepted. */
export const codeField = (label = 'کد تأیید') =>
  text(label, 20)
    .transform((v) => toLatinDigits(v).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, `${label} باید شش رقم باشد.`));

/** A checkbox: true, 'on', '1', 'true', 1. */
export const checkbox = z
  .unknown()
  .transform((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true' || v === 'yes');

export const termsField = z
  .unknown()
  .refine((v) => v === true || v === 1 || v === 'on' || v === '1' || v === 'true' || v === 'yes', {
    message: 'پذیرش قوانین و مقررات لازم است.',
  });

/** The bot-check token every public form sends (ALTCHA payload or reCAPTCHA token). */
export const captchaField = z.unknown().optional();
