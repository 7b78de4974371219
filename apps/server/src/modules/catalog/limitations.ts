import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { User } from '../users';
import { type LimitationKey, limitations } from './tables';

/** What a limit says about one user: the allowed number, or null when nothing limits it. */
export interface ResolvedLimit {
  key: LimitationKey;
  allowed: number | null;
  /** Which rule decided, for admins reading why a customer was refused. */
  scope: 'user' | 'hardware' | 'role' | 'global' | null;
}

// The most specific rule wins: a limit set on one user beats one set on a plan, then on a role, then everywhere.
const PRECEDENCE = ['user', 'hardware', 'role', 'global'] as const;

/**
 * The one place that answers "how many X may this user have" (docs/domain.md, Limitation). Pass
 * `hardwareId` for limits that may be set per plan (max_instances, max_running).
 */
export async function resolveLimit(
  db: Database,
  user: Pick<User, 'id' | 'role'>,
  key: LimitationKey,
  options: { hardwareId?: number } = {},
): Promise<ResolvedLimit> {
  const subjects = [
    and(eq(limitations.scope, 'user'), eq(limitations.subject, String(user.id))),
    and(eq(limitations.scope, 'role'), eq(limitations.subject, user.role)),
    eq(limitations.scope, 'global'),
  ];
  if (options.hardwareId !== undefined) {
    subjects.push(
      and(eq(limitations.scope, 'hardware'), eq(limitations.subject, String(options.hardwareId))),
    );
  }
  const rows = await db
    .select({ scope: limitations.scope, value: limitations.value })
    .from(limitations)
    .where(and(eq(limitations.key, key), eq(limitations.isActive, true), or(...subjects)));
  for (const scope of PRECEDENCE) {
    const row = rows.find((r) => r.scope === scope);
    if (row) return { key, allowed: row.value, scope };
  }
  return { key, allowed: null, scope: null };
}

/** True when `used` more would still be within the limit (null = unlimited). */
export function withinLimit(limit: ResolvedLimit, used: number): boolean {
  return limit.allowed === null || used < limit.allowed;
}
