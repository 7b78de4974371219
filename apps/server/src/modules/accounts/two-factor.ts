import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { toLatinDigits } from '../../lib/digits';
import { decryptString, encryptString } from '../../lib/encryption';
import { type RequestContext, recordActivity } from '../activity';
import { AuthError, generateTotpSecret, otpauthUrl, verifyTotp } from '../auth';
import { findUser, lockUser, type User, updateUser } from '../users';
import {
  findRecoveryCode,
  generateRecoveryCode,
  hashRecoveryCode,
  RECOVERY_CODE_COUNT,
} from './recovery-codes';
import { twoFactorUsedSteps } from './tables';

export interface TwoFactorServiceOptions {
  db: Database;
  appKey: string;
  clock?: Clock;
  /** The name authenticator apps show above the code. */
  issuer?: string;
}

export type TwoFactorChallengeOutcome =
  | { ok: true; method: 'totp' | 'recovery_code'; remainingRecoveryCodes: number }
  | { ok: false; message: string };

const MESSAGES = {
  codeInvalid: 'کد ورود دومرحله‌ای درست نیست.',
  // The code was right but already spent (one sign-in per 30-second step): not «wrong», just wait.
  codeReused:
    'این کد یک بار به کار رفته است؛ چند ثانیه صبر کنید تا برنامهٔ احراز هویت کد تازه‌ای نشان دهد و آن را وارد کنید.',
  recoveryInvalid: 'کد بازیابی درست نیست یا پیش‌تر استفاده شده است.',
  notEnabled: 'ورود دومرحله‌ای برای این حساب فعال نیست.',
  alreadyConfirmed: 'ورود دومرحله‌ای از پیش فعال است؛ برای ساختن کلید تازه، نخست آن را غیرفعال کنید.',
  staff: 'برای حساب‌های کارکنان، ورود دومرحله‌ای الزامی است و غیرفعال نمی‌شود.',
};

/**
 * Two-factor authentication with an authenticator app (Profile/Show's 2FA form and the
 * TwoFactorChallenge page): enable → QR code → confirm with a code → recovery codes, regenerate,
 * disable. The secret is stored encrypted with APP_KEY; recovery codes only as SHA-256 hashes,
 * so they can be shown once, when they are made.
 */
export function createTwoFactorService(options: TwoFactorServiceOptions) {
  const { db, appKey } = options;
  const clock = options.clock ?? systemClock;
  const issuer = options.issuer ?? 'رندر فارم ابری';

  async function load(userId: number): Promise<User> {
    const user = await findUser(db, userId);
    if (!user) throw new AuthError('RF_AUTH_ACCOUNT_NOT_FOUND', 'حساب کاربری پیدا نشد.');
    return user;
  }

  function secretOf(user: User): string {
    if (!user.twoFactorSecret) throw new AuthError('RF_AUTH_TWO_FACTOR_NOT_ENABLED', MESSAGES.notEnabled);
    return decryptString(appKey, user.twoFactorSecret);
  }

  function newRecoveryCodes() {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
    return { codes, stored: JSON.stringify(codes.map(hashRecoveryCode)) };
  }

  /**
   * Checks a TOTP code and marks its step used in one statement: the upsert only moves forward,
   * so the same code (or an older one) is refused the second time, even by two racing requests.
   */
  async function acceptTotp(
    userId: number,
    secret: string,
    code: string,
  ): Promise<'ok' | 'invalid' | 'reused'> {
    const now = clock();
    const step = verifyTotp(secret, toLatinDigits(code).replace(/\s/g, ''), now);
    if (step === null) return 'invalid';
    const claimed = await db
      .insert(twoFactorUsedSteps)
      .values({ userId, step, usedAt: now })
      .onConflictDoUpdate({
        target: twoFactorUsedSteps.userId,
        set: { step, usedAt: now },
        setWhere: sql`${twoFactorUsedSteps.step} < ${step}`,
      })
      .returning({ step: twoFactorUsedSteps.step });
    return claimed.length === 1 ? 'ok' : 'reused';
  }

  return {
    /** Starts setup: a new, unconfirmed secret (2FA is not on until `confirm`). */
    async enable(userId: number): Promise<{ secret: string; url: string; svg: string }> {
      const user = await load(userId);
      if (user.twoFactorConfirmedAt) {
        throw new AuthError('RF_AUTH_TWO_FACTOR_ALREADY_CONFIRMED', MESSAGES.alreadyConfirmed);
      }
      const secret = generateTotpSecret();
      await updateUser(db, userId, {
        twoFactorSecret: encryptString(appKey, secret),
        twoFactorRecoveryCodes: null,
        twoFactorConfirmedAt: null,
        updatedAt: clock(),
      });
      await db.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
      const url = otpauthUrl({ issuer, account: user.email ?? user.mobile ?? String(user.uuid), secret });
      return { secret, url, svg: await qrSvg(url) };
    },

    /** `two-factor.qr-code`: the QR code of the pending or active secret. */
    async qrCode(userId: number): Promise<{ svg: string; url: string }> {
      const user = await load(userId);
      const url = otpauthUrl({
        issuer,
        account: user.email ?? user.mobile ?? String(user.uuid),
        secret: secretOf(user),
      });
      return { svg: await qrSvg(url), url };
    },

    /** `two-factor.secret-key`: for typing the key in by hand. */
    async secretKey(userId: number): Promise<string> {
      return secretOf(await load(userId));
    },

    /** Turns 2FA on with a first code; returns the 8 recovery codes, which are never shown again. */
    async confirm(
      userId: number,
      code: string,
      context: RequestContext = {},
    ): Promise<{ recoveryCodes: string[] }> {
      const user = await load(userId);
      if (user.twoFactorConfirmedAt) {
        throw new AuthError('RF_AUTH_TWO_FACTOR_ALREADY_CONFIRMED', MESSAGES.alreadyConfirmed);
      }
      const accepted = await acceptTotp(userId, secretOf(user), code);
      if (accepted !== 'ok') {
        throw new AuthError(
          'RF_AUTH_TWO_FACTOR_CODE_INVALID',
          accepted === 'reused' ? MESSAGES.codeReused : MESSAGES.codeInvalid,
        );
      }
      const { codes, stored } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, {
          twoFactorConfirmedAt: clock(),
          twoFactorRecoveryCodes: stored,
          updatedAt: clock(),
        });
        await recordActivity(tx, {
          event: 'auth:2fa.enabled',
          actorId: userId,
          subject: { type: 'user', id: userId },
          ...context,
        });
      });
      return { recoveryCodes: codes };
    },

    /** New recovery codes; the old ones stop working at once. */
    async regenerateRecoveryCodes(userId: number, context: RequestContext = {}): Promise<string[]> {
      const user = await load(userId);
      if (!user.twoFactorConfirmedAt)
        throw new AuthError('RF_AUTH_TWO_FACTOR_NOT_ENABLED', MESSAGES.notEnabled);
      const { codes, stored } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { twoFactorRecoveryCodes: stored, updatedAt: clock() });
        await recordActivity(tx, {
          event: 'auth:2fa.recovery_codes.regenerated',
          actorId: userId,
          ...context,
        });
      });
      return codes;
    },

    /** How many unused recovery codes are left (the codes themselves are not kept). */
    async remainingRecoveryCodes(userId: number): Promise<number> {
      const user = await load(userId);
      return user.twoFactorRecoveryCodes ? (JSON.parse(user.twoFactorRecoveryCodes) as string[]).length : 0;
    },

    /** Turns 2FA off; refused for staff while config `staff_require_2fa` is on. */
    async disable(userId: number, policy: { staffRequire2fa?: boolean } = {}, context: RequestContext = {}) {
      const user = await load(userId);
      if (policy.staffRequire2fa && user.role !== 'customer' && user.twoFactorConfirmedAt) {
        throw new AuthError('RF_AUTH_TWO_FACTOR_REQUIRED_FOR_STAFF', MESSAGES.staff);
      }
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, {
          twoFactorSecret: null,
          twoFactorRecoveryCodes: null,
          twoFactorConfirmedAt: null,
          updatedAt: clock(),
        });
        await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
        if (user.twoFactorConfirmedAt) {
          await recordActivity(tx, { event: 'auth:2fa.disabled', actorId: userId, ...context });
        }
      });
    },

    /**
     * The sign-in challenge: a TOTP code, or a recovery code that then stops working. The route
     * rate-limits calls; a failure here is one answer whatever was wrong.
     */
    async challenge(
      userId: number,
      input: { code?: string | undefined; recoveryCode?: string | undefined },
    ): Promise<TwoFactorChallengeOutcome> {
      const user = await load(userId);
      if (!user.twoFactorConfirmedAt || !user.twoFactorSecret)
        return { ok: false, message: MESSAGES.notEnabled };
      if (input.recoveryCode) {
        return db.transaction(async (tx) => {
          // Locked, so one code cannot be spent twice by two racing requests.
          const row = await lockUser(tx, userId);
          const hashes = row?.twoFactorRecoveryCodes
            ? (JSON.parse(row.twoFactorRecoveryCodes) as string[])
            : [];
          const index = findRecoveryCode(hashes, input.recoveryCode!);
          if (index < 0) return { ok: false, message: MESSAGES.recoveryInvalid } as const;
          hashes.splice(index, 1);
          await updateUser(tx, userId, { twoFactorRecoveryCodes: JSON.stringify(hashes) });
          await recordActivity(tx, {
            event: 'auth:2fa.recovery_code.used',
            actorId: userId,
            properties: { remaining: hashes.length },
          });
          return { ok: true, method: 'recovery_code', remainingRecoveryCodes: hashes.length } as const;
        });
      }
      const accepted = input.code ? await acceptTotp(userId, secretOf(user), input.code) : 'invalid';
      if (accepted === 'reused') return { ok: false, message: MESSAGES.codeReused };
      if (accepted === 'ok') {
        const remaining = user.twoFactorRecoveryCodes
          ? (JSON.parse(user.twoFactorRecoveryCodes) as string[]).length
          : 0;
        return { ok: true, method: 'totp', remainingRecoveryCodes: remaining };
      }
      return { ok: false, message: MESSAGES.codeInvalid };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** The QR code as an inline SVG string (no image file, no extra request). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
