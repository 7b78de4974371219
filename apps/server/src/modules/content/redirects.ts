import { asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SharedCache } from '../../lib/cache/shared-cache';
import { type AuditActor, recordStaffAction } from '../activity';
import type { AdminRedirectRow, Paginated } from './contracts';
import { ContentError, ContentNotFoundError } from './errors';
import { redirects } from './tables';

/** The shared-cache key of the in-memory table, named after the table (docs/development.md). */
export const REDIRECTS_CACHE_KEY = 'redirects';
/** How often buffered hits are written (one UPDATE per redirect hit since the last flush). */
export const HIT_FLUSH_MS = 5_000;
export const FROM_MAX = 500;
export const TO_MAX = 2_000;
const PER_PAGE = 50;

/**
 * A path as redirects compare it: percent-decoded (when it decodes), NFC, repeated slashes folded
 * and no trailing slash (except the root). `/Blog/%D8%A8/` and `/Blog/ب` are the same path.
 */
export function normalisePath(raw: string): string {
  let path = raw.split('?')[0]!.split('#')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape (`%E0%A4`) stays as it came: it can still match a `from` typed that way.
  }
  path = path.normalize('NFC').replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

// Whitespace and control characters have no place in a URL an admin types.
const BAD_CHARACTERS = /[\s\p{Cc}]/u;
// Paths that must never be taken over: the admin area (a redirect could lock admins out), the
// built assets, the API and the health check.
const RESERVED = /^\/(admin|build|api|broadcasting|up|__testing)(\/|$)/;

/** A `from` as stored, or the Persian reason it cannot be one. */
export function parseFrom(raw: string): { ok: true; path: string } | { ok: false; message: string } {
  const value = raw.trim();
  if (!value) return { ok: false, message: 'نشانی مبدأ را وارد کنید.' };
  if (!value.startsWith('/') || value.startsWith('//'))
    return { ok: false, message: 'نشانی مبدأ باید با / شروع شود (مثل /old-page)؛ دامنه را ننویسید.' };
  if (value.length > FROM_MAX) return { ok: false, message: 'نشانی مبدأ بیش از حد بلند است.' };
  if (BAD_CHARACTERS.test(value)) return { ok: false, message: 'نشانی مبدأ نباید فاصله داشته باشد.' };
  if (/[?#]/.test(value)) return { ok: false, message: 'نشانی مبدأ فقط مسیر است؛ ? و # را ننویسید.' };
  const path = normalisePath(value);
  if (path === '/') return { ok: false, message: 'صفحهٔ اصلی را نمی‌توان ریدایرکت کرد.' };
  if (RESERVED.test(path))
    return { ok: false, message: 'این مسیر متعلق به خود سامانه است و ریدایرکت نمی‌شود.' };
  return { ok: true, path };
}

/**
 * A `to` as stored: a path of this site (`/new`, with an optional query) or an absolute http(s)
 * URL. `javascript:`, `data:`, protocol-relative `//host` and anything else are refused.
 * `local` is the normalised path when the target is on this site (for loop and chain checks).
 */
export function parseTo(
  raw: string,
  appUrl: string,
): { ok: true; to: string; local: string | null } | { ok: false; message: string } {
  const value = raw.trim();
  if (!value) return { ok: false, message: 'نشانی مقصد را وارد کنید.' };
  if (value.length > TO_MAX) return { ok: false, message: 'نشانی مقصد بیش از حد بلند است.' };
  if (BAD_CHARACTERS.test(value)) return { ok: false, message: 'نشانی مقصد نباید فاصله داشته باشد.' };
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\'))
      return { ok: false, message: 'برای سایت دیگر نشانی کامل با https:// بنویسید.' };
    return { ok: true, to: value, local: normalisePath(value) };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'نشانی مقصد باید مسیری مثل /new یا نشانی کامل با https:// باشد.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'نشانی مقصد فقط می‌تواند http یا https باشد.' };
  const site = new URL(appUrl);
  const local = url.host === site.host ? normalisePath(url.pathname) : null;
  return { ok: true, to: url.toString(), local };
}

export interface RedirectInput {
  from: string;
  to: string;
  code: 301 | 302;
  is_active: boolean;
}

interface Entry {
  id: number;
  to: string;
  code: number;
}

export type Redirector = ReturnType<typeof createRedirects>;

/**
 * The redirects: the admin's list and form checks, and the runtime (an in-memory table from the
 * shared cache, so a save anywhere reaches every node through Redis; hits counted in memory and
 * written every few seconds, so a popular old URL costs no write per visit).
 */
export function createRedirects({ db, cache, appUrl }: { db: Database; cache: SharedCache; appUrl: string }) {
  const pending = new Map<number, { hits: number; last: Date }>();

  const table = () =>
    cache.remember(REDIRECTS_CACHE_KEY, async () => {
      const rows = await db
        .select({ id: redirects.id, from: redirects.fromPath, to: redirects.to, code: redirects.code })
        .from(redirects)
        .where(eq(redirects.isActive, true));
      return new Map<string, Entry>(rows.map((r) => [r.from, { id: r.id, to: r.to, code: r.code }]));
    });

  /** Where `path?query` goes, or null. The request's query is kept (added to the target's own). */
  async function match(url: string): Promise<{ location: string; code: number } | null> {
    const entries = await table();
    if (entries.size === 0) return null;
    const [rawPath, ...rest] = url.split('?');
    const entry = entries.get(normalisePath(rawPath!));
    if (!entry) return null;
    const now = new Date();
    const counted = pending.get(entry.id);
    pending.set(entry.id, { hits: (counted?.hits ?? 0) + 1, last: now });
    const query = rest.join('?');
    let location: string;
    if (entry.to.startsWith('/')) {
      // Through URL so a Persian path leaves as percent-escapes (a header must be ASCII).
      const target = new URL(entry.to, 'http://x');
      location = target.pathname + target.search + target.hash;
    } else location = new URL(entry.to).toString();
    if (query) {
      const hash = location.indexOf('#');
      const [base, fragment] = hash === -1 ? [location, ''] : [location.slice(0, hash), location.slice(hash)];
      location = `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
    }
    return { location, code: entry.code };
  }

  /** Writes the buffered hits; safe to call at any time (the interval, shutdown, a test). */
  async function flushHits(): Promise<number> {
    if (pending.size === 0) return 0;
    const batch = [...pending];
    pending.clear();
    for (const [id, { hits, last }] of batch) {
      await db
        .update(redirects)
        .set({
          hits: sql`${redirects.hits} + ${hits}`,
          lastHitAt: sql`greatest(coalesce(${redirects.lastHitAt}, ${last}), ${last})`,
        })
        .where(eq(redirects.id, id));
    }
    return batch.length;
  }

  async function list(filters: { q: string; page: number }): Promise<Paginated<AdminRedirectRow>> {
    const where = filters.q
      ? or(
          ilike(redirects.fromPath, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(redirects.to, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        )
      : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(redirects)
        .where(where)
        .orderBy(desc(redirects.updatedAt), asc(redirects.id))
        .limit(PER_PAGE)
        .offset((filters.page - 1) * PER_PAGE),
      db.select({ n: count() }).from(redirects).where(where),
    ]);
    const n = Number(total?.n ?? 0);
    return {
      data: rows.map(toRow),
      meta: {
        current_page: filters.page,
        last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
        per_page: PER_PAGE,
        total: n,
      },
    };
  }

  async function find(id: number): Promise<AdminRedirectRow> {
    const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
    if (!row) throw new ContentNotFoundError();
    return toRow(row);
  }

  /**
   * Creates (id null) or updates a redirect after its checks: `from` a path of this site, unique;
   * `to` a path or an http(s) URL; no loop (to itself) and no chain (its target is itself
   * redirected, or another redirect already leads to its `from`).
   */
  async function save(id: number | null, input: RedirectInput, actor: AuditActor): Promise<AdminRedirectRow> {
    const from = parseFrom(input.from);
    if (!from.ok) throw new ContentError('RF_CONTENT_REDIRECT_FROM', from.message, 'from');
    const to = parseTo(input.to, appUrl);
    if (!to.ok) throw new ContentError('RF_CONTENT_REDIRECT_TO', to.message, 'to');
    if (to.local === from.path)
      throw new ContentError(
        'RF_CONTENT_REDIRECT_LOOP',
        'مقصد همان مبدأ است؛ این ریدایرکت دور خودش می‌چرخد.',
        'to',
      );
    const others = (await db.select().from(redirects)).filter((r) => r.id !== id);
    if (others.some((r) => r.fromPath === from.path))
      throw new ContentError(
        'RF_CONTENT_REDIRECT_TAKEN',
        'برای این نشانی مبدأ پیش‌تر ریدایرکت ساخته شده است.',
        'from',
      );
    const onward = to.local === null ? undefined : others.find((r) => r.fromPath === to.local);
    if (onward) {
      const loop = parseTo(onward.to, appUrl);
      const message =
        loop.ok && loop.local === from.path
          ? `«${onward.fromPath}» خودش به همین مبدأ برمی‌گردد؛ این دو ریدایرکت دور هم می‌چرخند.`
          : `«${onward.fromPath}» خودش به «${onward.to}» ریدایرکت می‌شود؛ مستقیم به مقصد نهایی بفرستید.`;
      throw new ContentError('RF_CONTENT_REDIRECT_CHAIN', message, 'to');
    }
    const incoming = others.find((r) => {
      const target = parseTo(r.to, appUrl);
      return target.ok && target.local === from.path;
    });
    if (incoming)
      throw new ContentError(
        'RF_CONTENT_REDIRECT_CHAIN',
        `ریدایرکت «${incoming.fromPath}» به همین مبدأ می‌رسد؛ زنجیره نسازید و آن را مستقیم به مقصد تازه بفرستید.`,
        'from',
      );
    const values = {
      fromPath: from.path,
      to: to.to,
      code: input.code,
      isActive: input.is_active,
      updatedAt: new Date(),
    };
    const was = id === null ? null : (await db.select().from(redirects).where(eq(redirects.id, id)))[0];
    if (id !== null && !was) throw new ContentNotFoundError();
    const row = await db.transaction(async (tx) => {
      const [row] =
        id === null
          ? await tx.insert(redirects).values(values).returning()
          : await tx.update(redirects).set(values).where(eq(redirects.id, id)).returning();
      if (!row) throw new ContentNotFoundError();
      await recordStaffAction(tx, {
        event: was ? 'content:redirect.updated' : 'content:redirect.created',
        actor,
        subject: { type: 'redirect', id: row.id },
        summary: `تغییر مسیر از ${row.fromPath} ${was ? 'ویرایش' : 'افزوده'} شد.`,
        // Hits move on their own; what an admin changed is the rule.
        before: was ? { ...was, hits: undefined, lastHitAt: undefined } : null,
        after: { ...row, hits: undefined, lastHitAt: undefined },
      });
      return row;
    });
    await cache.forget(REDIRECTS_CACHE_KEY);
    return toRow(row);
  }

  async function remove(id: number, actor: AuditActor): Promise<AdminRedirectRow> {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
      if (!row) throw new ContentNotFoundError();
      await recordStaffAction(tx, {
        event: 'content:redirect.deleted',
        actor,
        subject: { type: 'redirect', id },
        summary: `تغییر مسیر از ${row.fromPath} حذف شد.`,
        before: row,
        after: null,
      });
      return row;
    });
    pending.delete(id);
    await cache.forget(REDIRECTS_CACHE_KEY);
    return toRow(row);
  }

  /**
   * A published page moved from `oldPath` to `newPath` (a slug change): the old path answers 301
   * to the new one. Redirects that led to the old path are pointed at the new one (no chain), and
   * one that took the new path away is dropped (the page lives there now).
   */
  async function moved(oldPath: string, newPath: string) {
    const from = normalisePath(oldPath);
    const to = normalisePath(newPath);
    await db.transaction(async (tx) => {
      const all = await tx.select().from(redirects);
      for (const r of all) {
        const target = parseTo(r.to, appUrl);
        if (r.fromPath === to) await tx.delete(redirects).where(eq(redirects.id, r.id));
        else if (target.ok && target.local === from && r.fromPath !== from)
          await tx.update(redirects).set({ to, updatedAt: new Date() }).where(eq(redirects.id, r.id));
      }
      await tx
        .insert(redirects)
        .values({ fromPath: from, to, code: 301, isActive: true })
        .onConflictDoUpdate({
          target: redirects.fromPath,
          set: { to, code: 301, isActive: true, updatedAt: new Date() },
        });
    });
    await cache.forget(REDIRECTS_CACHE_KEY);
  }

  return { match, flushHits, list, find, save, remove, moved };
}

function toRow(row: typeof redirects.$inferSelect): AdminRedirectRow {
  return {
    id: row.id,
    from: row.fromPath,
    to: row.to,
    code: row.code === 302 ? 302 : 301,
    is_active: row.isActive,
    hits: row.hits,
    last_hit_at: row.lastHitAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}
