import { Deferred, router, useForm } from '@renderfarm/react';
import type {
  AdminActivityLine,
  AdminLedgerLine,
  AdminUserInvoice,
  AdminUserKyc,
  AdminUserMachine,
  AdminUsersEditProps,
  AdminUserTicket,
} from '@server/modules/admin/contracts';
import { FileText, History, IdCard, LifeBuoy, LogIn, Server, Wallet } from 'lucide-react';
import { Head, Link } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { AskFirstButton } from '../../../components/confirm/AskFirstButton';
import { ConfirmsPasswordForm } from '../../../components/confirm/ConfirmsPasswordForm';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { EmptyState } from '../../../components/ui/EmptyState';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { Tabs } from '../../../components/ui/Tabs';
import { WithAside } from '../../../components/ui/WithAside';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';
import { BalanceForm, SuspendForm, TwoFactorReset } from './parts/AccountForms';
import { ProfileFields } from './parts/ProfileFields';

const LEDGER_TYPES: Record<string, string> = {
  topup: 'افزایش اعتبار',
  usage: 'مصرف',
  drive: 'فضای ذخیره‌سازی',
  refund: 'بازپرداخت',
  adjustment: 'اصلاح',
  bonus: 'هدیه',
};

const UNAVAILABLE: Record<string, string> = {
  kyc: 'احراز هویت',
};

const INVOICE_KINDS: Record<string, string> = {
  topup: 'افزایش اعتبار',
  usage: 'کارکرد ماهانه',
  manual: 'دستی',
};

/**
 * `admin.users.edit` «ویرایش کاربر»: one account: its facts, profile and role, balance adjustment,
 * suspension, 2FA reset and impersonation, and below, tabs loaded after the page shows (ledger,
 * machines, activity).
 */
export default function AdminUsersEdit(props: AdminUsersEditProps) {
  const { item, options, can, adjustment_key } = props;
  const route = useRoute();
  const roleLabel = new Map(options.roles.map((r) => [r.value, r.label]));
  const form = useForm({
    name: item.name,
    mobile: item.mobile ?? '',
    email: item.email ?? '',
    role: item.role as string,
  });
  const save = () => void form.put(route('admin.users.update', { user: item.id }), { preserveScroll: true });
  const impersonate = () => router.post(route('admin.users.impersonate', { user: item.id }));

  return (
    <>
      <Head title={`ویرایش کاربر: ${item.name}`} />
      <PageHeader
        title={item.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={item.role === 'customer' ? 'gray' : 'blue'}>
              {roleLabel.get(item.role) ?? item.role}
            </Badge>
            {item.suspended && <Badge tone="red">معلق</Badge>}
            <StatusBadge kind="kyc" state={item.kyc_status} />
          </span>
        }
        actions={
          <>
            <Link
              href={route('admin.users.list')}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              همهٔ کاربران
            </Link>
            {can.impersonate && (
              <AskFirstButton
                ask={{
                  title: `ورود به‌جای «${item.name}»؟`,
                  confirmLabel: 'بله، وارد شوم',
                  text: 'پنل را همان‌طور که کاربر می‌بیند، می‌بینید. پرداخت، رمز عبور، ورود دومرحله‌ای، توکن‌ها و حذف حساب بسته است و هر کاری که می‌کنید به نام شما در گزارش اقدامات ثبت می‌شود.',
                }}
                onConfirmed={impersonate}
              >
                <LogIn aria-hidden="true" className="size-4" />
                ورود به‌جای کاربر
              </AskFirstButton>
            )}
          </>
        }
      />
      <WithAside
        wide
        aside={
          <>
            <BalanceForm item={item} formKey={adjustment_key} />
            <SuspendForm key={String(item.suspended)} item={item} allowed={can.suspend} />
          </>
        }
      >
        <Card as="section" aria-labelledby="facts-title" className="p-4 sm:p-6">
          <h2 id="facts-title" className="mb-3 font-bold text-gray-900">
            خلاصهٔ حساب
          </h2>
          <FactList
            facts={[
              ['موجودی', <Price key="b" rial={item.balance} />],
              [
                'موبایل',
                item.mobile ? (
                  <span key="m">
                    <Ltr>{toPersianDigits(item.mobile)}</Ltr>{' '}
                    {item.mobile_verified ? '(تأییدشده)' : '(تأیید نشده)'}
                  </span>
                ) : (
                  '—'
                ),
              ],
              [
                'ایمیل',
                item.email ? (
                  <span key="e">
                    <Ltr>{item.email}</Ltr> {item.email_verified ? '(تأییدشده)' : '(تأیید نشده)'}
                  </span>
                ) : (
                  '—'
                ),
              ],
              ['ورود دومرحله‌ای', item.two_factor ? 'فعال' : 'غیرفعال'],
              ['رمز عبور', item.has_password ? 'گذاشته شده' : 'ندارد (ورود با کد پیامکی)'],
              ['عضویت', <JalaliTime key="c" value={item.created_at} style="short" />],
              ...(item.suspended
                ? ([
                    ['تعلیق', item.suspended_at ? <JalaliTime key="s" value={item.suspended_at} /> : '—'],
                    ['دلیل تعلیق', item.suspended_reason ?? '—'],
                  ] as Fact[])
                : []),
            ]}
          />
          {can.reset_two_factor && (
            <div className="mt-4">
              <TwoFactorReset item={item} />
            </div>
          )}
        </Card>
        <Card as="section" aria-labelledby="profile-title" className="p-4 sm:p-6">
          <h2 id="profile-title" className="mb-3 font-bold text-gray-900">
            مشخصات و نقش
          </h2>
          <ConfirmsPasswordForm onConfirmed={save} className="grid gap-4 sm:grid-cols-2">
            {(checking) => (
              <>
                <ProfileFields
                  form={form}
                  roles={options.roles}
                  roleLocked={can.change_role ? null : 'نقش حساب خودتان را نمی‌توانید تغییر دهید.'}
                  roleHint="تغییر نقش همهٔ نشست‌های کاربر را می‌بندد تا با دسترسی تازه دوباره وارد شود."
                />
                <div className="sm:col-span-2">
                  <Button type="submit" disabled={form.processing || checking}>
                    ذخیرهٔ مشخصات
                  </Button>
                </div>
              </>
            )}
          </ConfirmsPasswordForm>
        </Card>
        <AccountTabs {...props} />
      </WithAside>
    </>
  );
}

const loading = <p className="p-4 text-sm text-gray-500">در حال بارگذاری…</p>;

function AccountTabs({
  ledger,
  machines,
  activity,
  invoices,
  tickets,
  kyc,
  unavailable_tabs,
}: AdminUsersEditProps) {
  const ledgerColumns: Column<AdminLedgerLine>[] = [
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.created_at} style="datetime" /> },
    { key: 'type', label: 'نوع', render: (row) => LEDGER_TYPES[row.type] ?? row.type },
    { key: 'description', label: 'شرح', render: (row) => row.description },
    { key: 'amount', label: 'مبلغ', numeric: true, render: (row) => <Price rial={row.amount} /> },
    { key: 'after', label: 'مانده', numeric: true, render: (row) => <Price rial={row.balance_after} /> },
  ];
  const machineColumns: Column<AdminUserMachine>[] = [
    { key: 'name', label: 'سرور', render: (row) => row.name },
    { key: 'plan', label: 'پلن', render: (row) => row.plan },
    { key: 'location', label: 'دیتاسنتر', render: (row) => row.location },
    {
      key: 'state',
      label: 'وضعیت',
      render: (row) =>
        row.status === 'ready' ? (
          <StatusBadge kind="power" state={row.power} />
        ) : (
          <StatusBadge kind="instance" state={row.status} />
        ),
    },
  ];
  const invoiceColumns: Column<AdminUserInvoice>[] = [
    { key: 'at', label: 'تاریخ', render: (row) => <JalaliTime value={row.created_at} style="short" /> },
    {
      key: 'kind',
      label: 'صورت‌حساب',
      render: (row) =>
        `${INVOICE_KINDS[row.kind] ?? row.kind}${row.number ? ` · شمارهٔ ${toPersianDigits(row.number)}` : ''}`,
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="invoice" state={row.status} /> },
    { key: 'total', label: 'مبلغ کل', numeric: true, render: (row) => <Price rial={row.total} /> },
  ];
  const ticketColumns: Column<AdminUserTicket>[] = [
    { key: 'subject', label: 'موضوع', render: (row) => row.subject },
    { key: 'department', label: 'بخش', render: (row) => row.department },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="ticket" state={row.status} /> },
    {
      key: 'last',
      label: 'آخرین پیام',
      render: (row) => <JalaliTime value={row.last_message_at} style="short" />,
    },
  ];
  const route = useRoute();
  const kycColumns: Column<AdminUserKyc>[] = [
    {
      key: 'request',
      label: 'درخواست',
      render: (row) =>
        route.has('admin.verify.edit') ? (
          <Link
            href={route('admin.verify.edit', { verification: row.id })}
            className="text-brand-700 hover:underline"
          >
            {row.name || `#${toPersianDigits(row.id)}`}
          </Link>
        ) : (
          row.name
        ),
    },
    { key: 'type', label: 'نوع', render: (row) => (row.type === 'legal' ? 'حقوقی' : 'حقیقی') },
    {
      key: 'code',
      label: 'کد ملی / شناسه',
      render: (row) => (row.national_code ? <Ltr>{toPersianDigits(row.national_code)}</Ltr> : '—'),
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="kyc" state={row.status} /> },
    {
      key: 'submitted',
      label: 'ارسال',
      render: (row) => (row.submitted_at ? <JalaliTime value={row.submitted_at} style="short" /> : '—'),
    },
    { key: 'reason', label: 'دلیل', render: (row) => row.reason ?? '—' },
  ];
  const activityColumns: Column<AdminActivityLine>[] = [
    { key: 'at', label: 'زمان', render: (row) => <JalaliTime value={row.at} style="datetime" /> },
    {
      key: 'event',
      label: 'رویداد',
      render: (row) => (
        <>
          {row.label}
          {row.by && <span className="block text-xs text-gray-500">توسط {row.by}</span>}
        </>
      ),
    },
    { key: 'ip', label: 'IP', render: (row) => (row.ip ? <Ltr>{row.ip}</Ltr> : '—') },
  ];
  return (
    <Card as="section" aria-label="سوابق کاربر" className="p-2 sm:p-4">
      <Tabs
        label="سوابق کاربر"
        tabs={[
          historyTab('ledger', 'گردش حساب', {
            columns: ledgerColumns,
            rows: ledger,
            rowKey: (row) => row.id,
            empty: { icon: Wallet, title: 'هنوز تراکنشی ندارد' },
          }),
          historyTab('machines', 'سرورها', {
            columns: machineColumns,
            rows: machines,
            rowKey: (row) => row.uuid,
            empty: { icon: Server, title: 'سروری ندارد' },
          }),
          historyTab('activity', 'فعالیت', {
            columns: activityColumns,
            rows: activity,
            rowKey: (row) => row.id,
            empty: { icon: History, title: 'فعالیتی ثبت نشده است' },
          }),
          historyTab('invoices', 'صورت‌حساب‌ها', {
            columns: invoiceColumns,
            rows: invoices,
            rowKey: (row) => row.uuid,
            empty: { icon: FileText, title: 'صورت‌حسابی ندارد' },
          }),
          historyTab('tickets', 'تیکت‌ها', {
            columns: ticketColumns,
            rows: tickets,
            rowKey: (row) => row.uuid,
            empty: { icon: LifeBuoy, title: 'تیکتی ندارد' },
          }),
          historyTab('kyc', 'احراز هویت', {
            columns: kycColumns,
            rows: kyc,
            rowKey: (row) => row.id,
            empty: { icon: IdCard, title: 'درخواست احراز هویتی نفرستاده است' },
            caption: 'درخواست‌های احراز هویت',
          }),
          ...unavailable_tabs.map((id) => ({
            id,
            label: UNAVAILABLE[id] ?? id,
            content: (
              <EmptyState
                title={`${UNAVAILABLE[id] ?? id} این کاربر هنوز در این صفحه نشان داده نمی‌شود`}
                description={`فعلاً از «${UNAVAILABLE[id] ?? id}» در منوی کناری، با جست‌وجوی نام یا شمارهٔ کاربر ببینید.`}
              />
            ),
          })),
        ]}
      />
    </Card>
  );
}

/** One tab of a user's history: its table, loaded only when the tab is first opened. */
function historyTab<T>(
  id: string,
  label: string,
  table: Omit<Parameters<typeof DataTable<T>>[0], 'caption' | 'rows'> & {
    rows: T[] | undefined;
    caption?: string;
  },
) {
  return {
    id,
    label,
    content: (
      <Deferred data={id} fallback={loading}>
        {() => <DataTable {...table} caption={table.caption ?? label} rows={table.rows ?? []} />}
      </Deferred>
    ),
  };
}
