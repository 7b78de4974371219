import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { toLatinDigits } from '../../lib/digits';
import { deriveKey, hmacHex } from '../../lib/key-derivation';
import { maskedMobileInText, maskMobile } from '../../lib/mobile';
import { faDuration, faNumber } from '../../lib/persian';
import type { RateLimiter } from '../../lib/rate-limit';
import type { SmsProvider } from '../../platform/sms';
import { type SmsCodePurpose, smsCodes } from './tables';

export const SMS_CODE_RULES = {
  /** Seconds a code stays valid (`expires_in` on the Verify page). */
  expiresIn: 120,
  /** Seconds before another code may be sent to the same number for the same purpose. */
  resendIn: 60,
  /** Wrong tries after which the code is dead. */
  maxAttempts: 5,
  /** Sends per hour, counted per number and per IP separately. */
  sendsPerHour: 5,
} as const;

export type SendCodeOutcome =
  | { status: 'sent'; mobileMasked: string; expiresIn: number; resendIn: number; message: string }
  | { status: 'too_soon'; resendIn: number; message: string }
  | { status: 'rate_limited'; retryAfter: number; message: string };

export type VerifyCodeOutcome =
  | { status: 'valid' }
  | { status: 'invalid'; remainingAttempts: number; message: string }
  | { status: 'locked'; message: string }
  | { status: 'expired'; message: string };

/** The countdowns a Verify page shows for a pending code. */
export interface CodeState {
  expiresIn: number;
  resendIn: number;
}

export interface SmsCodeServiceOptions {
  db: Database;
  appKey: string;
  sms: SmsProvider;
  limiter: RateLimiter;
  clock?: Clock;
  /** APP_URL's host: adds the WebOTP line (`@host #123456`) so phones offer the code in one tap. */
  appHost?: string | undefined;
}

const MESSAGES = {
  expired: 'کد تأیید منقضی شده یا معتبر نیست؛ یک کد تازه بخواهید.',
  locked: 'تعداد تلاش‌های نادرست از حد مجاز گذشت؛ یک کد تازه بخواهید.',
  invalid: (left: number) => `کد تأیید درست نیست؛ ${faNumber(left)} بار دیگر می‌توانید تلاش کنید.`,
  tooSoon: (seconds: number) => `برای دریافت کد تازه ${faDuration(seconds)} دیگر صبر کنید.`,
  limited: (seconds: number) =>
    `درخواست کد بیش از حد مجاز بوده است؛ ${faDuration(seconds)} دیگر دوباره تلاش کنید.`,
  sent: (masked: string) => `کد تأیید به شماره ${masked} پیامک شد.`,
};

/**
 * Six-digit SMS codes for mobile sign-in, sign-up, password confirmation and mobile change
 * (docs/screens.md §2): one live code per number and purpose, 2-minute expiry, 5 wrong tries, a resend
 * after 60 s and at most 5 sends an hour per number and per IP.
 */
export function createSmsCodeService(options: SmsCodeServiceOptions) {
  const { db, sms, limiter } = options;
  const clock = options.clock ?? systemClock;
  const key = deriveKey(options.appKey, 'one-time-codes');
  // The number and purpose are in the MAC, so a code for sign-in never opens a mobile change.
  const hashCode = (mobile: string, purpose: SmsCodePurpose, code: string) =>
    hmacHex(key, `${purpose}:${mobile}:${code}`);

  async function state(mobile: string, purpose: SmsCodePurpose): Promise<CodeState | null> {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)));
    if (!row || row.consumedAt) return null;
    const now = clock().getTime();
    return {
      expiresIn: Math.max(0, Math.ceil((row.expiresAt.getTime() - now) / 1000)),
      resendIn: Math.max(0, Math.ceil((row.sentAt.getTime() + SMS_CODE_RULES.resendIn * 1000 - now) / 1000)),
    };
  }

  async function send(input: {
    mobile: string;
    purpose: SmsCodePurpose;
    ip?: string | null | undefined;
  }): Promise<SendCodeOutcome> {
    const { mobile, purpose } = input;
    const pending = await state(mobile, purpose);
    if (pending && pending.resendIn > 0) {
      return { status: 'too_soon', resendIn: pending.resendIn, message: MESSAGES.tooSoon(pending.resendIn) };
    }
    // Each counter counts codes actually sent. A place is taken in both before sending (so
    // concurrent requests are counted as they come) and given back when no code goes out: a number
    // must not be locked out by sends its IP was refused, or by races and gateway failures.
    const taken: string[] = [];
    const reserve = async (counter: string) => {
      taken.push(counter);
      return limiter.hit(counter, SMS_CODE_RULES.sendsPerHour, 3600);
    };
    const giveBack = () => Promise.all(taken.map((counter) => limiter.release(counter)));
    // The IP first: a send its IP may not make never touches the number's counter.
    const byIp = input.ip ? await reserve(`sms-code:ip:${input.ip}`) : undefined;
    const byNumber = byIp?.allowed === false ? undefined : await reserve(`sms-code:mobile:${mobile}`);
    const refused = [byIp, byNumber].filter((r) => r !== undefined && !r.allowed);
    if (refused.length > 0) {
      await giveBack();
      const retryAfter = Math.max(...refused.map((r) => r!.retryAfter));
      return { status: 'rate_limited', retryAfter, message: MESSAGES.limited(retryAfter) };
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = hashCode(mobile, purpose, code);
    const now = clock();
    const values = {
      codeHash,
      attempts: 0,
      ipAddress: input.ip ?? null,
      sentAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_RULES.expiresIn * 1000),
      consumedAt: null,
    };
    // The resend rule is checked again inside the write, so two racing requests send one code.
    const written = await db
      .insert(smsCodes)
      .values({ mobile, purpose, ...values })
      .onConflictDoUpdate({
        target: [smsCodes.mobile, smsCodes.purpose],
        set: values,
        setWhere: or(
          lte(smsCodes.sentAt, new Date(now.getTime() - SMS_CODE_RULES.resendIn * 1000)),
          isNotNull(smsCodes.consumedAt),
        ),
      })
      .returning({ id: smsCodes.id });
    if (written.length === 0) {
      await giveBack();
      const again = await state(mobile, purpose);
      const resendIn = again?.resendIn || SMS_CODE_RULES.resendIn;
      return { status: 'too_soon', resendIn, message: MESSAGES.tooSoon(resendIn) };
    }

    try {
      await sms.send({ to: mobile, text: codeText(code, options.appHost), code });
    } catch (error) {
      // Undelivered: forget the code so the person can ask again at once instead of waiting.
      await db.delete(smsCodes).where(and(eq(smsCodes.id, written[0]!.id), eq(smsCodes.codeHash, codeHash)));
      await giveBack();
      throw error;
    }
    const mobileMasked = maskMobile(mobile);
    return {
      status: 'sent',
      mobileMasked,
      expiresIn: SMS_CODE_RULES.expiresIn,
      resendIn: SMS_CODE_RULES.resendIn,
      message: MESSAGES.sent(maskedMobileInText(mobile)),
    };
  }

  async function verify(input: {
    mobile: string;
    purpose: SmsCodePurpose;
    code: string;
  }): Promise<VerifyCodeOutcome> {
    const typed = toLatinDigits(String(input.code)).replace(/\s/g, '');
    return db.transaction(async (tx) => {
      // The row lock makes the try counter exact under concurrent guesses.
      const [row] = await tx
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.purpose, input.purpose)))
        .for('update');
      const now = clock();
      if (!row || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) {
        return { status: 'expired', message: MESSAGES.expired } as const;
      }
      if (row.attempts >= SMS_CODE_RULES.maxAttempts)
        return { status: 'locked', message: MESSAGES.locked } as const;

      const expected = Buffer.from(row.codeHash, 'hex');
      const actual = Buffer.from(
        hashCode(input.mobile, input.purpose, /^\d{6}$/.test(typed) ? typed : ''),
        'hex',
      );
      if (timingSafeEqual(actual, expected)) {
        await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id));
        return { status: 'valid' } as const;
      }
      const attempts = row.attempts + 1;
      await tx.update(smsCodes).set({ attempts }).where(eq(smsCodes.id, row.id));
      if (attempts >= SMS_CODE_RULES.maxAttempts)
        return { status: 'locked', message: MESSAGES.locked } as const;
      const remainingAttempts = SMS_CODE_RULES.maxAttempts - attempts;
      return { status: 'invalid', remainingAttempts, message: MESSAGES.invalid(remainingAttempts) } as const;
    });
  }

  return { send, verify, state };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

/** The SMS text; the last line follows the WebOTP format so browsers can fill the code in. */
export function codeText(code: string, appHost?: string): string {
  const lines = [
    'رندر فارم ابری',
    `کد تأیید شما: ${code}`,
    `این کد تا ${faNumber(SMS_CODE_RULES.expiresIn / 60)} دقیقه معتبر است؛ آن را به کسی ندهید.`,
  ];
  if (appHost) lines.push('', `@${appHost} #${code}`);
  return lines.join('\n');
}
