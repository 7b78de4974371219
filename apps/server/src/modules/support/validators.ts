import { z } from 'zod';
import { apiPaging } from '../../http/api-paging';
import { captchaField, nameField, optionalText, text } from '../../http/fields';
import { parseMobile } from '../../lib/mobile';
import { faNumber } from '../../lib/persian';
import { TICKET_PRIORITIES, TICKET_STATUSES } from './tables';

/** Limits of what a person may write into a ticket (the form and the API say the same). */
export const SUBJECT_MAX = 150;
export const MESSAGE_MAX = 5_000;

// Control characters would let a subject break a mail header or a log line, and the bidi overrides
// (U+202A–E, U+2066–9) make text read differently from what it is. Tabs and line breaks are fine
// inside a message; ZWNJ and the RLM/LRM marks are ordinary Persian typing and stay allowed.
const CONTROL_IN_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const CONTROL_IN_TEXT = /[^\P{Cc}\t\n]|[\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * Free text a person writes (a subject, a message). Stored exactly as plain text: HTML and SQL are
 * just characters here, escaped wherever they are shown and never rendered as markup.
 */
const plainText = (label: string, max: number, multiline: boolean) =>
  z
    .string({
      error: (issue) => (issue.input == null ? `${label} را وارد کنید.` : `${label} معتبر نیست.`),
    })
    // One kind of line break, whatever the sender's system uses.
    .transform((value) => (multiline ? value.replace(/\r\n?/g, '\n') : value).trim())
    .pipe(
      z
        .string()
        .min(1, `${label} را وارد کنید.`)
        .max(max, `${label} نباید بیش از ${faNumber(max)} نویسه باشد.`)
        .refine(
          (value) => !(multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(value),
          `${label} نویسه‌های نامعتبر دارد؛ آن را دوباره بنویسید.`,
        ),
    );

export const subjectField = plainText('موضوع', SUBJECT_MAX, false);
export const messageField = plainText('متن پیام', MESSAGE_MAX, true);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `api.v1.tickets.store`: the departments come from config `ticket_departments`. */
export function openTicketSchema(departments: readonly string[]) {
  const listed = departments.join('، ');
  return z.object(
    {
      department: z
        .string({
          error: (issue) => (issue.input == null ? 'بخش را انتخاب کنید.' : 'بخش معتبر نیست.'),
        })
        .trim()
        .min(1, 'بخش را انتخاب کنید.')
        .refine((value) => departments.includes(value), `بخش باید یکی از این‌ها باشد: ${listed}.`),
      priority: z.enum(TICKET_PRIORITIES, {
        error: (issue) =>
          issue.input == null
            ? 'اولویت را انتخاب کنید.'
            : 'اولویت باید یکی از low (کم)، medium (متوسط) یا high (زیاد) باشد.',
      }),
      subject: subjectField,
      message: messageField,
      instance: optionalText(
        z.string({ error: 'شناسهٔ سرور معتبر نیست.' }).trim().regex(UUID, 'شناسهٔ سرور معتبر نیست.'),
      ),
    },
    { error: 'بدنهٔ درخواست باید یک شیء JSON باشد.' },
  );
}

export type OpenTicketInput = z.output<ReturnType<typeof openTicketSchema>>;

/**
 * The two choices of the contact form and the ticket department each lands in (names from the
 * seeded `ticket_departments`). Sales questions go to sales; everything else to the technical desk.
 */
export const CONTACT_DEPARTMENTS = {
  sales: { label: 'فروش و مشاوره خرید', department: 'فروش' },
  support: { label: 'پشتیبانی فنی', department: 'فنی' },
} as const;
export type ContactDepartment = keyof typeof CONTACT_DEPARTMENTS;

const CONTACT_LABEL = 'ایمیل یا شماره موبایل';

/** One field for a way to answer: an e-mail (it has an @) or an Iranian mobile in any digits. */
const contactField = text(CONTACT_LABEL, 255).transform(
  (value, ctx): { email: string } | { mobile: string } => {
    if (value.includes('@')) {
      const email = z.email().safeParse(value.toLowerCase());
      if (email.success) return { email: email.data };
      ctx.addIssue({
        code: 'custom',
        message: 'ایمیل معتبر نیست؛ نشانی‌ای مانند name@example.com وارد کنید.',
      });
      return z.NEVER;
    }
    const mobile = parseMobile(value);
    if (mobile.ok) return { mobile: mobile.mobile };
    ctx.addIssue({
      code: 'custom',
      message: /[0-9۰-۹٠-٩]/.test(value)
        ? mobile.message
        : 'ایمیل یا شماره موبایلی بنویسید که بتوانیم به آن پاسخ دهیم؛ مانند name@example.com یا ۰۹۱۲۳۴۵۶۷۸۹.',
    });
    return z.NEVER;
  },
);

/** `contact.store`: the public contact form. */
export const contactSchema = z.object({
  name: nameField,
  contact: contactField,
  department: z.enum(Object.keys(CONTACT_DEPARTMENTS) as [ContactDepartment, ...ContactDepartment[]], {
    error: (issue) =>
      issue.input == null || issue.input === ''
        ? 'بخش مورد نظر را انتخاب کنید.'
        : 'بخش انتخاب‌شده معتبر نیست.',
  }),
  subject: subjectField,
  message: messageField,
  captcha_token: captchaField,
});

export type ContactInput = z.output<typeof contactSchema>;

/** `api.v1.tickets.index`: the same paging as `api.v1.items.index`, filtered by status. */
export const ticketListQuery = z.object({
  status: z.enum(TICKET_STATUSES, { error: 'وضعیت تیکت معتبر نیست.' }).optional(),
  ...apiPaging,
});
