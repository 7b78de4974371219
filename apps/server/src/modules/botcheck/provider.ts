/** The forms that send a bot-check token, each under its own action name (docs/screens.md §1–2). */
export const BOT_CHECK_ACTIONS = [
  'login',
  'register',
  'contact',
  'forgot_password',
  'signin',
  'signup',
  'ticket',
] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

export type BotCheckFailure =
  | 'missing'
  | 'invalid'
  | 'expired'
  | 'reused'
  | 'wrong_action'
  | 'low_score'
  | 'unavailable';

export type BotCheckResult = { ok: true } | { ok: false; reason: BotCheckFailure; message: string };

/** One bot-check service: ALTCHA proof of work (default), Google reCAPTCHA v3, or none (tests). */
export interface BotCheckProvider {
  readonly name: 'altcha' | 'recaptcha' | 'none';
  verify(token: unknown, action: BotCheckAction, ip?: string | null): Promise<BotCheckResult>;
}

export const BOT_CHECK_MESSAGES: Record<BotCheckFailure, string> = {
  missing: 'بررسی امنیتی انجام نشد؛ صفحه را دوباره بارگذاری کنید و دوباره بفرستید.',
  invalid: 'بررسی امنیتی پذیرفته نشد؛ صفحه را دوباره بارگذاری کنید و دوباره بفرستید.',
  expired: 'مهلت بررسی امنیتی تمام شده است؛ دوباره بفرستید.',
  reused: 'این بررسی امنیتی پیش‌تر استفاده شده است؛ دوباره بفرستید.',
  wrong_action: 'بررسی امنیتی برای این فرم نیست؛ صفحه را دوباره بارگذاری کنید.',
  low_score: 'درخواست شما خودکار به نظر رسید؛ کمی بعد دوباره تلاش کنید.',
  unavailable: 'سرویس بررسی امنیتی در دسترس نیست؛ کمی بعد دوباره تلاش کنید.',
};

export function fail(reason: BotCheckFailure): BotCheckResult {
  return { ok: false, reason, message: BOT_CHECK_MESSAGES[reason] };
}
