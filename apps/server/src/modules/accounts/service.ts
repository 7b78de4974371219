import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { normalizeEmail } from '../../lib/email-address';
import { maskedMobileInText, parseMobile } from '../../lib/mobile';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limit';
import { type RequestContext, recordActivity } from '../activity';
import { AuthError, assertPasswordAllowed, forgetPasswordReset, revokeRememberTokens } from '../auth';
import { endUserSessions } from '../sessions';
import {
  findActiveUserByEmail,
  findActiveUserById,
  findActiveUserByMobile,
  findUser,
  insertUser as insertUserRow,
  lockUser,
  type NewUser,
  type User,
  updateUser,
} from '../users';
import { tellOldContact } from './contact-change-notice';
import { balanceBlocker, type DeleteBlocker, type DeleteBlockerCheck } from './delete-blockers';
import { personalAccessTokens, twoFactorUsedSteps } from './tables';

export interface AccountServiceOptions {
  db: Database;
  limiter: RateLimiter;
  clock?: Clock;
  deleteBlockers?: DeleteBlockerCheck[];
}

export type LoginOutcome =
  | { status: 'ok'; user: User; twoFactorRequired: boolean }
  | { status: 'failed'; message: string }
  | { status: 'throttled'; retryAfter: number; message: string };

/** Per account and per IP, as Fortify does: enough for typos, too few for guessing. */
export const LOGIN_LIMITS = { perAccount: 5, perIp: 20, windowSeconds: 60 } as const;

const FAILED = 'ایمیل، موبایل یا رمز عبور درست نیست.';
const DELETED_NAME = 'کاربر حذف‌شده';

// A real scrypt hash of a random string: unknown accounts cost the same time as known ones.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
};

/** The login field as one counter key: a mobile in its stored form, anything else lower-cased. */
function loginSpelling(identifier: string): string {
  if (identifier.includes('@')) return normalizeEmail(identifier);
  const mobile = parseMobile(identifier);
  return mobile.ok ? mobile.mobile : identifier.trim().toLowerCase();
}

/** E-mail addresses are stored and compared trimmed and lower-cased. */

/**
 * Accounts: creating customers, finding them, checking a password sign-in, and deleting an
 * account (refused while something is owed or running, then anonymised and soft-deleted).
 */
export function createAccountService(options: AccountServiceOptions) {
  const { db, limiter } = options;
  const clock = options.clock ?? systemClock;
  // The app hands in every module's reasons (modules/index.ts); alone, accounts knows its own.
  const blockers = options.deleteBlockers ?? [balanceBlocker];

  async function insertUser(values: NewUser): Promise<User> {
    try {
      return await insertUserRow(db, values);
    } catch (error) {
      // A unique violation (23505), whichever driver wrapped it.
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') {
        // The unique index names the column taken, so the form can show the message beside it.
        const constraint =
          (error as { constraint?: string }).constraint ??
          (error as { cause?: { constraint?: string } }).cause?.constraint ??
          '';
        throw new AuthError(
          'RF_AUTH_ACCOUNT_EXISTS',
          'حسابی با این ایمیل یا شماره موبایل از پیش وجود دارد.',
          {
            field: constraint.includes('mobile') ? 'mobile' : 'email',
          },
        );
      }
      throw error;
    }
  }

  async function findByEmail(email: string): Promise<User | null> {
    return (await findActiveUserByEmail(db, normalizeEmail(email))) ?? null;
  }

  async function findByMobile(mobile: string): Promise<User | null> {
    const parsed = parseMobile(mobile);
    if (!parsed.ok) return null;
    return (await findActiveUserByMobile(db, parsed.mobile)) ?? null;
  }

  async function deleteBlockers(user: User): Promise<DeleteBlocker[]> {
    const found = await Promise.all(blockers.map((check) => check(user, db)));
    return found.filter((b): b is DeleteBlocker => b !== null);
  }

  return {
    findByEmail,
    findByMobile,
    deleteBlockers,

    async findById(id: number): Promise<User | null> {
      return (await findActiveUserById(db, id)) ?? null;
    },

    /** Login accepts an e-mail or a mobile number in one field. */
    async findByLogin(identifier: string): Promise<User | null> {
      return identifier.includes('@') ? findByEmail(identifier) : findByMobile(identifier);
    },

    /** Auth/Register: a customer with an e-mail (to verify) and a password that passes the rules. */
    async createWithPassword(
      input: { name: string; email: string; mobile?: string | undefined; password: string },
      context: RequestContext = {},
    ): Promise<User> {
      const email = normalizeEmail(input.email);
      let mobile: string | undefined;
      if (input.mobile) {
        const parsed = parseMobile(input.mobile);
        if (!parsed.ok) throw new AuthError('RF_AUTH_MOBILE_INVALID', parsed.message);
        mobile = parsed.mobile;
      }
      assertPasswordAllowed(input.password, { email, mobile });
      const user = await insertUser({
        name: input.name.trim(),
        email,
        mobile,
        passwordHash: await hashPassword(input.password),
        role: 'customer',
      });
      await recordActivity(db, {
        event: 'auth:registered',
        actorId: user.id,
        properties: { via: 'email' },
        ...context,
      });
      return user;
    },

    /** Users/Auth/Signup: a customer whose mobile was just verified by an SMS code. */
    async createFromVerifiedMobile(
      input: { name: string; mobile: string; email?: string | undefined },
      context: RequestContext = {},
    ): Promise<User> {
      const parsed = parseMobile(input.mobile);
      if (!parsed.ok) throw new AuthError('RF_AUTH_MOBILE_INVALID', parsed.message);
      const user = await insertUser({
        name: input.name.trim(),
        mobile: parsed.mobile,
        email: input.email ? normalizeEmail(input.email) : null,
        mobileVerifiedAt: clock(),
        role: 'customer',
      });
      await recordActivity(db, {
        event: 'auth:registered',
        actorId: user.id,
        properties: { via: 'mobile' },
        ...context,
      });
      return user;
    },

    /**
     * `login.store`: checks an e-mail or mobile and password under the per-account and per-IP
     * limits. Unknown accounts, accounts without a password and wrong passwords get the same
     * answer after the same scrypt work, so neither the message nor the time tells them apart.
     */
    async attemptLogin(
      input: { identifier: string; password: string } & RequestContext,
    ): Promise<LoginOutcome> {
      const identifier = String(input.identifier ?? '').slice(0, 255);
      const user = identifier.includes('@') ? await findByEmail(identifier) : await findByMobile(identifier);
      // One counter per account however the identifier was written (+98…, Persian digits, the
      // e-mail instead of the mobile); an unknown one is counted by its normalised spelling.
      const accountKey = `login:account:${user ? `user:${user.id}` : loginSpelling(identifier)}`;
      const ipKey = `login:ip:${input.ip ?? 'unknown'}`;
      // The attempt takes its place in both counters before the password is hashed, so a burst
      // of simultaneous tries is counted as it arrives, not after every hash has already run.
      // The IP first: an attempt its IP may not make does not count against the account.
      const byIp = await limiter.hit(ipKey, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
      const byAccount = byIp.allowed
        ? await limiter.hit(accountKey, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowSeconds)
        : byIp;
      if (!byAccount.allowed || !byIp.allowed) {
        const retryAfter = Math.max(byAccount.retryAfter, byIp.retryAfter);
        return {
          status: 'throttled',
          retryAfter,
          message: `تلاش‌های ورود بیش از حد مجاز بوده است؛ ${new Intl.NumberFormat('fa-IR').format(retryAfter)} ثانیه دیگر دوباره تلاش کنید.`,
        };
      }
      const password = String(input.password ?? '').slice(0, 1024);
      const matches = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
      if (!user?.passwordHash || !matches) {
        await recordActivity(db, {
          event: 'auth:failed',
          actorId: user?.id ?? null,
          properties: { identifier: identifier.slice(0, 100) },
          ip: input.ip,
          userAgent: input.userAgent,
        });
        return { status: 'failed', message: FAILED };
      }
      // A right password clears the account's failures and gives the IP its place back: the limit
      // is on guessing, not on people behind one address signing in.
      await Promise.all([limiter.reset(accountKey), limiter.release(ipKey)]);
      const twoFactorRequired = user.twoFactorConfirmedAt !== null;
      // With 2FA on, the sign-in is complete only after the challenge; that step logs auth:login.
      if (!twoFactorRequired) {
        await recordActivity(db, {
          event: 'auth:login',
          actorId: user.id,
          properties: { via: 'password' },
          ip: input.ip,
          userAgent: input.userAgent,
        });
      }
      return { status: 'ok', user, twoFactorRequired };
    },

    /**
     * The account's new mobile number, proven by an SMS code: verified from now on, and the old
     * verified number told. Another account taking it in the meantime is refused on `mobile`
     * (the unique index decides).
     */
    async changeMobile(userId: number, mobile: string, context: RequestContext = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockUser(tx, userId);
        try {
          await updateUser(tx, userId, { mobile, mobileVerifiedAt: clock() });
        } catch (error) {
          const code =
            (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
          if (code === '23505') {
            throw new AuthError('RF_AUTH_ACCOUNT_EXISTS', 'این شماره برای حساب دیگری ثبت شده است.', {
              field: 'mobile',
            });
          }
          throw error;
        }
        if (before?.mobile && before.mobileVerifiedAt && before.mobile !== mobile) {
          await tellOldContact(tx, { kind: 'mobile', to: before.mobile, now: maskedMobileInText(mobile) });
        }
        await recordActivity(tx, {
          event: 'account:mobile.changed',
          actorId: userId,
          subject: { type: 'user', id: userId },
          ...context,
        });
      });
    },

    /**
     * Sets a new password (rules checked) and ends every session of the user except
     * `keepSessionId`, and every remember-me token except this browser's `keepRememberTokenId`.
     */
    async changePassword(
      userId: number,
      password: string,
      options: { keepSessionId?: string; keepRememberTokenId?: number | null } & RequestContext = {},
    ) {
      const user = await findUser(db, userId);
      if (!user) throw new AuthError('RF_AUTH_ACCOUNT_NOT_FOUND', 'حساب کاربری پیدا نشد.');
      assertPasswordAllowed(password, { email: user.email, mobile: user.mobile });
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash });
        await endUserSessions(tx, userId, options.keepSessionId);
        await revokeRememberTokens(tx, userId, options.keepRememberTokenId);
        await recordActivity(tx, {
          event: 'auth:password.changed',
          actorId: userId,
          ip: options.ip,
          userAgent: options.userAgent,
        });
      });
    },

    /**
     * `current-user.destroy`: refused with every reason while something blocks it; otherwise the
     * personal data is wiped, sessions and tokens end, and the row stays (soft delete) so the
     * ledger and invoices still point at an account.
     */
    async deleteAccount(userId: number, context: RequestContext = {}): Promise<void> {
      const user = await findActiveUserById(db, userId);
      if (!user) throw new AuthError('RF_AUTH_ACCOUNT_NOT_FOUND', 'حساب کاربری پیدا نشد.');
      const reasons = await deleteBlockers(user);
      if (reasons.length > 0) {
        throw new AuthError('RF_AUTH_ACCOUNT_DELETE_BLOCKED', reasons.map((r) => r.message).join(' '), {
          blockers: reasons,
        });
      }
      const now = clock();
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, {
          name: DELETED_NAME,
          // The schema requires a contact; `.invalid` (RFC 2606) can never receive mail.
          email: `deleted-${user.uuid}@deleted.invalid`,
          mobile: null,
          passwordHash: null,
          twoFactorSecret: null,
          twoFactorRecoveryCodes: null,
          twoFactorConfirmedAt: null,
          photoPath: null,
          emailVerifiedAt: null,
          mobileVerifiedAt: null,
          deletedAt: now,
        });
        await endUserSessions(tx, userId);
        await revokeRememberTokens(tx, userId);
        await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
        await forgetPasswordReset(tx, userId);
        await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
        await recordActivity(tx, {
          event: 'account:deleted',
          actorId: userId,
          subject: { type: 'user', id: userId },
          ...context,
        });
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
