import type { AdminAuditProps, AuditRow } from '@server/modules/admin/contracts';
import { ScrollText } from 'lucide-react';
import { Link } from '../../app/protocol';
import { ListPage } from '../../components/list/ListPage';
import { useListQuery } from '../../components/list/use-list-query';
import { AuditChanges } from '../../components/ui/AuditChanges';
import type { Column } from '../../components/ui/DataTable';
import { IsolatedText } from '../../components/ui/IsolatedText';
import { JalaliTime } from '../../components/ui/JalaliTime';
import { Ltr } from '../../components/ui/Ltr';
import { formatNumber } from '../../lib/digits';
import { useRoute } from '../../lib/route';

/**
 * `admin.audit` «گزارش اقدامات کارکنان»: every staff write from the activity log (money, settings,
 * catalog and content, identity checks, tickets, machines, impersonation): who, what (a Persian
 * summary and each changed field before → after), about what, from which IP, when; filtered,
 * exported as CSV. Read only. Identifiers keep their Latin digits, left to right.
 */
export default function AdminAudit({ items, filters, options }: AdminAuditProps) {
  const route = useRoute();
  const query = useListQuery(route('admin.audit'), filters);
  const exportHref = query.url({}, route('admin.audit.export'));

  const columns: Column<AuditRow>[] = [
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.at} style="datetime" /> },
    {
      key: 'actor',
      label: 'توسط',
      render: (row) =>
        row.actor ? (
          <Link
            href={route('admin.users.edit', { user: row.actor.id })}
            className="whitespace-nowrap text-brand-700 hover:underline"
          >
            {row.actor.name}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      key: 'event',
      label: 'اقدام',
      render: (row) => (
        <span className="grid gap-0.5">
          <span className="font-medium text-gray-900">{row.label}</span>
          {row.as_user && <span className="text-xs text-amber-800">به‌جای {row.as_user.name}</span>}
          {row.summary && (
            <IsolatedText text={row.summary} className="text-xs text-gray-700 [overflow-wrap:anywhere]" />
          )}
          <AuditChanges changes={row.changes} />
        </span>
      ),
    },
    {
      key: 'subject',
      label: 'دربارهٔ',
      render: (row) => (row.subject ? <AuditSubject subject={row.subject} /> : '—'),
    },
    {
      key: 'ip',
      label: 'IP',
      render: (row) => (row.ip ? <Ltr className="whitespace-nowrap">{row.ip}</Ltr> : '—'),
    },
  ];

  return (
    <ListPage
      title="گزارش اقدامات کارکنان"
      description={`${formatNumber(items.meta.total)} اقدام؛ این گزارش فقط خواندنی است و هیچ ردیفی ویرایش یا حذف نمی‌شود.`}
      exportHref={exportHref}
      query={query}
      filters={{
        fields: [
          { select: 'actor', label: 'انجام‌دهنده', options: options.actors },
          { select: 'event', label: 'اقدام', options: options.events },
          { search: 'subject', label: 'دربارهٔ', placeholder: 'نوع و شناسه، مثلاً user:12', ltr: true },
          { period: true },
        ],
        className: 'sm:grid-cols-2 lg:grid-cols-5',
      }}
      caption="اقدامات کارکنان"
      columns={columns}
      page={items}
      empty={{
        icon: ScrollText,
        title: 'اقدامی با این فیلترها ثبت نشده است',
        description: 'بازهٔ زمانی را بزرگ‌تر کنید یا فیلترها را بردارید.',
      }}
    />
  );
}

/**
 * What an entry is about: a person by name, a record by its kind and name with its id left to
 * right («دیتاسنتر «تهران ۱» #12»), linked to its staff page when it has one.
 */
function AuditSubject({ subject }: { subject: NonNullable<AuditRow['subject']> }) {
  const route = useRoute();
  const text = (
    <>
      {subject.label}
      {subject.name && <> «{subject.name}»</>}
      {subject.code && (
        <>
          {' '}
          <Ltr className="text-gray-500">{subject.code}</Ltr>
        </>
      )}
    </>
  );
  const href =
    subject.link && route.has(subject.link.route) ? route(subject.link.route, subject.link.params) : null;
  return href ? (
    <Link href={href} className="text-brand-700 [overflow-wrap:anywhere] hover:underline">
      {text}
    </Link>
  ) : (
    <span className="[overflow-wrap:anywhere]">{text}</span>
  );
}
