import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Server } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable } from './DataTable';
import { FileDrop } from './FileDrop';
import { formatTomanInput, MoneyInput, parseToman } from './MoneyInput';
import { withPage } from './Pagination';
import { StatusBadge } from './StatusBadge';
import { statusLabel } from './status-labels';
import { Tabs } from './Tabs';

afterEach(cleanup);

describe('StatusBadge', () => {
  it('reads one Persian label per state, and «نامشخص» for an unknown one', () => {
    render(<StatusBadge kind="instance" state="provision_failed" />);
    expect(screen.getByText('آماده‌سازی ناموفق')).toBeTruthy();
    expect(statusLabel('payment', 'review').label).toBe('نیاز به بررسی');
    expect(statusLabel('ticket', 'weird').label).toBe('نامشخص');
  });
});

describe('ConfirmDialog', () => {
  it('works only once the name is typed exactly, and cancels without confirming', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        danger
        title="حذف سرور"
        confirmLabel="بله، حذف شود"
        typeToConfirm="رندر ویلا"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'بله، حذف شود' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('برای تأیید، «رندر ویلا» را بنویسید'), {
      target: { value: 'رندر' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('برای تأیید، «رندر ویلا» را بنویسید'), {
      target: { value: 'رندر ویلا' },
    });
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('MoneyInput helpers', () => {
  it('takes Toman in Persian or Latin digits with separators and gives Rial; refuses fractions', () => {
    expect(parseToman('۱۲۵٬۰۰۰')).toBe(1_250_000);
    expect(parseToman('125,000')).toBe(1_250_000);
    expect(parseToman('12.5')).toBeNull();
    expect(parseToman('')).toBeNull();
    expect(formatTomanInput(1_250_000)).toBe('۱۲۵٬۰۰۰');
  });

  it('takes only digits, as the server does: no hex, exponent, plus sign or fraction', () => {
    for (const junk of ['0x30D40', '2e5', '+200000', '200000.0', '٬200', '1_000', 'ده هزار']) {
      expect(parseToman(junk, { signed: true }), junk).toBeNull();
    }
    expect(parseToman('-۵۰٬۰۰۰')).toBeNull();
    expect(parseToman('−۵۰٬۰۰۰', { signed: true })).toBe(-500_000);
    expect(formatTomanInput(-500_000)).toBe('−۵۰٬۰۰۰');
  });
});

describe('MoneyInput', () => {
  it('says Toman in its label and reads the typed amount back as the ledger will show it', () => {
    const onChange = vi.fn();
    const { rerender } = render(<MoneyInput label="مبلغ" value="" onChange={onChange} signed />);
    const input = screen.getByLabelText('مبلغ (تومان)') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '۲۵۰٬۰۰۰' } });
    expect(onChange).toHaveBeenLastCalledWith('250٬000');
    rerender(<MoneyInput label="مبلغ" value="-250٬000" onChange={onChange} signed />);
    expect(screen.getByTestId('money-echo').textContent).toBe('کاهش ۲۵۰٬۰۰۰ تومان');
  });
});

describe('Pagination', () => {
  it('keeps the other query parameters and drops page 1', () => {
    expect(withPage('/panel/items?type=usage&page=3', 4)).toBe('/panel/items?type=usage&page=4');
    expect(withPage('/panel/items?type=usage&page=3', 1)).toBe('/panel/items?type=usage');
  });
});

describe('DataTable', () => {
  it('shows a table and a card per row, sorts by a header, and says when it is empty', () => {
    const onSort = vi.fn();
    const rows = [{ id: 1, name: 'الف', total: 10 }];
    const columns = [
      { key: 'name', label: 'نام' },
      { key: 'total', label: 'مبلغ', numeric: true, sortable: true },
    ];
    const { rerender } = render(
      <DataTable
        caption="فهرست"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={{ key: 'total', dir: 'asc' }}
        onSort={onSort}
        empty={{ icon: Server, title: 'خالی' }}
      />,
    );
    expect(screen.getByRole('table', { name: 'فهرست' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'فهرست' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /مبلغ/ }));
    expect(onSort).toHaveBeenCalledWith({ key: 'total', dir: 'desc' });
    rerender(
      <DataTable
        caption="فهرست"
        columns={columns}
        rows={[]}
        rowKey={() => 0}
        empty={{ icon: Server, title: 'خالی' }}
      />,
    );
    expect(screen.getByText('خالی')).toBeTruthy();
  });
});

describe('Tabs', () => {
  it('shows one panel at a time and moves with the arrow keys in reading order (RTL)', () => {
    document.documentElement.dir = 'rtl';
    render(
      <div dir="rtl">
        <Tabs
          label="بخش‌ها"
          tabs={[
            { id: 'a', label: 'یک', content: 'محتوای یک' },
            { id: 'b', label: 'دو', content: 'محتوای دو' },
          ]}
        />
      </div>,
    );
    const first = screen.getByRole('tab', { name: 'یک' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'دو' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('محتوای دو');
  });
});

describe('FileDrop', () => {
  it('takes a file from the picker and shows upload progress and the error', () => {
    const onFile = vi.fn();
    render(
      <FileDrop label="رزومه" name="resume" file={null} onFile={onFile} progress={40} error="فقط PDF" />,
    );
    const file = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(document.querySelector('input[type=file][name=resume]')!, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('فقط PDF')).toBeTruthy();
  });
});
