import type {
  AdminInvoicesEditProps,
  AdminInvoicesListProps,
  InvoiceDocument,
} from '@server/modules/billing/invoices/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { OFFICIAL_FORM } from '../../../test/sample-invoice-document';
import { sampleRoutes } from '../../../test/sample-routes';
import type { AuthUser } from '../../../types/shared-props';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ADMIN: AuthUser = {
  id: 1,
  name: 'مدیر سامانه',
  mobile_masked: '0912***0001',
  roles: ['admin'],
  balance: 0,
  kyc_status: 'none',
  two_factor: true,
  email_verified: true,
};

function routes() {
  const list = sampleRoutes();
  const add = (name: string, uri: string, method = 'GET') => {
    const parameters = [...uri.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    list.routes[name] = {
      uri,
      methods: (method === 'GET' ? ['GET', 'HEAD'] : [method]) as never,
      ...(parameters.length ? { parameters } : {}),
    };
  };
  add('admin.invoices.list', 'admin/invoices');
  add('admin.invoices.make', 'admin/invoices/create');
  add('admin.invoices.store', 'admin/invoices', 'POST');
  add('admin.invoices.edit', 'admin/invoices/{invoice}/edit');
  add('admin.invoices.update', 'admin/invoices/{invoice}', 'PUT');
  add('admin.invoices.destroy', 'admin/invoices/{invoice}', 'DELETE');
  add('admin.invoices.pay', 'admin/invoices/{invoice}/pay', 'POST');
  add('admin.invoices.refund', 'admin/invoices/{invoice}/refund', 'POST');
  add('admin.invoices.pdf', 'admin/invoices/{invoice}/pdf');
  return list;
}

const shared = { auth: { user: ADMIN }, routes: routes() };

const DOCUMENT: InvoiceDocument = {
  ...OFFICIAL_FORM,
  title: 'پیش‌فاکتور',
  formTitle: 'پیش‌فاکتور فروش کالا و خدمات',
  numberLabel: 'بدون شماره (پرداخت نشده)',
  statusLabel: 'پیش‌نویس',
  kindLabel: 'صورت‌حساب دستی',
  dateLabel: '۳ آذر ۱۴۰۵',
  paidAtLabel: null,
  details: [],
  buyer: [],
  rows: [],
  sums: { label: 'جمع کل', from: 6, values: ['۰', '۰', '۰', '۰', '۰'] },
  totals: [],
  footer: '',
};

function editProps(overrides: Partial<AdminInvoicesEditProps> = {}): AdminInvoicesEditProps {
  return {
    invoice: {
      id: 9,
      uuid: '5b8e2a52-0c3c-4f43-9a43-2f7f2b7c0d11',
      number: null,
      kind: 'manual',
      status: 'draft',
      subtotal: 3_000_000,
      tax: 300_000,
      total: 3_300_000,
      tax_rate: 10,
      created_at: '2026-11-24T08:00:00Z',
      paid_at: null,
      due_at: null,
      period: null,
      bill_to: null,
      refunded: 0,
      refundable: 0,
      due_date: '',
      user: { id: 3, name: 'علی رضایی' },
    },
    user: {
      id: 3,
      name: 'علی رضایی',
      email: 'customer@renderfarm.test',
      mobile: '09120000000',
      balance: 480_000_000,
    },
    items: [
      {
        id: 1,
        description: 'راه‌اندازی Revit',
        quantity: 2,
        unit_price: 1_500_000,
        amount: 3_000_000,
        reference: null,
      },
    ],
    payments: [],
    refunds: [],
    offline: null,
    document: DOCUMENT,
    kinds: [
      { value: 'usage', label: 'کارکرد' },
      { value: 'manual', label: 'صورت‌حساب دستی' },
    ],
    can: { edit_items: true, edit_tax: true, issue: true, pay: false, cancel: true, refund: false },
    ...overrides,
  };
}

describe('Admin/Invoices/List', () => {
  it('shows the filter’s totals and an empty state that says what to do', async () => {
    const props: AdminInvoicesListProps = {
      items: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
      filters: { q: 'nobody', kind: '', status: '', from: '', to: '' },
      totals: { count: 0, total: 0, paid: 0, pending: 0 },
      kinds: [],
      statuses: [],
    };
    await renderPage('Admin/Invoices/List', props, shared);
    expect(screen.getByText('صورت‌حسابی با این فیلترها نیست')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nobody');
    expect(screen.getByText('در انتظار پرداخت')).toBeTruthy();
  });
});

describe('Admin/Invoices/Edit', () => {
  it('edits a draft’s lines with the totals following, and offers to issue it', async () => {
    await renderPage('Admin/Invoices/Edit', editProps(), shared);
    expect((screen.getByLabelText('شرح ردیف ۱') as HTMLInputElement).value).toBe('راه‌اندازی Revit');
    expect((screen.getByLabelText('مبلغ واحد (تومان)') as HTMLInputElement).value).toBe('150000');
    fireEvent.click(screen.getByRole('button', { name: 'افزودن ردیف' }));
    fireEvent.change(screen.getByLabelText('شرح ردیف ۲'), { target: { value: 'پشتیبانی' } });
    fireEvent.change(screen.getAllByLabelText('مبلغ واحد (تومان)')[1]!, { target: { value: '۲۰۰۰۰۰' } });
    // (2 × 150,000 + 200,000) Toman + 10% = 550,000 Toman.
    expect(screen.getByText('مبلغ کل').parentElement!.textContent).toContain('۵۵۰٬۰۰۰');
    fireEvent.click(screen.getByRole('button', { name: 'حذف ردیف ۲' }));
    expect(screen.queryByLabelText('شرح ردیف ۲')).toBeNull();
    expect(screen.getByRole('button', { name: 'صدور صورت‌حساب' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ذخیرهٔ پیش‌نویس' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'حذف پیش‌نویس' })).toBeTruthy();
  });

  it('shows a paid invoice read only, with the refund form and its confirmation', async () => {
    await renderPage(
      'Admin/Invoices/Edit',
      editProps({
        invoice: { ...editProps().invoice, status: 'paid', number: 4, refundable: 3_300_000 },
        can: { edit_items: false, edit_tax: false, issue: false, pay: false, cancel: false, refund: true },
      }),
      shared,
    );
    expect(screen.queryByLabelText('شرح ردیف ۱')).toBeNull();
    expect(screen.getByRole('table', { name: 'ردیف‌های صورت‌حساب' }).textContent).toContain('راه‌اندازی Revit');
    const refund = screen.getByRole('region', { name: 'بازپرداخت' });
    expect(refund.textContent).toContain('۳۳۰٬۰۰۰');
    fireEvent.change(within(refund).getByLabelText('مبلغ (تومان)'), { target: { value: '100000' } });
    fireEvent.click(within(refund).getByRole('button', { name: 'بازپرداخت' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('۱۰۰٬۰۰۰ تومان به کیف پول مشتری برمی‌گردد');
  });
});
