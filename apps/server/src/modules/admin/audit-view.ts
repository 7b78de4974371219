import { faNumber, faToman } from '../../lib/persian';
import {
  type AuditChange,
  type AuditFormat,
  auditField,
  auditSubject,
  MASKED,
  subjectPageOf,
} from '../activity';
import { KNOWN_CONFIGS } from '../catalog';
import type { AuditChangeView, AuditValue } from './contracts';
import { impersonationActionSentence } from './impersonation-actions';

type Names = Map<number, { name: string }>;

const ROLE_LABELS: Record<string, string> = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };
const GROUPED = new Intl.NumberFormat('fa-IR');
const JALALI = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const MAX = 120;

const cut = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);
const plain = (text: string): AuditValue => ({ text: cut(text), ltr: false });
const code = (text: string): AuditValue => ({ text: cut(text), ltr: true });

/** HTML or long text as a short excerpt: tags and runs of space dropped. */
const excerpt = (text: string) =>
  cut(
    text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

/**
 * One stored value as the audit page shows it, by the field's format: Rial as Toman with its unit,
 * yes/no, Jalali times, people by name, stored words in Persian, identifiers left to right with
 * their Latin digits. A masked secret stays masked.
 */
export function auditValue(
  value: unknown,
  format: AuditFormat = 'text',
  names: Names = new Map(),
  values?: Record<string, string>,
): AuditValue | null {
  if (value === null || value === undefined || value === '') return null;
  if (value === MASKED) return plain('پنهان (تغییر کرد)');
  if (values && typeof value === 'string' && Object.hasOwn(values, value)) return plain(values[value]!);
  if (Array.isArray(value)) {
    if (value.length === 0) return plain('هیچ');
    // A list of numbers is a list of records (chosen images…): their ids, not amounts.
    const each = format === 'list' ? (value.every((v) => typeof v === 'number') ? 'code' : 'text') : format;
    const items = value.map((v) =>
      auditValue(typeof v === 'number' && each === 'code' ? `#${v}` : v, each, names, values),
    );
    const ltr = items.every((i) => i?.ltr);
    return { text: cut(items.map((i) => i?.text ?? '—').join(ltr ? ', ' : '، ')), ltr };
  }
  switch (format) {
    case 'rial':
      return typeof value === 'number' ? plain(faToman(value)) : plain(String(value));
    case 'number':
      return typeof value === 'number' ? plain(GROUPED.format(value)) : plain(String(value));
    case 'percent':
      return plain(`${typeof value === 'number' ? faNumber(value) : String(value)}٪`);
    case 'bool':
      return plain(value === true || value === 'true' ? 'بله' : 'خیر');
    case 'datetime': {
      const at = new Date(String(value));
      return Number.isNaN(at.getTime())
        ? code(String(value))
        : plain(JALALI.format(at).replace(/[,،]\s*/, ' ساعت '));
    }
    case 'user': {
      const person = typeof value === 'number' ? names.get(value) : undefined;
      return person ? plain(person.name) : code(`#${String(value)}`);
    }
    case 'long':
      return plain(excerpt(String(value)));
    case 'ref':
      return code(`#${String(value)}`);
    case 'code':
      return code(typeof value === 'object' ? JSON.stringify(value) : String(value));
    default:
      if (typeof value === 'number') return plain(GROUPED.format(value));
      if (typeof value === 'boolean') return plain(value ? 'بله' : 'خیر');
      if (typeof value === 'object') return code(JSON.stringify(value));
      return plain(String(value));
  }
}

/** The users a list of changes names (assignees, reviewers), to look their names up once. */
export function userIdsIn(subjectType: string, changes: AuditChange[]): number[] {
  return changes.flatMap((change) =>
    auditField(subjectType, change.field)?.format === 'user'
      ? [change.before, change.after].filter((v): v is number => typeof v === 'number')
      : [],
  );
}

/** Changes as the page shows them, each field by its Persian label (never its stored name). */
export function changeViews(subjectType: string, changes: AuditChange[], names: Names): AuditChangeView[] {
  return changes.map((change) => {
    const spec = auditField(subjectType, change.field);
    const format = change.format ?? spec?.format;
    return {
      field: change.field,
      label: spec?.label ?? 'فیلد دیگر',
      before: auditValue(change.before, format, names, spec?.values),
      after: auditValue(change.after, format, names, spec?.values),
    };
  });
}

/** What an audit row says it is about: its kind, its name, its id and its staff page. */
export interface SubjectView {
  label: string;
  name: string | null;
  code: string | null;
  link: { route: string; params: Record<string, string> } | null;
}

/**
 * A subject in words: a person by name; a record by its kind and its name as the write saw it
 * (`subject_name`), its identifier beside it (left to right, Latin digits), and a link to its
 * staff page when there is one. A record without a kept name (an entry older than the names)
 * still reads as its kind and id.
 */
export function subjectView(type: string, id: string, names: Names, subjectName?: unknown): SubjectView {
  const numeric = /^\d+$/.test(id);
  if (type === 'user') {
    const person = numeric ? names.get(Number(id)) : undefined;
    const link = numeric ? { route: 'admin.users.edit', params: { user: id } } : null;
    return person
      ? { label: person.name, name: null, code: null, link }
      : { label: 'کاربر', name: null, code: `#${id}`, link };
  }
  const subject = auditSubject(type);
  // A reorder is about a whole list (the header menu, the footer links): its name is a stored word.
  const scope = subject?.scopes?.[id];
  if (scope) return { label: `${subject!.label} ${scope}`, name: null, code: null, link: null };
  const page = numeric ? subjectPageOf(type) : undefined;
  return {
    label: subject?.label ?? 'رکورد',
    name: typeof subjectName === 'string' && subjectName !== '' ? cut(subjectName) : null,
    code: numeric ? `#${id}` : id,
    link: page ? { route: page.route, params: { [page.param]: id } } : null,
  };
}

/**
 * Entries written before the staff audit kept a summary and before → after: the same Persian
 * sentence they always had, with field names labelled (never the stored names or JSON).
 */
export function legacySummary(event: string, p: Record<string, unknown>): string {
  const shown = (value: unknown) =>
    value === null || value === undefined
      ? '—'
      : cut(typeof value === 'string' ? value : JSON.stringify(value));
  const fields = (type: string, list: unknown) =>
    (Array.isArray(list) ? list : [])
      .map((field) => auditField(type, String(field))?.label ?? auditField(type, camel(String(field)))?.label)
      .filter(Boolean)
      .join('، ');
  switch (event) {
    case 'admin:balance.adjusted':
      return `${Number(p.amount) > 0 ? 'افزایش' : 'کاهش'} ${faToman(Math.abs(Number(p.amount)))}؛ دلیل: ${shown(p.reason)}؛ موجودی پس از آن ${faToman(Number(p.balance_after))}`;
    case 'admin:user.role_changed':
      return `${ROLE_LABELS[String(p.from)] ?? shown(p.from)} ← ${ROLE_LABELS[String(p.to)] ?? shown(p.to)}`;
    case 'admin:user.suspended':
      return `دلیل: ${shown(p.reason)}`;
    case 'admin:user.updated':
      return `فیلدها: ${fields('user', p.fields)}`;
    case 'ticket:updated':
      return `فیلدها: ${fields('ticket', p.changed)}`;
    case 'admin:user.created':
      return `نقش: ${ROLE_LABELS[String(p.role)] ?? shown(p.role)}؛ پیامک خوش‌آمد: ${p.welcome_sms ? 'بله' : 'نه'}`;
    case 'admin:impersonation.action':
      return impersonationActionSentence(p.route);
    case 'admin:impersonation.ended':
      return `مدت: ${faNumber(Number(p.seconds ?? 0))} ثانیه`;
    case 'config:changed':
    case 'config:deleted': {
      // A setting by its Persian name; only a key the site does not know is shown as stored.
      const known =
        typeof p.key === 'string' && Object.hasOwn(KNOWN_CONFIGS, p.key)
          ? KNOWN_CONFIGS[p.key]!.label
          : undefined;
      return `تنظیم «${known ?? shown(p.key)}»: ${shown(p.old)} ← ${shown(p.new)}`;
    }
    default:
      return typeof p.reason === 'string' ? `دلیل: ${cut(p.reason)}` : '';
  }
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
