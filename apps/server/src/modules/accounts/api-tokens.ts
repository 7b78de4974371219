import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { rowId } from '../../lib/row-id';
import { type RequestContext, recordActivity } from '../activity';
import { AuthError } from '../auth';
import { findUser } from '../users';
import { personalAccessTokens, TOKEN_ABILITIES, type TokenAbility } from './tables';

export type { TokenAbility };

export type PersonalAccessToken = typeof personalAccessTokens.$inferSelect;

/** What API/Index lists: never the hash. */
export interface TokenSummary {
  id: number;
  name: string;
  abilities: TokenAbility[];
  lastUsedAt: Date | null;
  createdAt: Date;
}

const NAME_MAX = 100;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function checkAbilities(abilities: unknown): TokenAbility[] {
  if (!Array.isArray(abilities) || abilities.length === 0) {
    throw new AuthError('RF_AUTH_TOKEN_ABILITY_INVALID', 'دست‌کم یک دسترسی برای توکن برگزینید.');
  }
  const unknown = abilities.filter((a) => !TOKEN_ABILITIES.includes(a as TokenAbility));
  if (unknown.length > 0) {
    throw new AuthError('RF_AUTH_TOKEN_ABILITY_INVALID', 'دسترسی انتخاب‌شده معتبر نیست.', { unknown });
  }
  // Stored in the canonical order, once each.
  return TOKEN_ABILITIES.filter((a) => abilities.includes(a));
}

function checkName(name: unknown): string {
  const clean = typeof name === 'string' ? name.trim() : '';
  if (!clean || [...clean].length > NAME_MAX) {
    throw new AuthError('RF_AUTH_TOKEN_ABILITY_INVALID', 'نام توکن را وارد کنید (حداکثر ۱۰۰ نویسه).', {
      field: 'name',
    });
  }
  return clean;
}

const summary = (row: PersonalAccessToken): TokenSummary => ({
  id: row.id,
  name: row.name,
  abilities: row.abilities,
  lastUsedAt: row.lastUsedAt,
  createdAt: row.createdAt,
});

/**
 * Personal access tokens for the customer JSON API (docs/screens.md §8). The plain text `<id>|<secret>`
 * is returned once by `create`; only a SHA-256 of the secret is stored (a 40-byte random secret
 * needs no slow hash), so a database copy holds no usable token.
 */
export function createApiTokenService(options: { db: Database; clock?: Clock }) {
  const { db } = options;
  const clock = options.clock ?? systemClock;

  return {
    async create(
      userId: number,
      input: { name: unknown; abilities?: unknown },
      context: RequestContext = {},
    ): Promise<{ token: TokenSummary; plainText: string }> {
      const name = checkName(input.name);
      const abilities = checkAbilities(input.abilities ?? ['read']);
      const secret = randomBytes(40).toString('base64url');
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(personalAccessTokens)
          .values({ userId, name, abilities, tokenHash: sha256(secret) })
          .returning();
        await recordActivity(tx, {
          event: 'token:created',
          actorId: userId,
          subject: { type: 'personal_access_token', id: row!.id },
          properties: { name, abilities },
          ...context,
        });
        return { token: summary(row!), plainText: `${row!.id}|${secret}` };
      });
    },

    async list(userId: number): Promise<TokenSummary[]> {
      const rows = await db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, userId))
        .orderBy(desc(personalAccessTokens.id));
      return rows.map(summary);
    },

    /** Changes a token's abilities; another user's token is "not found", never "forbidden". */
    async updateAbilities(userId: number, tokenId: number, abilities: unknown, context: RequestContext = {}) {
      const clean = checkAbilities(abilities);
      const [row] = await db
        .update(personalAccessTokens)
        .set({ abilities: clean })
        .where(and(eq(personalAccessTokens.id, tokenId), eq(personalAccessTokens.userId, userId)))
        .returning();
      if (!row) throw new AuthError('RF_AUTH_TOKEN_NOT_FOUND', 'توکن پیدا نشد.');
      await recordActivity(db, {
        event: 'token:updated',
        actorId: userId,
        subject: { type: 'personal_access_token', id: tokenId },
        properties: { abilities: clean },
        ...context,
      });
      return summary(row);
    },

    async delete(userId: number, tokenId: number, context: RequestContext = {}): Promise<void> {
      const deleted = await db
        .delete(personalAccessTokens)
        .where(and(eq(personalAccessTokens.id, tokenId), eq(personalAccessTokens.userId, userId)))
        .returning({ id: personalAccessTokens.id });
      if (deleted.length === 0) throw new AuthError('RF_AUTH_TOKEN_NOT_FOUND', 'توکن پیدا نشد.');
      await recordActivity(db, {
        event: 'token:deleted',
        actorId: userId,
        subject: { type: 'personal_access_token', id: tokenId },
        ...context,
      });
    },

    /**
     * Reads an `Authorization` header value (`Bearer <id>|<secret>`): the token, its owner's id and
     * abilities, or null. The id finds the row; the secret is compared in constant time. Tokens of
     * deleted or suspended accounts do not work.
     */
    async verifyBearer(
      header: string | undefined,
    ): Promise<{ tokenId: number; userId: number; abilities: TokenAbility[] } | null> {
      const match = /^Bearer\s+(\d{1,10})\|([A-Za-z0-9_-]{20,200})$/.exec(header?.trim() ?? '');
      if (!match) return null;
      // An id past 2³¹ finds no row (and would make PostgreSQL refuse the query).
      const id = rowId(match[1]);
      const [token] =
        id === null
          ? []
          : await db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id));
      const owner = token ? await findUser(db, token.userId) : undefined;
      const row = token && owner ? { token, status: owner.status, deletedAt: owner.deletedAt } : undefined;
      const given = Buffer.from(sha256(match[2]!), 'hex');
      // Compare against something even when the id is unknown, so timing does not reveal ids.
      const stored = Buffer.from(row?.token.tokenHash ?? sha256(''), 'hex');
      if (!timingSafeEqual(given, stored) || !row || row.deletedAt || row.status !== 'active') return null;
      await db
        .update(personalAccessTokens)
        .set({ lastUsedAt: clock() })
        .where(eq(personalAccessTokens.id, row.token.id));
      return { tokenId: row.token.id, userId: row.token.userId, abilities: row.token.abilities };
    },
  };
}

export type ApiTokenService = ReturnType<typeof createApiTokenService>;

/** Whether a verified token may do something: `can(token, 'update')`. */
export function tokenCan(token: { abilities: TokenAbility[] }, ability: TokenAbility): boolean {
  return token.abilities.includes(ability);
}
