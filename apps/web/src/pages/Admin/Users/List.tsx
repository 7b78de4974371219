import type { AdminUserRow, AdminUsersListProps } from '@server/modules/admin/contracts';
import { Search, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { linkColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/ListPage';
import { useListQuery } from '../../../components/list/use-list-query';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { MoneyInput } from '../../../components/ui/MoneyInput';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber, toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/**
 * `admin.users.list` «کاربران»: every account, searched by name, mobile (any digits) or e-mail,
 * filtered by role, identity check, suspension and balance (Toman), newest first.
 */
export default function AdminUsersList({
  items,
  filters,
  options,
  searches_national_code,
}: AdminUsersListProps) {
  const route = useRoute();
  const [q, setQ] = useState(filters.q);
  const [balance, setBalance] = useState({ min: filters.balance_min, max: filters.balance_max });
  const roleLabel = new Map(options.roles.map((r) => [r.value, r.label]));
  const query = useListQuery(route('admin.users.list'), filters);
  const search = (event: FormEvent) => {
    event.preventDefault();
    query.visit({ q, balance_min: balance.min, balance_max: balance.max });
  };

  const columns: Column<AdminUserRow>[] = [
    linkColumn(
      'name',
      'کاربر',
      (row) => route('admin.users.edit', { user: row.id }),
      (row) => row.name,
      {
        note: (row) => (row.mobile ? <Ltr>{toPersianDigits(row.mobile)}</Ltr> : <Ltr>{row.email ?? ''}</Ltr>),
      },
    ),
    {
      key: 'role',
      label: 'نقش',
      render: (row) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={row.role === 'customer' ? 'gray' : 'blue'}>
            {roleLabel.get(row.role) ?? row.role}
          </Badge>
          {row.suspended && <Badge tone="red">معلق</Badge>}
        </span>
      ),
    },
    { key: 'kyc', label: 'احراز هویت', render: (row) => <StatusBadge kind="kyc" state={row.kyc_status} /> },
    { key: 'created', label: 'عضویت', render: (row) => <JalaliTime value={row.created_at} style="short" /> },
    { key: 'balance', label: 'موجودی', numeric: true, render: (row) => <Price rial={row.balance} /> },
  ];

  return (
    <ListPage
      title="کاربران"
      description={`${formatNumber(items.meta.total)} حساب؛ جست‌وجو با نام، موبایل یا ایمیل.`}
      make={{ href: route('admin.users.make'), label: 'کاربر جدید', icon: UserPlus }}
      query={query}
      filters={{
        fields: [
          {
            custom: 'q',
            node: (
              <label className="grid min-w-0 gap-1.5 text-sm font-medium text-gray-900 sm:col-span-2">
                جست‌وجو
                <input
                  type="search"
                  name="q"
                  value={q}
                  onChange={(event) => setQ(event.target.value)}
                  placeholder={
                    searches_national_code ? 'نام، موبایل، ایمیل یا کد ملی' : 'نام، موبایل یا ایمیل'
                  }
                  className="min-h-11 min-w-0 rounded-xl border border-gray-300 bg-white px-3 text-sm font-normal"
                />
              </label>
            ),
          },
          { select: 'role', label: 'نقش', options: options.roles },
          { select: 'kyc', label: 'احراز هویت', options: options.kyc },
          { select: 'suspended', label: 'وضعیت حساب', options: options.suspended },
          {
            custom: 'balance',
            node: (
              <>
                <MoneyInput
                  label="موجودی از"
                  value={balance.min}
                  onChange={(min) => setBalance((b) => ({ ...b, min }))}
                />
                <MoneyInput
                  label="موجودی تا"
                  value={balance.max}
                  onChange={(max) => setBalance((b) => ({ ...b, max }))}
                />
                <div>
                  <Button type="submit" variant="secondary">
                    <Search aria-hidden="true" className="size-4" />
                    جست‌وجو
                  </Button>
                </div>
              </>
            ),
          },
        ],
        onSubmit: search,
        className: 'sm:grid-cols-2 lg:grid-cols-4',
      }}
      columns={columns}
      page={items}
      empty={{
        icon: Users,
        title: 'کاربری با این جست‌وجو و فیلترها نیست',
        description: 'نام، شماره یا ایمیل را کوتاه‌تر بنویسید یا فیلترها را بردارید.',
      }}
    />
  );
}
