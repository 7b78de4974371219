import type {
  InvoiceDocument,
  PanelInvoicesEditProps,
  PanelInvoicesListProps,
  PanelInvoicesMakeProps,
} from '@server/modules/billing/invoices/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillToFields } from '../../../components/invoices/BillToFields';
import { renderPage } from '../../../test/render-page';
import { OFFICIAL_FORM } from '../../../test/sample-invoice-document';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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
  add('panel.invoices.list', 'panel/invoices');
  add('panel.invoices.make', 'panel/invoices/create');
  add('panel.invoices.store', 'panel/invoices', 'POST');
  add('panel.invoices.edit', 'panel/invoices/{invoice}');
  add('panel.invoices.update', 'panel/invoices/{invoice}', 'PUT');
  add('panel.invoices.destroy', 'panel/invoices/{invoice}', 'DELETE');
  add('panel.invoices.pay', 'panel/invoices/{invoice}/pay', 'POST');
  add('panel.invoices.pdf', 'panel/invoices/{invoice}/pdf');
  return list;
}

const shared = { auth: { user: CUSTOMER }, routes: routes() };

const DOCUMENT: InvoiceDocument = {
  ...OFFICIAL_FORM,
  title: 'پیش‌فاکتور',
  formTitle: 'پیش‌فاکتور فروش کالا و خدمات',
  numberLabel: 'بدون شماره (پرداخت نشده)',
  statusLabel: 'در انتظار پرداخت',
  kindLabel: 'افزایش اعتبار',
  dateLabel: '۳ آذر ۱۴۰۵',
  paidAtLabel: null,
  details: [{ label: 'تاریخ صدور', value: '۳ آذر ۱۴۰۵' }],
  buyer: [
    { label: 'خریدار', value: 'شرکت طراحی نقش‌آفرین' },
    { label: 'شناسهٔ ملی', value: '10320845671', ltr: true },
    { label: 'کد اقتصادی', value: '411153698574', ltr: true },
  ],
  rows: [
    [
      '۱',
      '2043',
      'افزایش اعتبار کیف پول',
      '۱',
      'خدمت',
      '۲۰٬۰۰۰٬۰۰۰',
      '۲۰٬۰۰۰٬۰۰۰',
      '۰',
      '۲۰٬۰۰۰٬۰۰۰',
      '۲٬۰۰۰٬۰۰۰',
      '۲۲٬۰۰۰٬۰۰۰',
    ],
  ],
  sums: { label: 'جمع کل', from: 6, values: ['۲۰٬۰۰۰٬۰۰۰', '۰', '۲۰٬۰۰۰٬۰۰۰', '۲٬۰۰۰٬۰۰۰', '۲۲٬۰۰۰٬۰۰۰'] },
  totals: [
    { label: 'جمع پس از تخفیف (ریال)', value: '۲۰٬۰۰۰٬۰۰۰' },
    { label: 'مالیات و عوارض ارزش افزوده (۱۰٪) (ریال)', value: '۲٬۰۰۰٬۰۰۰' },
    { label: 'مبلغ کل (ریال)', value: '۲۲٬۰۰۰٬۰۰۰' },
    { label: 'مبلغ کل به تومان', value: '۲٬۲۰۰٬۰۰۰' },
  ],
  footer:
    'این پیش‌فاکتور در رندر فارم ابری صادر شده است. مبالغ به ریال است، همان‌طور که در صورتحساب رسمی آمده است.',
};

const BILL_TO = {
  kind: 'company' as const,
  name: 'شرکت طراحی نقش‌آفرین',
  national_code: '',
  company_id: '10320845671',
  economic_code: '411153698574',
  address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
  postal_code: '1434843111',
};

function editProps(overrides: Partial<PanelInvoicesEditProps> = {}): PanelInvoicesEditProps {
  return {
    invoice: {
      uuid: '5b8e2a52-0c3c-4f43-9a43-2f7f2b7c0d11',
      number: null,
      kind: 'topup',
      status: 'pending',
      subtotal: 20_000_000,
      tax: 2_000_000,
      total: 22_000_000,
      tax_rate: 10,
      created_at: '2026-11-24T08:00:00Z',
      paid_at: null,
      due_at: null,
      period: null,
      bill_to: { ...BILL_TO },
      refunded: 0,
    },
    items: [
      {
        id: 1,
        description: 'افزایش اعتبار کیف پول',
        quantity: 1,
        unit_price: 20_000_000,
        amount: 20_000_000,
        reference: null,
      },
    ],
    payments: [],
    bill_to: BILL_TO,
    document: DOCUMENT,
    balance: 1_250_000,
    can: { update: true, cancel: true, pay_wallet: false, pay_gateway: true },
    ...overrides,
  };
}

describe('Panel/Invoices/List', () => {
  it('says what to do when there are no invoices yet', async () => {
    const props: PanelInvoicesListProps = {
      items: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } },
      filters: { kind: '', status: '' },
      kinds: [{ value: 'topup', label: 'افزایش اعتبار' }],
      statuses: [{ value: 'paid', label: 'پرداخت شده' }],
    };
    await renderPage('Panel/Invoices/List', props, shared);
    expect(screen.getByText('هنوز صورت‌حسابی ندارید')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'درخواست صورت‌حساب' }).length).toBeGreaterThan(0);
  });

  it('lists invoices with their number, status and total in Toman', async () => {
    const props: PanelInvoicesListProps = {
      items: {
        data: [
          {
            uuid: 'a',
            number: 12,
            kind: 'usage',
            status: 'paid',
            subtotal: 1_729_166,
            tax: 0,
            total: 1_729_166,
            created_at: '2026-11-22T00:00:00Z',
            paid_at: '2026-11-22T00:00:00Z',
            due_at: null,
            period: 'آبان ۱۴۰۵',
          },
        ],
        meta: { current_page: 1, last_page: 1, per_page: 25, total: 1 },
      },
      filters: { kind: '', status: '' },
      kinds: [{ value: 'usage', label: 'کارکرد' }],
      statuses: [{ value: 'paid', label: 'پرداخت شده' }],
    };
    await renderPage('Panel/Invoices/List', props, shared);
    const table = screen.getByRole('table', { name: 'صورت‌حساب‌ها' });
    expect(table.textContent).toContain('کارکرد آبان ۱۴۰۵');
    expect(table.textContent).toContain('شمارهٔ ۱۲');
    expect(table.textContent).toContain('۱۷۲٬۹۱۷');
  });
});

describe('Panel/Invoices/Make', () => {
  const makeProps: PanelInvoicesMakeProps = {
    bill_to: { ...BILL_TO, kind: 'person', name: 'سارا احمدی', company_id: '', economic_code: '' },
    min: 500_000,
    max: 500_000_000,
    vat_rate: 10,
    tax_inclusive: false,
    kyc_room: null,
  };

  it('previews VAT on the amount typed in Persian digits', async () => {
    await renderPage('Panel/Invoices/Make', makeProps, shared);
    fireEvent.change(screen.getByLabelText('مبلغ (تومان)'), { target: { value: '۱۰۰۰۰۰۰' } });
    // 1,000,000 Toman + 10% = 1,100,000 Toman.
    expect(screen.getByText('مبلغ کل پیش‌فاکتور').parentElement!.textContent).toContain('۱٬۱۰۰٬۰۰۰');
  });

  it('asks a company for its national id and economic code instead of a national code', async () => {
    await renderPage('Panel/Invoices/Make', makeProps, shared);
    expect(screen.getByLabelText('کد ملی')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /شخص حقوقی/ }));
    expect(screen.queryByLabelText('کد ملی')).toBeNull();
    expect(screen.getByLabelText('شناسهٔ ملی شرکت')).toBeTruthy();
    expect(screen.getByLabelText('کد اقتصادی')).toBeTruthy();
    expect(screen.getByLabelText('نام شرکت')).toBeTruthy();
  });

  it('shows the server’s message under its field', () => {
    render(
      <BillToFields
        values={makeProps.bill_to}
        errors={{ postal_code: 'کد پستی باید ۱۰ رقم باشد، بدون خط تیره.' }}
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('کد پستی');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe(
      'کد پستی باید ۱۰ رقم باشد، بدون خط تیره.',
    );
  });
});

describe('Panel/Invoices/Edit', () => {
  it('shows the lines and totals, the gateway button, the bill-to form and the printable document', async () => {
    await renderPage('Panel/Invoices/Edit', editProps(), shared);
    expect(screen.getByRole('heading', { level: 1, name: 'جزئیات صورت‌حساب' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'ردیف‌های صورت‌حساب' }).textContent).toContain(
      'افزایش اعتبار کیف پول',
    );
    expect(screen.getByRole('button', { name: 'پرداخت با درگاه بانکی' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'پرداخت از کیف پول' })).toBeNull();
    expect(screen.getByRole('button', { name: 'لغو پیش‌فاکتور' })).toBeTruthy();
    expect((screen.getByLabelText('شناسهٔ ملی شرکت') as HTMLInputElement).value).toBe('10320845671');
    expect(screen.getByRole('link', { name: 'دریافت PDF' }).getAttribute('href')).toBe(
      '/panel/invoices/5b8e2a52-0c3c-4f43-9a43-2f7f2b7c0d11/pdf',
    );
    // The print view is the server's document, at the end of the body.
    const sheet = await screen.findByRole('article', {
      name: 'پیش‌فاکتور بدون شماره (پرداخت نشده)',
      hidden: true,
    });
    expect(sheet.closest('[data-invoice-print]')).toBeTruthy();
    expect(within(sheet).getByText('۲٬۲۰۰٬۰۰۰')).toBeTruthy();
    expect(within(sheet).getByText('شرکت طراحی نقش‌آفرین')).toBeTruthy();
    // The same form as the PDF: the seller's and buyer's boxes with every field, codes read left
    // to right, the form's columns, the «جمع کل» row and the signature boxes.
    const seller = within(sheet).getByRole('region', { name: 'مشخصات فروشنده', hidden: true });
    for (const line of DOCUMENT.seller) expect(seller.textContent).toContain(line.value);
    const codes = within(seller).getAllByText('14008123457');
    expect(codes.map((code) => code.getAttribute('dir'))).toEqual(['ltr', 'ltr']);
    const buyer = within(sheet).getByRole('region', { name: 'مشخصات خریدار', hidden: true });
    expect(within(buyer).getByText('10320845671').getAttribute('dir')).toBe('ltr');
    expect(
      within(sheet)
        .getAllByRole('columnheader', { hidden: true })
        .map((th) => th.textContent),
    ).toEqual(DOCUMENT.columns);
    expect(within(sheet).getByText('2043').getAttribute('dir')).toBe('ltr');
    const sums = within(sheet).getByRole('rowheader', { name: 'جمع کل', hidden: true });
    expect(sums.getAttribute('colspan')).toBe('6');
    expect(sums.closest('tr')?.textContent).toContain('۲۲٬۰۰۰٬۰۰۰');
    for (const title of DOCUMENT.signatures) expect(within(sheet).getByText(title)).toBeTruthy();
  });

  it('asks before paying a debt from the wallet, and prints on demand', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderPage(
      'Panel/Invoices/Edit',
      editProps({
        invoice: { ...editProps().invoice, kind: 'manual', total: 500_000 },
        can: { update: true, cancel: false, pay_wallet: true, pay_gateway: true },
      }),
      shared,
    );
    fireEvent.click(screen.getByRole('button', { name: 'پرداخت از کیف پول' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('۵۰٬۰۰۰ تومان از کیف پول کم می‌شود');
    fireEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    fireEvent.click(screen.getByRole('button', { name: 'چاپ' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('shows a paid invoice read only', async () => {
    await renderPage(
      'Panel/Invoices/Edit',
      editProps({
        invoice: { ...editProps().invoice, status: 'paid', number: 7, paid_at: '2026-11-25T08:00:00Z' },
        can: { update: false, cancel: false, pay_wallet: false, pay_gateway: false },
      }),
      shared,
    );
    expect(screen.queryByRole('button', { name: /پرداخت/ })).toBeNull();
    expect(screen.queryByLabelText('کد پستی')).toBeNull();
    expect(screen.getByText('این صورت‌حساب پرداخت شده است.')).toBeTruthy();
    expect(screen.getByText('شمارهٔ ۷')).toBeTruthy();
  });
});
