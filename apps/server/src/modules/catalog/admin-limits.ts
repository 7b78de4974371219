import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { normalizeMobile } from '../../lib/mobile';
import { type AuditActor, recordStaffAction } from '../activity';
import { findActiveUserByEmail, findActiveUserByMobile, findUser } from '../users';
import type { LimitationInput } from './admin-validators';
import { CatalogError, CatalogNotFoundError } from './errors';
import { resolveLimit } from './limitations';
import { LIMIT_LABELS } from './policy';
import { hardwares, type LimitationKey, limitations } from './tables';

/**
 * Limitations as admins edit them (Admin/Limitations): one rule per scope, subject and key (the
 * table's unique key says so too); a user is named by id, e-mail or mobile and stored by id.
 */
export function createLimitAdmin(db: Database) {
  async function userId(subject: string): Promise<number | null> {
    const text = subject.trim();
    if (/^\d{1,9}$/.test(text)) return (await findUser(db, Number(text)))?.id ?? null;
    if (text.includes('@')) return (await findActiveUserByEmail(db, text))?.id ?? null;
    const mobile = normalizeMobile(text);
    return mobile ? ((await findActiveUserByMobile(db, mobile))?.id ?? null) : null;
  }

  async function subjectFor(input: LimitationInput): Promise<string | null> {
    if (input.scope === 'global') return null;
    if (input.scope === 'role') return input.subject;
    if (input.scope === 'hardware') {
      const [plan] = await db
        .select({ id: hardwares.id })
        .from(hardwares)
        .where(
          /^\d+$/.test(input.subject)
            ? eq(hardwares.id, Number(input.subject))
            : eq(hardwares.slug, input.subject),
        );
      if (!plan)
        throw new CatalogError('RF_CATALOG_PLAN_UNKNOWN', 'پلنی با این شناسه یا نامک پیدا نشد.', 'subject');
      return String(plan.id);
    }
    const id = await userId(input.subject);
    if (id === null)
      throw new CatalogError(
        'RF_CATALOG_USER_UNKNOWN',
        'کاربری با این شناسه، ایمیل یا موبایل پیدا نشد.',
        'subject',
      );
    return String(id);
  }

  return {
    async list(filter: { key?: string; scope?: string }) {
      const conditions: SQL[] = [];
      if (filter.key) conditions.push(eq(limitations.key, filter.key as LimitationKey));
      if (filter.scope) conditions.push(eq(limitations.scope, filter.scope as 'global'));
      return db
        .select()
        .from(limitations)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(limitations.key), asc(limitations.scope), asc(limitations.id));
    },

    async find(id: number) {
      const [row] = await db.select().from(limitations).where(eq(limitations.id, id));
      if (!row) throw new CatalogNotFoundError();
      return row;
    },

    async save(id: number | null, input: LimitationInput, actor: AuditActor) {
      const subject = await subjectFor(input);
      const values = {
        scope: input.scope,
        subject,
        key: input.key,
        value: input.value,
        isActive: input.is_active,
      };
      const [clash] = await db
        .select({ id: limitations.id })
        .from(limitations)
        .where(
          and(
            eq(limitations.scope, input.scope),
            eq(limitations.key, input.key),
            subject === null ? undefined : eq(limitations.subject, subject),
          ),
        );
      if (clash && clash.id !== id) {
        throw new CatalogError(
          'RF_CATALOG_LIMIT_EXISTS',
          'برای همین دامنه و کلید قانونی هست؛ همان را ویرایش کنید.',
          'key',
        );
      }
      const was = id === null ? null : await this.find(id);
      return db.transaction(async (tx) => {
        const [row] =
          id === null
            ? await tx.insert(limitations).values(values).returning()
            : await tx.update(limitations).set(values).where(eq(limitations.id, id)).returning();
        await recordStaffAction(tx, {
          event: was ? 'catalog:limit.updated' : 'catalog:limit.created',
          actor,
          subject: { type: 'limitation', id: row!.id },
          summary: `محدودیت «${LIMIT_LABELS[row!.key].name}» ${was ? 'ویرایش' : 'ساخته'} شد.`,
          before: was,
          after: row!,
        });
        return row!;
      });
    },

    async remove(id: number, actor: AuditActor) {
      const row = await this.find(id);
      await db.transaction(async (tx) => {
        await tx.delete(limitations).where(eq(limitations.id, id));
        await recordStaffAction(tx, {
          event: 'catalog:limit.deleted',
          actor,
          subject: { type: 'limitation', id },
          summary: `محدودیت «${LIMIT_LABELS[row.key].name}» حذف شد.`,
          before: row,
          after: null,
        });
      });
      return row;
    },

    /** "Effective value for user…": which rule applies to this user for this key, and its value. */
    async effectiveFor(subject: string, key: LimitationKey) {
      const id = await userId(subject);
      if (id === null) return null;
      const user = await findUser(db, id);
      if (!user) return null;
      const limit = await resolveLimit(db, user, key);
      return {
        user: { id: user.id, name: user.name },
        value: limit.allowed,
        scope: limit.scope,
        label: LIMIT_LABELS[key].name,
      };
    },
  };
}

export type LimitAdmin = ReturnType<typeof createLimitAdmin>;
