import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SESSION_KEYS } from '../../http/session-keys';
import { type Clock, systemClock } from '../../lib/clock';
import { endSessionsHolding } from '../sessions';
import { rememberTokens } from './tables';

/** How long "remember me" keeps a browser signed in after the password was typed. */
export const REMEMBER_DAYS = 30;
/**
 * How long the secret before a rotation still works. A page load can send several requests at
 * once with the same old cookie; the first rotates it, the others must not look like theft.
 */
export const REMEMBER_ROTATION_GRACE_SECONDS = 30;

export interface RememberSecret {
  tokenId: number;
  secret: string;
  expiresAt: Date;
}

export type RememberOutcome =
  /** `next` is the rotated secret to send back; absent when an in-grace old secret was used. */
  { status: 'ok'; userId: number; next?: RememberSecret } | { status: 'invalid' };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

function sameHash(a: string | null, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Remember-me tokens (one row per browser), stored as SHA-256 hashes so a copy of the database
 * cannot sign anyone in. Every use rotates the secret, so a stolen cookie is useful only until its
 * owner's browser next uses it, and reusing a secret after its grace period revokes the token and
 * ends the sessions made from it.
 */
export function createRememberTokenService({ db, clock = systemClock }: { db: Database; clock?: Clock }) {
  return {
    async issue(userId: number, userAgent: string | null = null): Promise<RememberSecret> {
      const now = clock();
      const secret = newSecret();
      const expiresAt = new Date(now.getTime() + REMEMBER_DAYS * 86_400_000);
      const [row] = await db
        .insert(rememberTokens)
        .values({
          userId,
          tokenHash: sha256(secret),
          userAgent: userAgent?.slice(0, 500) ?? null,
          createdAt: now,
          expiresAt,
        })
        .returning({ id: rememberTokens.id });
      return { tokenId: row!.id, secret, expiresAt };
    },

    /** Checks a cookie's token and, when it is the current secret, rotates it. */
    async consume(input: { userId: number; tokenId: number; secret: string }): Promise<RememberOutcome> {
      const now = clock();
      const [row] = await db.select().from(rememberTokens).where(eq(rememberTokens.id, input.tokenId));
      if (!row || row.userId !== input.userId) return { status: 'invalid' };
      if (row.expiresAt.getTime() <= now.getTime()) {
        await db.delete(rememberTokens).where(eq(rememberTokens.id, row.id));
        return { status: 'invalid' };
      }
      const given = sha256(input.secret);
      if (sameHash(row.tokenHash, given)) {
        const secret = newSecret();
        // Guarded by the old hash: of two requests rotating at once, only one wins.
        const [rotated] = await db
          .update(rememberTokens)
          .set({ tokenHash: sha256(secret), previousHash: given, rotatedAt: now, lastUsedAt: now })
          .where(and(eq(rememberTokens.id, row.id), eq(rememberTokens.tokenHash, given)))
          .returning({ id: rememberTokens.id });
        if (rotated) {
          return {
            status: 'ok',
            userId: row.userId,
            next: { tokenId: row.id, secret, expiresAt: row.expiresAt },
          };
        }
        // Lost the race to a parallel request: that one rotated; this one is inside the grace.
        return { status: 'ok', userId: row.userId };
      }
      if (sameHash(row.previousHash, given)) {
        const age = row.rotatedAt ? now.getTime() - row.rotatedAt.getTime() : Number.POSITIVE_INFINITY;
        if (age <= REMEMBER_ROTATION_GRACE_SECONDS * 1000) return { status: 'ok', userId: row.userId };
        // An old secret long after rotation: two browsers hold the same token, one of them a thief,
        // and there is no telling which. The token goes, and so does every session made from it
        // (the thief's among them); the owner signs in again with the password.
        await db.delete(rememberTokens).where(eq(rememberTokens.id, row.id));
        await endSessionsHolding(db, SESSION_KEYS.rememberTokenId, row.id);
      }
      return { status: 'invalid' };
    },

    async revoke(tokenId: number): Promise<void> {
      await db.delete(rememberTokens).where(eq(rememberTokens.id, tokenId));
    },

    /** Sign-out, password change or reset, "log out other browsers": every token but `exceptId`. */
    async revokeAllForUser(userId: number, options: { exceptId?: number | null } = {}): Promise<number> {
      const removed = await db
        .delete(rememberTokens)
        .where(
          options.exceptId
            ? and(eq(rememberTokens.userId, userId), ne(rememberTokens.id, options.exceptId))
            : eq(rememberTokens.userId, userId),
        )
        .returning({ id: rememberTokens.id });
      return removed.length;
    },

    async countForUser(userId: number): Promise<number> {
      const rows = await db
        .select({ id: rememberTokens.id })
        .from(rememberTokens)
        .where(eq(rememberTokens.userId, userId));
      return rows.length;
    },
  };
}

export type RememberTokenService = ReturnType<typeof createRememberTokenService>;
