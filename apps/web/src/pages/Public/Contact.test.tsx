import { router } from '@renderfarm/react';
import type { ContactProps } from '@server/modules/support/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';

const PROPS: ContactProps = {
  contact: {
    address: 'تهران، خیابان ولیعصر، پلاک 12',
    phone: '021-91000000',
    email: 'support@renderfarm.test',
    hours: 'هر روز از ۸ صبح تا ۱۲ شب',
  },
  departments: [
    { value: 'sales', label: 'فروش و مشاوره خرید' },
    { value: 'support', label: 'پشتیبانی فنی' },
  ],
  limits: { subject: 150, message: 5000 },
  prefill: null,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.title = '';
});

describe('Public/Contact', () => {
  it('shows the title, the ways to reach the farm in Persian digits, and a labelled form', async () => {
    await renderPage('Public/Contact', PROPS);
    await waitFor(() => expect(document.title).toBe('تماس با ما | رندر فارم ابری'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('تماس با ما');
    const details = screen.getByRole('region', { name: 'راه‌های ارتباطی' });
    expect(details.textContent).toContain('پلاک ۱۲');
    const phone = screen.getAllByRole('link', { name: '۰۲۱-۹۱۰۰۰۰۰۰' })[0]!;
    expect(phone.getAttribute('href')).toBe('tel:02191000000');
    expect(screen.getByRole('link', { name: 'support@renderfarm.test' }).getAttribute('href')).toBe(
      'mailto:support@renderfarm.test',
    );
    // The map is a drawing, not content.
    expect(details.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    for (const label of ['نام و نام خانوادگی', 'ایمیل یا شماره موبایل', 'موضوع', 'متن پیام']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect((screen.getByRole('radio', { name: /پشتیبانی فنی/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('group', { name: 'پیام شما دربارهٔ چیست؟' })).toBeTruthy();
    // The first render of the file transforms the page and layout modules: slow on a busy machine.
  }, 15_000);

  it('posts to contact.store with Latin digits, trimmed text and no token when no bot check is configured', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await renderPage('Public/Contact', PROPS);
    fireEvent.change(screen.getByLabelText('نام و نام خانوادگی'), { target: { value: ' نرگس توکلی ' } });
    fireEvent.change(screen.getByLabelText('ایمیل یا شماره موبایل'), { target: { value: '۰۹۱۲۳۴۵۶۷۸۹' } });
    fireEvent.click(screen.getByRole('radio', { name: /فروش/ }));
    fireEvent.change(screen.getByLabelText('موضوع'), { target: { value: 'تعرفهٔ ماهانه' } });
    fireEvent.change(screen.getByLabelText('متن پیام'), { target: { value: 'سلام\nتخفیف دارید؟ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'فرستادن پیام' }));
    await waitFor(() => expect(visit).toHaveBeenCalled());
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/contact');
    expect(options?.method).toBe('post');
    expect(options?.data).toEqual({
      name: 'نرگس توکلی',
      contact: '09123456789',
      department: 'sales',
      subject: 'تعرفهٔ ماهانه',
      message: 'سلام\nتخفیف دارید؟',
    });
  });

  it('counts the message length in Persian digits against the server limit', async () => {
    await renderPage('Public/Contact', PROPS);
    fireEvent.change(screen.getByLabelText('متن پیام'), { target: { value: 'سلام' } });
    expect(screen.getByText('۴ از ۵٬۰۰۰ نویسه')).toBeTruthy();
  });

  it('shows the server’s errors beside their fields, the form-wide one on top, and focuses the first', async () => {
    await renderPage('Public/Contact', {
      ...PROPS,
      errors: {
        name: 'نام را وارد کنید.',
        department: 'بخش مورد نظر را انتخاب کنید.',
        message: 'متن پیام را وارد کنید.',
        form: 'در ده دقیقه بیش از سه پیام نمی‌توان فرستاد.',
      },
    });
    const name = screen.getByLabelText('نام و نام خانوادگی');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
      'نام را وارد کنید.',
    );
    expect(screen.getByText('بخش مورد نظر را انتخاب کنید.')).toBeTruthy();
    expect(screen.getByLabelText('متن پیام').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('در ده دقیقه بیش از سه پیام نمی‌توان فرستاد.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('fills in a signed-in visitor and leaves out settings the admin has not set', async () => {
    await renderPage('Public/Contact', {
      ...PROPS,
      contact: { phone: '021-91000000' },
      prefill: { name: 'علی رضایی', contact: 'customer@renderfarm.test' },
    });
    expect((screen.getByLabelText('نام و نام خانوادگی') as HTMLInputElement).value).toBe('علی رضایی');
    expect((screen.getByLabelText('ایمیل یا شماره موبایل') as HTMLInputElement).value).toBe(
      'customer@renderfarm.test',
    );
    const details = screen.getByRole('region', { name: 'راه‌های ارتباطی' });
    expect(details.textContent).not.toContain('نشانی');
    expect(details.textContent).not.toContain('ایمیل');
  });
});
