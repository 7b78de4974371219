import { desc, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/contracts';
import { maskMobile } from '../../lib/mobile';
import { findActiveUserById } from './queries';
import { type User, users } from './tables';

export { findActiveUserById };

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    name: user.name,
    mobile_masked: user.mobile ? maskMobile(user.mobile) : null,
    roles: [user.role],
    balance: user.balance,
    kyc_status: user.kycStatus,
    two_factor: user.twoFactorConfirmedAt !== null,
    email_verified: user.emailVerifiedAt !== null,
  };
}

/** The newest accounts, for the admin dashboard. */
export async function latestSignups(db: Database, limit = 5) {
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, created_at: r.createdAt.toISOString() }));
}
