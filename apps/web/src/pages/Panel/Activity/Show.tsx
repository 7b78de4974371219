import { router } from '@renderfarm/react';
import type { PanelActivityShowProps } from '@server/modules/activity/contracts';
import { History } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Pagination } from '../../../components/ui/Pagination';
import { PeriodFields } from '../../../components/ui/PeriodFields';
import { Screen } from '../../../components/ui/Screen';
import { SelectField } from '../../../components/ui/SelectField';
import { listUrl } from '../../../lib/list-url';
import { useRoute } from '../../../lib/route';

type Row = PanelActivityShowProps['entries']['data'][number];
type Filters = PanelActivityShowProps['filters'];

const BY: Record<Row['by'], string> = { you: 'شما', support: 'پشتیبانی', system: 'سامانه' };

/**
 * `panel.activity.show` «گزارش فعالیت‌ها»: what the customer did and what was done to their
 * machines, newest first; staff appear as «پشتیبانی», never by name.
 */
export default function ActivityShow({ entries, filters, groups }: PanelActivityShowProps) {
  const route = useRoute();
  const url = (over: Partial<Filters & { page: string }> = {}) =>
    listUrl(route('panel.activity.show'), { ...filters, ...over });
  const visit = (over: Partial<Filters>) => router.visit(url(over), { preserveScroll: true });

  const columns: Column<Row>[] = [
    // The time of day too: «when did I sign in» is answered by the hour, not the day.
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.at} style="datetime" /> },
    {
      key: 'label',
      label: 'رویداد',
      render: (row) => (
        <span>
          {row.label}
          {row.subject && <span className="block text-xs text-gray-500">سرور «{row.subject}»</span>}
        </span>
      ),
    },
    { key: 'by', label: 'انجام‌دهنده', render: (row) => BY[row.by] },
    {
      key: 'where',
      label: 'از کجا',
      render: (row) =>
        row.ip || row.device ? (
          <span className="text-xs text-gray-600">
            {row.device && <span className="block">{row.device}</span>}
            {row.ip && <Ltr>{row.ip}</Ltr>}
          </span>
        ) : (
          <span className="text-gray-400">—</span>
        ),
    },
  ];

  return (
    <Screen
      title="گزارش فعالیت‌ها"
      description="ورودها، تغییرهای حساب، سرورها و پرداخت‌ها؛ اگر چیزی را نمی‌شناسید، رمز عبور را عوض کنید."
    >
      <Card className="p-2 sm:p-4">
        <div className="mb-3 grid gap-3 px-2 sm:grid-cols-3">
          <SelectField
            label="گروه"
            value={filters.group}
            placeholder="همه"
            options={groups}
            onChange={(group) => visit({ group })}
          />
          <PeriodFields
            from={filters.from ?? ''}
            to={filters.to ?? ''}
            fromLabel="از روز"
            toLabel="تا روز"
            onChange={visit}
          />
        </div>
        <DataTable
          caption="گزارش فعالیت‌ها"
          columns={columns}
          rows={entries.data}
          empty={{
            icon: History,
            title: 'فعالیتی با این فیلترها نیست',
            description: 'گروه یا بازهٔ دیگری انتخاب کنید.',
          }}
        />
      </Card>
      <Pagination
        page={entries.meta.current_page}
        hasMore={entries.meta.has_more}
        hrefFor={(page) => url({ page: page > 1 ? String(page) : '' })}
      />
    </Screen>
  );
}
