import type { Database } from '../../db/client';
import type { Mailer } from '../../platform/mail';
import type { MailContent } from '../notifications';
import { escapeHtml, layout, SITE_NAME } from '../notifications';
import { activeStaffEmails } from '../users';

/** What staff need to answer a message from the contact form. */
export interface GuestTicketNotice {
  ticketId: number;
  /** The care desk's page of the ticket (absolute), where staff answer it. */
  url: string;
  name: string;
  email: string | null;
  mobile: string | null;
  department: string;
  subject: string;
  message: string;
  /** The names of the files sent with it (they are in the ticket, for staff only). */
  attachments?: string[] | undefined;
  at: Date;
}

const faNumber = (n: number) => new Intl.NumberFormat('fa-IR', { useGrouping: false }).format(n);

/**
 * The mail to care and admin about a new contact-form message. Everything the visitor typed is
 * escaped in the HTML part; the text part carries it as it is (plain text is not interpreted).
 */
export function guestTicketMail(notice: GuestTicketNotice): MailContent {
  const subject = `پیام تازه از فرم تماس: ${notice.subject}`;
  const when = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Tehran',
  }).format(notice.at);
  const facts: [string, string, boolean][] = [
    ['شماره تیکت', faNumber(notice.ticketId), false],
    ['نام', notice.name, false],
    ...(notice.email ? [['ایمیل', notice.email, true] as [string, string, boolean]] : []),
    ...(notice.mobile ? [['موبایل', notice.mobile, true] as [string, string, boolean]] : []),
    ['بخش', notice.department, false],
    ['زمان', when, false],
    ...(notice.attachments?.length
      ? [['پیوست', notice.attachments.join('، '), false] as [string, string, boolean]]
      : []),
  ];
  const intro = `بازدیدکننده‌ای از فرم «تماس با ما» پیامی فرستاد. تیکت مهمان ساخته شد و در صف بخش ${notice.department} است.`;
  const outro =
    'پاسخ را از میز پشتیبانی به ایمیل یا موبایل بالا بفرستید؛ دکمهٔ زیر تیکت را در میز پشتیبانی باز می‌کند.';
  const table = `<table style="border-collapse:collapse;margin:8px 0">${facts
    .map(
      ([label, value, ltr]) =>
        `<tr><td style="padding:4px 0 4px 16px;color:#6b7280;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0"${ltr ? ' dir="ltr"' : ''}>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  const quote = `<div style="margin:16px 0;padding:12px 16px;background:#f9fafb;border-radius:8px;white-space:pre-wrap" dir="auto"><strong style="display:block;margin-bottom:8px">${escapeHtml(notice.subject)}</strong>${escapeHtml(notice.message)}</div>`;
  return {
    subject,
    html: layout({
      title: 'پیام تازه از فرم تماس',
      bodyHtml: `<p>${escapeHtml(intro)}</p>\n${table}\n${quote}\n<p>${escapeHtml(outro)}</p>`,
      action: { label: 'باز کردن تیکت', url: notice.url },
    }),
    text: [
      intro,
      facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
      `موضوع: ${notice.subject}`,
      notice.message,
      outro,
      notice.url,
      SITE_NAME,
    ].join('\n\n'),
  };
}

/** Staff who receive contact-form mail: active care and admin accounts with an e-mail. */
export const findStaffRecipients = activeStaffEmails;

/**
 * Mails every staff member about a guest ticket. One failed delivery does not stop the others:
 * the ticket exists either way and shows in the care queue. Returns the addresses that failed.
 */
export async function mailStaffAboutGuestTicket(
  db: Database,
  mailer: Mailer,
  notice: GuestTicketNotice,
): Promise<{ sent: number; failed: { to: string; error: unknown }[] }> {
  const recipients = await findStaffRecipients(db);
  const content = guestTicketMail(notice);
  const results = await Promise.allSettled(recipients.map((to) => mailer.send({ to, ...content })));
  const failed = results.flatMap((result, i) =>
    result.status === 'rejected' ? [{ to: recipients[i]!, error: result.reason }] : [],
  );
  return { sent: recipients.length - failed.length, failed };
}

/**
 * A staff answer to a guest (a contact-form ticket has no account, so no panel to read it in): the
 * answer itself, by mail. Only public replies are ever sent; the visitor's question is quoted.
 */
export function guestReplyMail(input: { name: string; subject: string; answer: string }): MailContent {
  const subject = `پاسخ پشتیبانی: ${input.subject}`;
  const intro = `${input.name} گرامی، سلام. پاسخ پیام شما از فرم «تماس با ما»:`;
  const outro = 'اگر پرسش دیگری دارید، به همین نشانی پاسخ ندهید؛ از فرم «تماس با ما» دوباره بنویسید.';
  return {
    subject,
    html: layout({
      title: subject,
      bodyHtml: `<p>${escapeHtml(intro)}</p>\n<div style="margin:16px 0;padding:12px 16px;background:#f9fafb;border-radius:8px;white-space:pre-wrap" dir="auto">${escapeHtml(input.answer)}</div>\n<p>${escapeHtml(outro)}</p>`,
    }),
    text: [intro, input.answer, outro, SITE_NAME].join('\n\n'),
  };
}
