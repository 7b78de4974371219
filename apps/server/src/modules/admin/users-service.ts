import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { hashPassword } from '../../lib/password';
import { faToman } from '../../lib/persian';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import { enqueue } from '../../platform/jobs';
import type { RequestContext } from '../activity';
import { recordStaffAction } from '../activity';
import { assertPasswordAllowed, revokeRememberTokens } from '../auth';
import { postLedgerEntry } from '../billing';
import type { InstanceService } from '../instances';
import { ownedInstanceIds, stopMachines } from '../instances';
import { endUserSessions } from '../sessions';
import {
  emailTakenByAnother,
  findActiveUserByEmail,
  findActiveUserById,
  findActiveUserByMobile,
  insertUser,
  lockUser,
  mobileTakenByAnother,
  otherActiveAdmins,
  type User,
  type UserListFilter,
  type UserRole,
  updateUser,
  userListPage,
} from '../users';
import type { AdminUserDetail, AdminUserRow } from './contracts';
import { AdminRefusedError, AdminUserNotFoundError } from './errors';
import { WELCOME_SMS_JOB } from './welcome-sms-job';

export const USERS_PER_PAGE = 25;

export interface UserMakeInput {
  name: string;
  mobile?: string | undefined;
  email?: string | undefined;
  role: UserRole;
  password?: string | undefined;
  welcome_sms: boolean;
}

export interface UserUpdateInput {
  name: string;
  mobile?: string | undefined;
  email?: string | undefined;
  role: UserRole;
}

export const row = (user: User): AdminUserRow => ({
  id: user.id,
  name: user.name,
  email: user.email,
  mobile: user.mobile,
  role: user.role,
  kyc_status: user.kycStatus,
  suspended: user.status === 'suspended',
  balance: user.balance,
  created_at: user.createdAt.toISOString(),
});

export const detail = (user: User): AdminUserDetail => ({
  ...row(user),
  email_verified: user.emailVerifiedAt !== null,
  mobile_verified: user.mobileVerifiedAt !== null,
  two_factor: user.twoFactorConfirmedAt !== null,
  has_password: user.passwordHash !== null,
  suspended_reason: user.suspendedReason,
  suspended_at: user.suspendedAt?.toISOString() ?? null,
  updated_at: user.updatedAt.toISOString(),
});

/** A unique index said no (another account took the address in the meantime). */
function isUniqueViolation(error: unknown, column: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint ?? '';
  return code === '23505' && constraint.includes(column);
}

const TAKEN = {
  email: () => new AdminRefusedError('RF_ADMIN_EMAIL_TAKEN', 'این ایمیل را حساب دیگری دارد.', 'email'),
  mobile: () =>
    new AdminRefusedError('RF_ADMIN_MOBILE_TAKEN', 'این شماره موبایل را حساب دیگری دارد.', 'mobile'),
};

/**
 * Accounts as admins manage them (Admin/Users, docs/screens.md §6): the list, a new account with a
 * welcome SMS, profile and role (a role change ends the account's sessions, so its next page
 * carries the new role's routes), suspension (machines stopped, sessions ended, the reason shown
 * to the owner), balance adjustments (one ledger line per form, whatever the clicks) and a 2FA
 * reset. Every change is an activity entry with the admin as actor, for Admin/Audit.
 */
export function createAdminUsers(options: {
  db: Database;
  broadcaster: Broadcaster;
  instances: () => InstanceService;
  twoFactorDisable: (userId: number) => Promise<void>;
  onPublishError?: (error: unknown) => void;
}) {
  const { db, broadcaster } = options;
  const transaction = <T>(work: Parameters<typeof transactionWithBroadcasts<T>>[2]) =>
    transactionWithBroadcasts(db, broadcaster, work, options.onPublishError);

  async function find(id: number): Promise<User> {
    const user = await findActiveUserById(db, id);
    if (!user) throw new AdminUserNotFoundError();
    return user;
  }

  async function assertContactsFree(
    id: number,
    input: { email?: string | undefined; mobile?: string | undefined },
  ) {
    if (input.email && (await emailTakenByAnother(db, input.email.toLowerCase(), id))) throw TAKEN.email();
    if (input.mobile && (await mobileTakenByAnother(db, input.mobile, id))) throw TAKEN.mobile();
  }

  function rethrowTaken(error: unknown): never {
    if (isUniqueViolation(error, 'email')) throw TAKEN.email();
    if (isUniqueViolation(error, 'mobile')) throw TAKEN.mobile();
    throw error;
  }

  return {
    find,

    async list(filter: UserListFilter, page: number) {
      const { rows, total } = await userListPage(db, filter, { page, perPage: USERS_PER_PAGE });
      return {
        data: rows.map(row),
        meta: {
          current_page: page,
          last_page: Math.max(1, Math.ceil(total / USERS_PER_PAGE)),
          per_page: USERS_PER_PAGE,
          total,
        },
      };
    },

    async make(actorId: number, input: UserMakeInput, context: RequestContext = {}): Promise<User> {
      if (input.email && (await findActiveUserByEmail(db, input.email))) throw TAKEN.email();
      if (input.mobile && (await findActiveUserByMobile(db, input.mobile))) throw TAKEN.mobile();
      let passwordHash: string | null = null;
      if (input.password) {
        assertPasswordAllowed(input.password, { email: input.email ?? null, mobile: input.mobile ?? null });
        passwordHash = await hashPassword(input.password);
      }
      try {
        return await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            name: input.name,
            email: input.email ?? null,
            mobile: input.mobile ?? null,
            role: input.role,
            passwordHash,
          });
          await recordStaffAction(tx, {
            event: 'admin:user.created',
            actor: { actorId, ...context },
            subject: { type: 'user', id: user.id },
            summary: `حساب «${user.name}» ساخته شد${input.welcome_sms && input.mobile ? ' و پیامک خوش‌آمد فرستاده می‌شود' : ''}.`,
            before: null,
            after: {
              name: user.name,
              email: user.email,
              mobile: user.mobile,
              role: user.role,
              passwordHash: user.passwordHash,
            },
            properties: { role: input.role, welcome_sms: Boolean(input.welcome_sms && input.mobile) },
          });
          // Through the SMS provider by a job: sent once the account exists, retried if the carrier is away.
          if (input.welcome_sms && input.mobile) {
            await enqueue(tx, WELCOME_SMS_JOB, { userId: user.id }, { maxAttempts: 5 });
          }
          return user;
        });
      } catch (error) {
        rethrowTaken(error);
      }
    },

    async update(actorId: number, id: number, input: UserUpdateInput, context: RequestContext = {}) {
      const before = await find(id);
      if (input.role !== before.role) {
        if (id === actorId) {
          throw new AdminRefusedError(
            'RF_ADMIN_OWN_ROLE',
            'نقش حساب خودتان را نمی‌توانید تغییر دهید.',
            'role',
          );
        }
        if (before.role === 'admin' && (await otherActiveAdmins(db, id)) === 0) {
          throw new AdminRefusedError(
            'RF_ADMIN_LAST_ADMIN',
            'این تنها مدیر فعال سامانه است؛ نخست مدیر دیگری تعیین کنید.',
            'role',
          );
        }
      }
      await assertContactsFree(id, input);
      const email = input.email ?? null;
      const mobile = input.mobile ?? null;
      const changed = [
        ...(input.name !== before.name ? ['name'] : []),
        ...(email !== before.email ? ['email'] : []),
        ...(mobile !== before.mobile ? ['mobile'] : []),
      ];
      const roleChanged = input.role !== before.role;
      if (changed.length === 0 && !roleChanged) return before;
      try {
        return await db.transaction(async (tx) => {
          const user = await updateUser(tx, id, {
            name: input.name,
            email,
            mobile,
            role: input.role,
            // A new address is not proven by its owner yet.
            ...(email !== before.email ? { emailVerifiedAt: null } : {}),
            ...(mobile !== before.mobile ? { mobileVerifiedAt: null } : {}),
          });
          // Rotated: the next request signs in again and gets the new role's route list.
          if (roleChanged) await endUserSessions(tx, id);
          // One entry for one save: the role change, when there is one, names the entry.
          const pick = (u: User) => ({ name: u.name, email: u.email, mobile: u.mobile, role: u.role });
          await recordStaffAction(tx, {
            event: roleChanged ? 'admin:user.role_changed' : 'admin:user.updated',
            actor: { actorId, ...context },
            subject: { type: 'user', id },
            summary: roleChanged ? `نقش «${user!.name}» تغییر کرد.` : `مشخصات «${user!.name}» ویرایش شد.`,
            before: pick(before),
            after: pick(user!),
            properties: {
              ...(changed.length > 0 ? { fields: changed } : {}),
              ...(roleChanged ? { from: before.role, to: input.role } : {}),
            },
          });
          return user!;
        });
      } catch (error) {
        rethrowTaken(error);
      }
    },

    /**
     * One `adjustment` line through the wallet (postLedgerEntry: row lock, balance = ledger). The
     * key comes from the form, so a second submit of the same form finds the first line and moves
     * nothing. A debit may not take the balance below zero.
     */
    async adjustBalance(
      actorId: number,
      id: number,
      input: { amount: number; reason: string; idempotency_key: string },
      context: RequestContext = {},
    ) {
      await find(id);
      try {
        return await transaction(async (tx, broadcast) => {
          const owner = await lockUser(tx, id);
          if (!owner) throw new AdminUserNotFoundError();
          const { entry, duplicate } = await postLedgerEntry(
            tx,
            {
              userId: id,
              type: 'adjustment',
              amount: input.amount,
              description: input.reason,
              idempotencyKey: `adjustment:${id}:${input.idempotency_key}`,
              reference: `admin:${actorId}`,
            },
            broadcast,
          );
          if (!duplicate) {
            await recordStaffAction(tx, {
              event: 'admin:balance.adjusted',
              actor: { actorId, ...context },
              subject: { type: 'user', id },
              summary: `موجودی کیف پول «${owner.name}» ${faToman(Math.abs(input.amount))} ${
                input.amount > 0 ? 'افزایش' : 'کاهش'
              } یافت؛ دلیل: ${input.reason}`,
              before: { balance: entry.balanceAfter - input.amount },
              after: { balance: entry.balanceAfter },
              properties: {
                amount: input.amount,
                reason: input.reason,
                balance_after: entry.balanceAfter,
                ledger_id: entry.id,
              },
            });
          }
          return { entry, duplicate };
        });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'RF_WALLET_INSUFFICIENT_BALANCE') {
          const user = await find(id);
          throw new AdminRefusedError(
            'RF_ADMIN_DEBIT_BEYOND_BALANCE',
            `کاهش بیش از موجودی است؛ موجودی این حساب ${faToman(Math.max(0, user.balance))} است.`,
            'amount',
          );
        }
        throw error;
      }
    },

    /**
     * Suspends (the reason kept for the owner to read at sign-in, every session and remembered
     * browser ended, then each running machine stopped through the owner's power path with the
     * reason), or lifts a suspension.
     */
    async suspend(
      actorId: number,
      id: number,
      input: { suspended: boolean; reason: string },
      context: RequestContext = {},
    ) {
      const user = await find(id);
      if (input.suspended) {
        if (id === actorId) {
          throw new AdminRefusedError(
            'RF_ADMIN_SUSPEND_SELF',
            'حساب خودتان را نمی‌توانید معلق کنید.',
            'reason',
          );
        }
        if (user.role === 'admin' && (await otherActiveAdmins(db, id)) === 0) {
          throw new AdminRefusedError(
            'RF_ADMIN_LAST_ADMIN',
            'این تنها مدیر فعال سامانه است و معلق نمی‌شود.',
            'reason',
          );
        }
      }
      if (input.suspended === (user.status === 'suspended') && !input.suspended) return { stopped: 0 };
      await db.transaction(async (tx) => {
        const after = await updateUser(tx, id, {
          status: input.suspended ? 'suspended' : 'active',
          suspendedReason: input.suspended ? input.reason : null,
          suspendedAt: input.suspended ? new Date() : null,
        });
        if (input.suspended) {
          await endUserSessions(tx, id);
          await revokeRememberTokens(tx, id);
        }
        const pick = (u: Pick<User, 'status' | 'suspendedReason'>) => ({
          status: u.status,
          suspendedReason: u.suspendedReason,
        });
        await recordStaffAction(tx, {
          event: input.suspended ? 'admin:user.suspended' : 'admin:user.unsuspended',
          actor: { actorId, ...context },
          subject: { type: 'user', id },
          summary: input.suspended
            ? `حساب «${user.name}» معلق شد؛ دلیل: ${input.reason}`
            : `تعلیق حساب «${user.name}» برداشته شد.`,
          before: pick(user),
          after: pick(after ?? { status: input.suspended ? 'suspended' : 'active', suspendedReason: null }),
          properties: input.suspended ? { reason: input.reason } : {},
        });
      });
      if (!input.suspended) return { stopped: 0 };
      const { stopping } = await stopMachines(
        db,
        options.instances().requestPower,
        await ownedInstanceIds(db, id),
        {
          actorId,
          via: 'admin',
          staff: { reason: `تعلیق حساب: ${input.reason}` },
          ip: context.ip ?? null,
          userAgent: context.userAgent ?? null,
        },
      );
      return { stopped: stopping };
    },

    async resetTwoFactor(actorId: number, id: number, context: RequestContext = {}) {
      const user = await find(id);
      if (!user.twoFactorConfirmedAt && !user.twoFactorSecret) {
        throw new AdminRefusedError(
          'RF_ADMIN_TWO_FACTOR_OFF',
          'ورود دومرحله‌ای این حساب فعال نیست.',
          'two_factor',
        );
      }
      await options.twoFactorDisable(id);
      await recordStaffAction(db, {
        event: 'admin:user.two_factor_reset',
        actor: { actorId, ...context },
        subject: { type: 'user', id },
        summary: `ورود دومرحله‌ای «${user.name}» برداشته شد؛ او باید دوباره فعالش کند.`,
        before: { twoFactorConfirmedAt: user.twoFactorConfirmedAt },
        after: { twoFactorConfirmedAt: null },
      });
    },

    /** A key for one adjustment form (the page renders it; the form sends it back). */
    newAdjustmentKey: () => randomUUID(),
  };
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;
