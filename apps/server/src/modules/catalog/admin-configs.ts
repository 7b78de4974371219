import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { RIAL_PER_TOMAN, readToman } from '../../http/money-field';
import type { SharedCache } from '../../lib/cache/shared-cache';
import { encryptString } from '../../lib/encryption';
import { faNumber, faToman } from '../../lib/persian';
import type { AuditFormat, RequestContext } from '../activity';
import { recordStaffAction } from '../activity';
import { KNOWN_CONFIGS } from './config-rules';
import { CatalogError, CatalogNotFoundError } from './errors';
import { CONFIG_TYPES, type ConfigType, configChanges, configs } from './tables';

/** What a secret looks like everywhere it is shown: never its value. */
export const SECRET_MASK = '••••••';

export const configInput = z.object({
  key: z
    .string({ error: 'کلید را بنویسید.' })
    .trim()
    .regex(
      /^[a-z][a-z0-9_]{1,63}$/,
      'کلید ۲ تا ۶۴ نویسهٔ لاتین کوچک، عدد یا زیرخط باشد و با حرف شروع شود؛ مثل support_phone.',
    ),
  group: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,31}$/, 'گروه را با حروف لاتین کوچک بنویسید؛ مثل billing.')
    .default('general'),
  type: z.enum(CONFIG_TYPES, { error: 'نوع باید متن، عدد، بله/خیر، JSON، رمز، ریال یا درصد باشد.' }),
  value: z.unknown(),
  description: z.string().trim().max(500, 'توضیح حداکثر ۵۰۰ نویسه باشد.').default(''),
  is_public: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
    .default(false),
});
export type ConfigInput = z.infer<typeof configInput>;

const digits = (v: unknown) =>
  typeof v === 'string'
    ? v
        .trim()
        .replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))
        .replace(/[,٬]/g, '')
    : v;

/** The value as stored for its type, or a Persian reason it cannot be. Secrets come back encrypted. */
function parseValue(type: ConfigType, raw: unknown, appKey: string, key: string): unknown {
  const rule = KNOWN_CONFIGS[key];
  const fail = (message: string): never => {
    throw new CatalogError('RF_CATALOG_CONFIG_INVALID', message, 'value');
  };
  let value: unknown;
  switch (type) {
    case 'string':
      value = String(raw ?? '').trim();
      if ((value as string).length > 5000) fail('مقدار حداکثر ۵٬۰۰۰ نویسه باشد.');
      break;
    case 'rial': {
      // Typed in Toman like every amount in the UI (http/money-field.ts), stored in Rial.
      const toman = readToman(raw, false);
      if (toman === null) fail('مبلغ را به تومان و فقط با رقم بنویسید؛ مثلاً ۵۰۰٬۰۰۰.');
      value = (toman as number) * RIAL_PER_TOMAN;
      break;
    }
    case 'number':
    case 'percent': {
      const n = Number(digits(raw));
      if (raw === '' || raw === null || !Number.isFinite(n)) fail('مقدار باید عدد باشد.');
      if (type === 'percent' && n < 0) fail('مقدار نمی‌تواند منفی باشد.');
      if (type === 'percent' && n > 100) fail('درصد باید از ۰ تا ۱۰۰ باشد.');
      value = n;
      break;
    }
    case 'boolean':
      // A form's switch sends true/false (an unticked HTML checkbox sends nothing); anything else
      // («شاید», 2) is a mistake, not a quiet «خیر».
      if (
        raw === undefined ||
        raw === null ||
        raw === false ||
        raw === 'false' ||
        raw === '0' ||
        raw === 'off'
      )
        value = false;
      else if (raw === true || raw === 'true' || raw === '1' || raw === 'on') value = true;
      else fail('مقدار باید بله یا خیر باشد.');
      break;
    case 'json':
      try {
        value = typeof raw === 'string' ? JSON.parse(raw) : raw;
      } catch {
        fail('مقدار JSON معتبر نیست؛ مثلاً ["فنی", "مالی"] یا {"a": 1}.');
      }
      break;
    case 'secret': {
      const text = String(raw ?? '').trim();
      if (text === '') fail('مقدار رمز را بنویسید.');
      return encryptString(appKey, text);
    }
  }
  if (rule) {
    // A bound of an amount reads in Toman, the unit the admin typed.
    const bound = (n: number) => (type === 'rial' ? faToman(n) : faNumber(n));
    if (typeof value === 'number' && rule.min !== undefined && value < rule.min) {
      fail(`«${rule.label}» دست‌کم ${bound(rule.min)} باشد.`);
    }
    if (typeof value === 'number' && rule.max !== undefined && value > rule.max) {
      fail(`«${rule.label}» حداکثر ${bound(rule.max)} باشد.`);
    }
    const problem = rule.check?.(value);
    if (problem) fail(problem);
  }
  return value;
}

/** A stored value as a page may show it: secrets masked. */
export function shownValue(type: ConfigType, value: unknown): unknown {
  return type === 'secret' ? SECRET_MASK : value;
}

/**
 * Site settings as admins edit them (Admin/Configs, docs/screens.md §6): typed values, known keys
 * held to their type and range, secrets stored encrypted and shown masked, and every change kept
 * (old → new, secrets masked) for the history on Edit. A change drops the shared cache of settings.
 */
/** A setting's fields as the audit shows them (its key is the subject). */
const audited = (row: { type: string; group: string; description: string; isPublic: boolean }) => ({
  type: row.type,
  group: row.group,
  description: row.description,
  isPublic: row.isPublic,
});

/** How a setting's value reads in the audit: a `rial` one in Toman with its unit. */
function valueFormat(type: ConfigType): Record<string, AuditFormat> {
  const format: Partial<Record<ConfigType, AuditFormat>> = {
    rial: 'rial',
    percent: 'percent',
    number: 'number',
    boolean: 'bool',
    json: 'code',
  };
  return format[type] ? { value: format[type] } : {};
}

export function createConfigAdmin(db: Database, appKey: string, cache: SharedCache) {
  async function find(key: string) {
    const [row] = await db.select().from(configs).where(eq(configs.key, key));
    if (!row) throw new CatalogNotFoundError();
    return row;
  }

  return {
    list: () => db.select().from(configs).orderBy(asc(configs.group), asc(configs.key)),
    find,

    history: (key: string) =>
      db
        .select()
        .from(configChanges)
        .where(eq(configChanges.key, key))
        .orderBy(desc(configChanges.id))
        .limit(30),

    async save(
      existingKey: string | null,
      input: ConfigInput,
      actorId: number,
      context: RequestContext = {},
    ) {
      const known = KNOWN_CONFIGS[input.key];
      const previous = existingKey ? await find(existingKey) : undefined;
      // A key the code reads keeps its type: the one it was stored with, or the rule's for a new one.
      const fixedType = known ? (previous?.type ?? known.type) : null;
      if (known && fixedType !== input.type) {
        throw new CatalogError(
          'RF_CATALOG_CONFIG_TYPE',
          `نوع «${known.label}» ثابت است و عوض نمی‌شود.`,
          'type',
        );
      }
      if (previous && previous.key !== input.key) {
        throw new CatalogError(
          'RF_CATALOG_CONFIG_KEY',
          'کلید یک تنظیم عوض نمی‌شود؛ تنظیم تازه بسازید.',
          'key',
        );
      }
      if (!previous) {
        const [taken] = await db.select({ key: configs.key }).from(configs).where(eq(configs.key, input.key));
        if (taken) throw new CatalogError('RF_CATALOG_CONFIG_EXISTS', 'تنظیمی با این کلید هست.', 'key');
      }
      // A secret left empty on edit keeps the stored one.
      const keepSecret =
        previous?.type === 'secret' && input.type === 'secret' && String(input.value ?? '').trim() === '';
      const value = keepSecret ? previous!.value : parseValue(input.type, input.value, appKey, input.key);
      await db.transaction(async (tx) => {
        const values = {
          key: input.key,
          value: value as never,
          type: input.type,
          group: input.group,
          description: input.description,
          isPublic: input.type === 'secret' ? false : input.is_public,
          updatedAt: new Date(),
        };
        if (previous) await tx.update(configs).set(values).where(eq(configs.key, input.key));
        else await tx.insert(configs).values(values);
        const change = {
          key: input.key,
          oldValue: previous ? (shownValue(previous.type, previous.value) as never) : null,
          newValue: shownValue(input.type, value) as never,
          actorId,
        };
        await tx.insert(configChanges).values(change);
        // The staff audit (Admin/Audit) shows it with the IP; secrets only as the mask.
        await recordStaffAction(tx, {
          event: 'config:changed',
          actor: { actorId, ...context },
          subject: { type: 'config', id: input.key, ...(known?.label ? { name: known.label } : {}) },
          summary: previous
            ? `تنظیم «${known?.label ?? input.key}» تغییر کرد.`
            : `تنظیم «${known?.label ?? input.key}» ساخته شد.`,
          before: previous ? { ...audited(previous), value: change.oldValue } : null,
          after: { ...audited(values), value: change.newValue },
          formats: valueFormat(input.type),
          properties: { key: input.key, old: change.oldValue, new: change.newValue },
        });
      });
      await cache.forget('configs');
    },

    async remove(key: string, actorId: number, context: RequestContext = {}) {
      const row = await find(key);
      if (KNOWN_CONFIGS[key]) {
        throw new CatalogError(
          'RF_CATALOG_CONFIG_KNOWN',
          'این تنظیم را برنامه می‌خواند و حذف نمی‌شود؛ مقدارش را عوض کنید.',
          'delete',
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(configs).where(eq(configs.key, key));
        const oldValue = shownValue(row.type, row.value) as never;
        await tx.insert(configChanges).values({ key, oldValue, newValue: null, actorId });
        await recordStaffAction(tx, {
          event: 'config:deleted',
          actor: { actorId, ...context },
          subject: { type: 'config', id: key },
          summary: `تنظیم «${key}» حذف شد.`,
          before: { ...audited(row), value: oldValue },
          after: null,
          formats: valueFormat(row.type),
          properties: { key, old: oldValue, new: null },
        });
      });
      await cache.forget('configs');
      return row;
    },
  };
}

export type ConfigAdmin = ReturnType<typeof createConfigAdmin>;
