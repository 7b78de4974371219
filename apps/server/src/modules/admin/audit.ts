import type { Database } from '../../db/client';
import { faNumber, faToman } from '../../lib/persian';
import { activityLabel } from '../activity/event-labels';
import {
  type StaffActivityFilter,
  staffActivityExport,
  staffActivityPage,
  staffActors,
} from '../activity/service';
import { userNames } from '../users/queries';
import type { AuditRow, Option } from './contracts';

type ActivityEntry = Awaited<ReturnType<typeof staffActivityExport>>[number];

export const AUDIT_PER_PAGE = 30;
export const AUDIT_EXPORT_MAX = 20_000;

/** The events the event filter offers (groups end with `:`); any other is still typed by URL. */
export const AUDIT_EVENT_OPTIONS: Option[] = [
  { value: 'admin:', label: 'همهٔ اقدام‌های مدیریتی' },
  { value: 'admin:balance.adjusted', label: activityLabel('admin:balance.adjusted') },
  { value: 'admin:user.suspended', label: activityLabel('admin:user.suspended') },
  { value: 'admin:user.role_changed', label: activityLabel('admin:user.role_changed') },
  { value: 'admin:impersonation.started', label: activityLabel('admin:impersonation.started') },
  { value: 'admin:impersonation.action', label: activityLabel('admin:impersonation.action') },
  { value: 'billing:invoice.refunded', label: activityLabel('billing:invoice.refunded') },
  { value: 'billing:', label: 'همهٔ کارهای مالی' },
  { value: 'config:', label: 'تغییر تنظیمات' },
  { value: 'kyc:', label: 'احراز هویت' },
  { value: 'instance:', label: 'سرورها (روشن و خاموش، تعلیق…)' },
  { value: 'ticket:', label: 'تیکت‌ها' },
];

const ROLE_LABELS: Record<string, string> = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };
/** What a subject is, in words, before its id or key. */
const SUBJECT_LABELS: Record<string, string> = {
  config: 'تنظیم',
  instance: 'سرور',
  invoice: 'صورت‌حساب',
  payment: 'پرداخت',
  ticket: 'تیکت',
  verification: 'احراز هویت',
  drive: 'فضای ذخیره‌سازی',
};
const SECRET_KEY = /secret|password|token|key|pan/i;

/** A value as the audit may show it: text, cut short; anything under a secret-sounding key masked. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** What an entry changed, in one line a person reads («۵۰٬۰۰۰ تومان، دلیل: …», «مشتری ← پشتیبان»). */
export function auditDetails(entry: Pick<ActivityEntry, 'event' | 'properties'>): string {
  const p = entry.properties ?? {};
  switch (entry.event) {
    case 'admin:balance.adjusted':
      return `${Number(p.amount) > 0 ? 'افزایش' : 'کاهش'} ${faToman(Math.abs(Number(p.amount)))}؛ دلیل: ${shown(p.reason)}؛ موجودی پس از آن ${faToman(Number(p.balance_after))}`;
    case 'admin:user.role_changed':
      return `${ROLE_LABELS[String(p.from)] ?? shown(p.from)} ← ${ROLE_LABELS[String(p.to)] ?? shown(p.to)}`;
    case 'admin:user.suspended':
      return `دلیل: ${shown(p.reason)}`;
    case 'admin:user.updated':
      return `فیلدها: ${(Array.isArray(p.fields) ? p.fields : []).join('، ')}`;
    case 'admin:impersonation.started':
      return '';
    case 'admin:user.created':
      return `نقش: ${ROLE_LABELS[String(p.role)] ?? shown(p.role)}؛ پیامک خوش‌آمد: ${p.welcome_sms ? 'بله' : 'نه'}`;
    case 'admin:impersonation.action':
      return `${shown(p.method)} ${shown(p.route)}`;
    case 'admin:impersonation.ended':
      return `مدت: ${faNumber(Number(p.seconds ?? 0))} ثانیه`;
    case 'config:changed':
    case 'config:deleted':
      return `${shown(p.key)}: ${shown(p.old)} ← ${shown(p.new)}`;
    default: {
      const parts = Object.entries(p)
        .filter(([key]) => !SECRET_KEY.test(key))
        .slice(0, 4)
        .map(([key, value]) => `${key}: ${shown(value)}`);
      return parts.join('؛ ');
    }
  }
}

async function toRows(db: Database, entries: ActivityEntry[]): Promise<AuditRow[]> {
  const userSubjects = entries.flatMap((e) =>
    e.subjectType === 'user' && /^\d+$/.test(e.subjectId ?? '') ? [Number(e.subjectId)] : [],
  );
  const names = await userNames(db, [
    ...entries.flatMap((e) => (e.actorId ? [e.actorId] : [])),
    ...userSubjects,
  ]);
  return entries.map((entry) => {
    const actor = entry.actorId ? names.get(entry.actorId) : undefined;
    const asUser =
      entry.event.startsWith('admin:impersonation.') && entry.subjectId ? Number(entry.subjectId) : null;
    const subjectLabel =
      entry.subjectType === 'user'
        ? (names.get(Number(entry.subjectId))?.name ?? `کاربر #${entry.subjectId}`)
        : `${SUBJECT_LABELS[entry.subjectType ?? ''] ?? entry.subjectType} ${entry.subjectId}`;
    return {
      id: entry.id,
      event: entry.event,
      label: activityLabel(entry.event),
      actor: entry.actorId && actor ? { id: entry.actorId, name: actor.name, role: actor.role } : null,
      as_user: asUser ? { id: asUser, name: names.get(asUser)?.name ?? `کاربر #${asUser}` } : null,
      subject:
        entry.subjectType && entry.subjectId
          ? { type: entry.subjectType, id: entry.subjectId, label: subjectLabel }
          : null,
      ip: entry.ipAddress,
      at: entry.at.toISOString(),
      details: auditDetails(entry),
    };
  });
}

/** Admin/Audit: one page of staff actions and the actors to filter by. */
export async function auditPage(db: Database, filter: StaffActivityFilter, page: number) {
  const [{ rows, total }, actorIds] = await Promise.all([
    staffActivityPage(db, filter, { page, perPage: AUDIT_PER_PAGE }),
    staffActors(db),
  ]);
  const actorNames = await userNames(db, actorIds);
  return {
    items: {
      data: await toRows(db, rows),
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / AUDIT_PER_PAGE)),
        per_page: AUDIT_PER_PAGE,
        total,
      },
    },
    actors: [...actorNames]
      .map(([id, { name, role }]) => ({ value: String(id), label: `${name} (${ROLE_LABELS[role] ?? role})` }))
      .sort((a, b) => a.label.localeCompare(b.label, 'fa')),
  };
}

const JALALI = new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** The rows of the audit CSV: Jalali time (Tehran) and ISO time, then who, what, about whom, where. */
export async function auditExportRows(db: Database, filter: StaffActivityFilter) {
  const rows = await toRows(db, await staffActivityExport(db, filter, AUDIT_EXPORT_MAX));
  return rows.map((row) => [
    JALALI.format(new Date(row.at)).replace(/[,،]\s*/, ' '),
    row.at,
    row.actor?.name ?? '',
    row.label,
    row.event,
    row.subject?.label ?? '',
    row.ip ?? '',
    row.details,
  ]);
}

export const AUDIT_CSV_HEADER = [
  'زمان (تهران)',
  'زمان (UTC)',
  'انجام‌دهنده',
  'اقدام',
  'رویداد',
  'دربارهٔ',
  'IP',
  'جزئیات',
];
