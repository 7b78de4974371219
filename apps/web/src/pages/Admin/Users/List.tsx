import { router } from '@renderfarm/react';
import type { AdminUserRow, AdminUsersListProps } from '@server/modules/admin/contracts';
import { Search, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Head, Link } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { MoneyInput } from '../../../components/ui/MoneyInput';
import { Pagination } from '../../../components/ui/Pagination';
import { Price } from '../../../components/ui/Price';
import { SelectField } from '../../../components/ui/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber, toPersianDigits } from '../../../lib/digits';
import { listUrl } from '../../../lib/list-url';
import { useRoute } from '../../../lib/route';

type Filters = AdminUsersListProps['filters'];

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
  const url = (over: Partial<Filters & { page: string }> = {}) =>
    listUrl(route('admin.users.list'), { ...filters, page: '', ...over });
  const visit = (over: Partial<Filters>) => router.visit(url(over), { preserveScroll: true });
  const search = (event: FormEvent) => {
    event.preventDefault();
    visit({ q, balance_min: balance.min, balance_max: balance.max });
  };

  const columns: Column<AdminUserRow>[] = [
    {
      key: 'name',
      label: 'کاربر',
      render: (row) => (
        <Link
          href={route('admin.users.edit', { user: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
          <span className="block text-xs font-normal text-gray-500">
            {row.mobile ? <Ltr>{toPersianDigits(row.mobile)}</Ltr> : <Ltr>{row.email ?? ''}</Ltr>}
          </span>
        </Link>
      ),
    },
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
    <>
      <Head title="کاربران" />
      <PageHeader
        title="کاربران"
        description={`${formatNumber(items.meta.total)} حساب؛ جست‌وجو با نام، موبایل یا ایمیل.`}
        actions={
          <ButtonLink href={route('admin.users.make')}>
            <UserPlus aria-hidden="true" className="size-4" />
            کاربر جدید
          </ButtonLink>
        }
      />
      <Card className="p-2 sm:p-4">
        <form
          onSubmit={search}
          role="search"
          className="mb-3 grid items-end gap-3 px-2 sm:grid-cols-2 lg:grid-cols-4"
        >
          <label className="grid min-w-0 gap-1.5 text-sm font-medium text-gray-900 sm:col-span-2">
            جست‌وجو
            <input
              type="search"
              name="q"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              placeholder={searches_national_code ? 'نام، موبایل، ایمیل یا کد ملی' : 'نام، موبایل یا ایمیل'}
              className="min-h-11 min-w-0 rounded-xl border border-gray-300 bg-white px-3 text-sm font-normal"
            />
          </label>
          <SelectField
            label="نقش"
            value={filters.role}
            placeholder="همه"
            options={options.roles}
            onChange={(role) => visit({ role })}
          />
          <SelectField
            label="احراز هویت"
            value={filters.kyc}
            placeholder="همه"
            options={options.kyc}
            onChange={(kyc) => visit({ kyc })}
          />
          <SelectField
            label="وضعیت حساب"
            value={filters.suspended}
            placeholder="همه"
            options={options.suspended}
            onChange={(suspended) => visit({ suspended })}
          />
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
        </form>
        <DataTable
          caption="کاربران"
          columns={columns}
          rows={items.data}
          rowKey={(row) => row.id}
          empty={{
            icon: Users,
            title: 'کاربری با این جست‌وجو و فیلترها نیست',
            description: 'نام، شماره یا ایمیل را کوتاه‌تر بنویسید یا فیلترها را بردارید.',
          }}
        />
      </Card>
      <Pagination
        page={items.meta.current_page}
        lastPage={items.meta.last_page}
        hrefFor={(page) => url({ page: page > 1 ? String(page) : '' })}
      />
    </>
  );
}
