import type { Database } from '../../db/client';
import type { AuditChange } from '../activity';
import {
  activityLabel,
  deletedSubjects,
  type StaffActivityFilter,
  staffActivityExport,
  staffActivityPage,
  staffActors,
} from '../activity';
import { userNames } from '../users';
import { changeViews, legacySummary, subjectView, userIdsIn } from './audit-view';
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
  { value: 'catalog:', label: 'پلن‌ها، دیتاسنترها، میزبان‌ها و پورت‌ها' },
  { value: 'content:', label: 'محتوای سایت (مطلب، دسته، منو، پیوند…)' },
];

const ROLE_LABELS: Record<string, string> = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };

/** What an entry says: its own summary and before → after, or (older entries) the legacy sentence. */
function partsOf(entry: ActivityEntry): { summary: string; changes: AuditChange[] } {
  const p = entry.properties ?? {};
  if (typeof p.summary === 'string' && Array.isArray(p.changes)) {
    return { summary: p.summary, changes: p.changes as AuditChange[] };
  }
  return { summary: legacySummary(entry.event, p), changes: [] };
}

async function toRows(db: Database, entries: ActivityEntry[]): Promise<AuditRow[]> {
  const parts = new Map(entries.map((e) => [e.id, partsOf(e)]));
  const userSubjects = entries.flatMap((e) =>
    e.subjectType === 'user' && /^\d+$/.test(e.subjectId ?? '') ? [Number(e.subjectId)] : [],
  );
  const gone = await deletedSubjects(
    db,
    entries.flatMap((e) =>
      e.subjectType && e.subjectId && e.subjectType !== 'user'
        ? [{ type: e.subjectType, id: e.subjectId }]
        : [],
    ),
  );
  const names = await userNames(db, [
    ...entries.flatMap((e) => (e.actorId ? [e.actorId] : [])),
    ...userSubjects,
    ...entries.flatMap((e) => userIdsIn(e.subjectType ?? '', parts.get(e.id)!.changes)),
  ]);
  return entries.map((entry) => {
    const actor = entry.actorId ? names.get(entry.actorId) : undefined;
    const asUser =
      entry.event.startsWith('admin:impersonation.') && entry.subjectId ? Number(entry.subjectId) : null;
    const { summary, changes } = parts.get(entry.id)!;
    return {
      id: entry.id,
      event: entry.event,
      label: activityLabel(entry.event),
      actor: entry.actorId && actor ? { id: entry.actorId, name: actor.name, role: actor.role } : null,
      as_user: asUser ? { id: asUser, name: names.get(asUser)?.name ?? `کاربر #${asUser}` } : null,
      subject:
        entry.subjectType && entry.subjectId
          ? {
              type: entry.subjectType,
              id: entry.subjectId,
              ...subjectView(entry.subjectType, entry.subjectId, names, entry.properties?.subject_name),
              ...(gone.has(`${entry.subjectType}:${entry.subjectId}`) ? { link: null } : {}),
            }
          : null,
      ip: entry.ipAddress,
      at: entry.at.toISOString(),
      summary,
      changes: changeViews(entry.subjectType ?? '', changes, names),
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
    row.subject
      ? [row.subject.label, row.subject.name && `«${row.subject.name}»`, row.subject.code]
          .filter(Boolean)
          .join(' ')
      : '',
    row.ip ?? '',
    [row.summary, ...row.changes.map((c) => `${c.label}: ${c.before?.text ?? '—'} ← ${c.after?.text ?? '—'}`)]
      .filter(Boolean)
      .join('؛ '),
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
