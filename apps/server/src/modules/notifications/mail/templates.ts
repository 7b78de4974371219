import { escapeHtml, layout, SITE_NAME } from './layout';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

const faNumber = (n: number) => new Intl.NumberFormat('fa-IR').format(n);
const greeting = (name: string) => `${name} عزیز، سلام.`;

/** Auth/VerifyEmail: the signed link (60 minutes) that confirms an address. */
export function emailVerificationMail(input: { name: string; url: string; minutes: number }): MailContent {
  const subject = `تأیید نشانی ایمیل در ${SITE_NAME}`;
  const lines = [
    greeting(input.name),
    'برای تأیید نشانی ایمیل خود روی دکمه زیر بزنید.',
    `این پیوند تا ${faNumber(input.minutes)} دقیقه معتبر است.`,
    'اگر شما در سایت ما ثبت‌نام نکرده‌اید، این ایمیل را نادیده بگیرید.',
  ];
  return {
    subject,
    html: layout({
      title: subject,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      action: { label: 'تأیید ایمیل', url: input.url },
    }),
    text: [...lines.slice(0, 2), input.url, ...lines.slice(2)].join('\n\n'),
  };
}

/** Auth/ForgotPassword: the reset link (60 minutes, single use). */
export function passwordResetMail(input: { name: string; url: string; minutes: number }): MailContent {
  const subject = `بازنشانی رمز عبور ${SITE_NAME}`;
  const lines = [
    greeting(input.name),
    'درخواستی برای تعیین رمز عبور تازه برای حساب شما رسید. برای ادامه روی دکمه زیر بزنید.',
    `این پیوند تا ${faNumber(input.minutes)} دقیقه و فقط یک بار کار می‌کند.`,
    'اگر شما این درخواست را نداده‌اید، کاری لازم نیست؛ رمز عبور شما تغییر نکرده است.',
  ];
  return {
    subject,
    html: layout({
      title: subject,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      action: { label: 'تعیین رمز عبور تازه', url: input.url },
    }),
    text: [...lines.slice(0, 2), input.url, ...lines.slice(2)].join('\n\n'),
  };
}

/** Sent after a sign-in from a device the account has not used before. */
export function newSignInMail(input: {
  name: string;
  at: Date;
  ip: string | null | undefined;
  device: string | null | undefined;
  securityUrl: string;
}): MailContent {
  const subject = `ورود تازه به حساب ${SITE_NAME}`;
  const when = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Tehran',
  }).format(input.at);
  const facts: [string, string][] = [
    ['زمان', when],
    ['نشانی IP', input.ip ?? 'نامشخص'],
    ['دستگاه', input.device ?? 'نامشخص'],
  ];
  const intro = [greeting(input.name), 'کسی با موفقیت به حساب شما وارد شد:'];
  const outro =
    'اگر این شما نبودید، همین حالا رمز عبور را عوض کنید و از بخش امنیت حساب، نشست‌های دیگر را ببندید.';
  const table = `<table style="border-collapse:collapse;margin:8px 0">${facts
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 0 4px 16px;color:#6b7280">${escapeHtml(k)}</td><td style="padding:4px 0" dir="auto">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>`;
  return {
    subject,
    html: layout({
      title: subject,
      bodyHtml: `${intro.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n${table}\n<p>${escapeHtml(outro)}</p>`,
      action: { label: 'امنیت حساب', url: input.securityUrl },
    }),
    text: [...intro, facts.map(([k, v]) => `${k}: ${v}`).join('\n'), outro, input.securityUrl].join('\n\n'),
  };
}

/**
 * A word the farm sends on its own (a machine stopped for idleness, a schedule that could not start
 * it, a wallet running low): the lines, and one button to the page where the customer can act.
 */
export function noticeMail(input: {
  name: string;
  subject: string;
  lines: string[];
  url: string;
  action: string;
}): MailContent {
  const lines = [greeting(input.name), ...input.lines];
  return {
    subject: input.subject,
    html: layout({
      title: input.subject,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      action: { label: input.action, url: input.url },
    }),
    text: [...lines, input.url].join('\n\n'),
  };
}

/**
 * A sign-up was tried with an address or number that already has an account. Sent to the address
 * typed, instead of saying on the page that the account exists (anyone can type an address).
 */
export function signupAttemptMail(input: {
  name: string | null;
  taken: 'email' | 'mobile';
  loginUrl: string;
  resetUrl: string;
}): MailContent {
  const subject = `تلاش برای ثبت‌نام در ${SITE_NAME}`;
  const lines = [
    input.name ? greeting(input.name) : 'سلام.',
    input.taken === 'email'
      ? 'کسی هنگام ثبت‌نام در سایت ما این نشانی ایمیل را وارد کرد، اما این نشانی از آنِ حساب شماست؛ پس به حساب تازه‌ای داده نشد.'
      : 'کسی با این نشانی ایمیل در سایت ما ثبت‌نام کرد، اما شماره موبایلی که وارد شد از پیش به حساب دیگری تعلق دارد؛ حساب تازه‌ای ساخته نشد.',
    input.taken === 'email'
      ? 'اگر خودتان بودید، با همین ایمیل وارد شوید؛ اگر رمز عبور را به یاد ندارید، از دکمه زیر رمز تازه بگیرید.'
      : 'اگر شماره از آن شماست، با همان شماره و کد پیامکی وارد شوید.',
    'اگر شما نبودید، کاری لازم نیست؛ حسابتان دست نخورده است.',
  ];
  const action =
    input.taken === 'email'
      ? { label: 'بازیابی رمز عبور', url: input.resetUrl }
      : { label: 'ورود به حساب', url: input.loginUrl };
  return {
    subject,
    html: layout({
      title: subject,
      bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
      action,
    }),
    text: [...lines.slice(0, 3), action.url, lines[3]!].join('\n\n'),
  };
}
