import { Server } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../components/ui/Button';
import { Checkbox } from '../components/ui/Checkbox';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { DataTable } from '../components/ui/DataTable';
import { FileDrop } from '../components/ui/FileDrop';
import { ItemList } from '../components/ui/ItemList';
import { JalaliDatePicker } from '../components/ui/JalaliDatePicker';
import { MoneyInput, parseToman } from '../components/ui/MoneyInput';
import { Pagination } from '../components/ui/Pagination';
import { StatusBadge } from '../components/ui/StatusBadge';
import { STATUS_LABELS, type StatusKind } from '../components/ui/status-labels';
import { Tabs } from '../components/ui/Tabs';
import { TextAreaField } from '../components/ui/TextAreaField';
import { TextField } from '../components/ui/TextField';
import { formatToman } from '../lib/money';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-bold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

const INVOICES = [
  { number: '۱۴۰۵-۰۰۱۲', customer: 'علی رضایی', total: 12_500_000, status: 'paid' },
  { number: '۱۴۰۵-۰۰۱۳', customer: 'استودیو نقش‌جهان', total: 3_480_000, status: 'pending' },
  { number: '۱۴۰۵-۰۰۱۴', customer: 'زهرا محمدی‌نژاد', total: 950_000, status: 'refunded' },
];

/** Every part of components/ui in the states a screen can put it in. */
export function Gallery() {
  const [text, setText] = useState('زهرا محمدی‌نژاد');
  const [amount, setAmount] = useState('500000');
  const [date, setDate] = useState<string | null>('2026-11-24');
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sort, setSort] = useState<{ key: string; dir: 'asc' | 'desc' }>({ key: 'total', dir: 'desc' });
  const rows = [...INVOICES].sort((a, b) => (sort.dir === 'asc' ? 1 : -1) * (a.total - b.total));
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-4 sm:p-8">
      <h1 className="text-2xl font-bold text-gray-900">گالری اجزای رابط کاربری</h1>

      <Section title="وضعیت‌ها (StatusBadge)">
        <div className="space-y-3">
          {(Object.keys(STATUS_LABELS) as StatusKind[]).map((kind) => (
            <div key={kind} className="flex flex-wrap items-center gap-2">
              <span className="w-20 text-xs text-gray-500" dir="ltr">
                {kind}
              </span>
              {Object.keys(STATUS_LABELS[kind]).map((state) => (
                <StatusBadge key={state} kind={kind} state={state} />
              ))}
            </div>
          ))}
        </div>
      </Section>

      <Section title="فیلدهای فرم و خطا">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="نام و نام خانوادگی"
            value={text}
            onChange={setText}
            hint="همان نامی که روی کارت ملی است."
          />
          <TextField label="ایمیل" value="ali@" onChange={() => {}} ltr error="ایمیل معتبر نیست." />
          <MoneyInput label="مبلغ شارژ" value={amount} onChange={setAmount} />
          <MoneyInput
            label="مبلغ نادرست"
            value="12.5"
            onChange={() => {}}
            error="مبلغ باید دست‌کم ۵۰٬۰۰۰ تومان باشد."
          />
          <JalaliDatePicker label="تاریخ تولد" value={date} onChange={setDate} max="2026-11-24" />
          <JalaliDatePicker label="از تاریخ" value={null} onChange={() => {}} error="تاریخ را انتخاب کنید." />
          <TextAreaField label="پیام" value="سرورم پس از راه‌اندازی دوباره بالا نمی‌آید." onChange={() => {}} />
          <div className="space-y-3">
            <Checkbox label="قوانین و مقررات را می‌پذیرم" checked onChange={() => {}} />
            <Checkbox label="یادم بماند" checked={false} onChange={() => {}} error="این گزینه لازم است." />
          </div>
        </div>
        <p className="mt-3 text-sm text-gray-600">
          ارزش فرم: {(() => {
            const rial = parseToman(amount);
            return rial === null ? '—' : formatToman(rial);
          })()}
        </p>
      </Section>

      <Section title="بارگذاری فایل (FileDrop)">
        <div className="grid gap-5 sm:grid-cols-2">
          <FileDrop
            label="تصویر کارت ملی"
            name="id_card"
            accept="image/*,.pdf"
            file={file}
            onFile={setFile}
          />
          <FileDrop label="صحنهٔ رندر" name="scene" file={null} onFile={() => {}} progress={42} />
          <FileDrop
            label="رزومه"
            name="resume"
            file={null}
            onFile={() => {}}
            error="فقط فایل PDF تا ۵ مگابایت پذیرفته می‌شود."
          />
        </div>
      </Section>

      <Section title="جدول داده (DataTable) و صفحه‌بندی">
        <DataTable
          caption="صورت‌حساب‌ها"
          columns={[
            { key: 'number', label: 'شماره' },
            { key: 'customer', label: 'مشتری' },
            {
              key: 'total',
              label: 'مبلغ',
              numeric: true,
              sortable: true,
              render: (row) => formatToman(row.total),
            },
            {
              key: 'status',
              label: 'وضعیت',
              render: (row) => <StatusBadge kind="invoice" state={row.status} />,
            },
          ]}
          rows={rows}
          rowKey={(row) => row.number}
          sort={sort}
          onSort={setSort}
          empty={{ icon: Server, title: 'صورت‌حسابی نیست' }}
        />
        <Pagination page={2} lastPage={5} hrefFor={(page) => `#page-${page}`} />
        <div className="mt-6">
          <ItemList
            items={[]}
            empty={{
              icon: Server,
              title: 'هنوز سروری اجاره نکرده‌اید',
              description: 'سرورهایی که اجاره کنید اینجا می‌آیند.',
            }}
          >
            {() => null}
          </ItemList>
        </div>
      </Section>

      <Section title="زبانه‌ها (Tabs)">
        <Tabs
          label="بخش‌های حساب"
          tabs={[
            {
              id: 'profile',
              label: 'مشخصات',
              content: <p className="text-sm text-gray-700">نام، ایمیل و موبایل.</p>,
            },
            {
              id: 'security',
              label: 'امنیت',
              content: <p className="text-sm text-gray-700">رمز عبور و ورود دومرحله‌ای.</p>,
            },
            { id: 'tokens', label: 'توکن‌ها', content: <p className="text-sm text-gray-700">دسترسی API.</p> },
          ]}
        />
      </Section>

      <Section title="تأیید کار خطرناک (ConfirmDialog)">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          حذف سرور
        </Button>
        <ConfirmDialog
          open={confirming}
          danger
          title="حذف «رندر ویلای شمال»"
          confirmLabel="بله، حذف شود"
          typeToConfirm="رندر ویلای شمال"
          onConfirm={() => setConfirming(false)}
          onCancel={() => setConfirming(false)}
        >
          دیسک این سرور هم پاک می‌شود و برنمی‌گردد.
        </ConfirmDialog>
      </Section>
    </main>
  );
}
