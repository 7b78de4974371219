import type { Database } from '../../db/client';
import type { AuditActor } from '../../http/request-context';
import { subjectNameOf } from './audit-subject-names';
import { type AuditFormat, auditSubject } from './audit-subjects';
import { type ActivityInput, type RequestContext, recordActivity } from './service';
import type { ActivityEntry } from './tables';

/** A record as the audit keeps it: field → value (a row, or the part of it the action touched). */
export type AuditRecord = Record<string, unknown>;

/** One changed field: its name (labelled per subject type), the value before and after. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
  /** How to show the values when the field's own format is not enough (a setting's type). */
  format?: AuditFormat;
}

export interface StaffActionInput {
  event: ActivityInput['event'];
  actor: AuditActor;
  /** `name` when the record is not in `before`/`after` (audit-subject-names.ts finds it there). */
  subject: { type: string; id: string | number; name?: string | null };
  /** One Persian sentence a person reads in the audit («پلن «RTX 4090» ساخته شد»). */
  summary: string;
  /** The record before the write (null for a creation) and after it (null for a deletion). */
  before?: AuditRecord | null;
  after?: AuditRecord | null;
  /** The format of some fields for this entry only (a setting's value is Rial when its type is). */
  formats?: Record<string, AuditFormat>;
  /** Anything else the record's own screens read back (a reason, an amount, a key). */
  properties?: Record<string, unknown>;
  /** When it happened, for demo history written after the fact; now otherwise. */
  at?: Date;
}

/** What a masked value is stored as: the fact that it changed, never the value. */
export const MASKED = '••••••';

/** Fields never worth an entry line: the row's own bookkeeping. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', 'created_at', 'updated_at']);

/**
 * Field names whose values are secrets: passwords, tokens, keys, secrets, card numbers, one-time
 * codes, encrypted blobs. `key` alone is a setting's name, not a secret; `api_key`, `tokenSecret`, `privateKey` are.
 */
const SECRET_FIELD =
  /pass(word|phrase)?|token|secret|(api|private|access|secret|app)_?key|(^|_)key_?(hash|value)|card|(^|_)pan($|_)|cvv|otp|recovery|remember|encrypted|driver_?config/i;

/** A 16–19 digit run that passes the Luhn check: a card number, whatever field holds it. */
function hasCardNumber(text: string): boolean {
  for (const match of text.replace(/[\s-]/g, '').matchAll(/\d{16,19}/g)) {
    const digits = match[0];
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return true;
  }
  return false;
}

export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/** A value as the audit may keep it: secrets (by field name or by looking like a card) masked. */
export function maskedValue(field: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value ?? null;
  if (isSecretField(field)) return MASKED;
  if (typeof value === 'string' || typeof value === 'number') {
    return hasCardNumber(String(value)) ? MASKED : value;
  }
  if (Array.isArray(value)) return value.map((v) => maskedValue(field, v));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskedValue(k, v)]),
    );
  }
  return value;
}

const comparable = (value: unknown) =>
  JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));

const stored = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields that differ between `before` and `after` (every field of a creation or deletion), in
 * the order the record lists them, secrets masked (a changed secret says only that it changed).
 */
export function auditChanges(
  before: AuditRecord | null | undefined,
  after: AuditRecord | null | undefined,
  formats: Record<string, AuditFormat> = {},
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (IGNORED.has(field)) continue;
    const was = stored(before?.[field]);
    const now = stored(after?.[field]);
    if (comparable(was) === comparable(now)) continue;
    // A creation lists what was set, a deletion what was there: empty fields say nothing.
    if (!before && (now === null || now === '' || now === false)) continue;
    if (!after && (was === null || was === '')) continue;
    const format = formats[field];
    changes.push({
      field,
      before: before ? maskedValue(field, was) : null,
      after: after ? maskedValue(field, now) : null,
      ...(format ? { format } : {}),
    });
  }
  return changes;
}

/**
 * The one way a staff write (every non-GET route under /admin and /care) is recorded: actor,
 * subject, a Persian summary and before → after of the fields that changed, in the transaction of
 * the change when `db` is one. The audit page (modules/admin/audit.ts) reads exactly this shape.
 */
export async function recordStaffAction(db: Database, input: StaffActionInput): Promise<ActivityEntry> {
  if (!auditSubject(input.subject.type)) {
    throw new RangeError(`audit subject type has no labels: ${input.subject.type}`);
  }
  const { actorId, ...context } = input.actor;
  const subjectName = input.subject.name ?? subjectNameOf(input.subject.type, input.before, input.after);
  return recordActivity(db, {
    event: input.event,
    actorId,
    subject: { type: input.subject.type, id: input.subject.id },
    ...context,
    ...(input.at ? { at: input.at } : {}),
    properties: {
      ...(maskedValue('properties', input.properties ?? {}) as Record<string, unknown>),
      summary: input.summary,
      // The record's name as it was then: the audit names it even after a rename or a deletion.
      ...(subjectName ? { subject_name: subjectName } : {}),
      // A deletion: the audit no longer links the record's page (it would be a 404).
      ...(input.before && input.after === null ? { subject_deleted: true } : {}),
      changes: auditChanges(input.before, input.after, input.formats),
    },
  });
}

export type { AuditActor } from '../../http/request-context';
