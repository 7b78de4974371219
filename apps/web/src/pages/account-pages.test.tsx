import { router } from '@renderfarm/react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render-page';
import { CUSTOMER } from '../test/sample-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Users/Auth/Signin', () => {
  it('sends «مرا به خاطر بسپار» with the number, in Latin digits without spaces', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await renderPage('Users/Auth/Signin', {});
    const remember = screen.getByLabelText('مرا به خاطر بسپار') as HTMLInputElement;
    expect(remember.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '۰۹۱۲ ۳۴۵ ۶۷۸۹' } });
    fireEvent.click(remember);
    fireEvent.click(screen.getByRole('button', { name: 'دریافت کد تأیید' }));
    await waitFor(() => expect(visit).toHaveBeenCalled());
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/auth/signin');
    expect(options?.data).toEqual({ mobile: '09123456789', remember: true });
  });

  it('shows again what was typed and ticked when coming back to change the number', async () => {
    await renderPage('Users/Auth/Signin', { mobile: '09123456789', remember: true });
    expect((screen.getByLabelText('مرا به خاطر بسپار') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('شماره موبایل') as HTMLInputElement).value).toBe('09123456789');
  });
});

describe('Users/Auth/Verify', () => {
  it('asks for the one-time code and counts down the expiry in Persian digits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderPage('Users/Auth/Verify', { mobile_masked: '0912***6789', expires_in: 120, resend_in: 60 });
    const input = screen.getByLabelText('کد تأیید');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText('۲:۰۰')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ارسال دوباره کد' })).toBeNull();
    await vi.advanceTimersByTimeAsync(61_000);
    await waitFor(() => expect(screen.getByRole('button', { name: 'ارسال دوباره کد' })).toBeTruthy());
    expect(screen.getByText('۰:۵۹')).toBeTruthy();
  });

  it('disables the submit once the code has expired', async () => {
    await renderPage('Users/Auth/Verify', { mobile_masked: '0912***6789', expires_in: 0, resend_in: 0 });
    expect(screen.getByText('مهلت این کد تمام شد؛ کد تازه بخواهید.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'تأیید و ادامه' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Auth/VerifyEmail', () => {
  it('names the address the link went to, left to right on a line of its own', async () => {
    await renderPage('Auth/VerifyEmail', { email: 'sara.k@example.com', status: null });
    expect(screen.getByText(/پیوند تأیید را به این نشانی فرستادیم/)).toBeTruthy();
    const address = screen.getByText('sara.k@example.com');
    expect(address.getAttribute('dir')).toBe('ltr');
    expect(address.closest('p')?.textContent).toBe('sara.k@example.com');
  });

  it('takes a corrected address in place of the resend button, sent trimmed by PUT', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await renderPage('Auth/VerifyEmail', { email: 'sara.k@exmaple.com', status: null });
    expect(screen.queryByLabelText('نشانی درست ایمیل')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ایمیل را اشتباه نوشته‌اید؟' }));
    expect(screen.queryByRole('button', { name: 'فرستادن دوباره پیوند تأیید' })).toBeNull();
    const input = screen.getByLabelText('نشانی درست ایمیل');
    expect(input.getAttribute('dir')).toBe('ltr');
    fireEvent.change(input, { target: { value: '  sara.k@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره و فرستادن پیوند' }));
    await waitFor(() => expect(visit).toHaveBeenCalled());
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/email/verification-address');
    expect(options?.method).toBe('put');
    expect(options?.data).toEqual({ email: 'sara.k@example.com' });
    // «انصراف» brings the resend button back.
    fireEvent.click(screen.getByRole('button', { name: 'انصراف' }));
    expect(screen.getByRole('button', { name: 'فرستادن دوباره پیوند تأیید' })).toBeTruthy();
  });

  it('says a new link went out after a resend', async () => {
    await renderPage('Auth/VerifyEmail', { email: 'sara.k@example.com', status: 'verification-link-sent' });
    expect(screen.getByText('پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.')).toBeTruthy();
  });
});

describe('Auth/TwoFactorChallenge', () => {
  it('toggles between the app code and a recovery code', async () => {
    await renderPage('Auth/TwoFactorChallenge', {});
    expect(screen.getByLabelText('کد تأیید')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /کد بازیابی/ }));
    expect(screen.getByLabelText('کد بازیابی')).toBeTruthy();
    expect(screen.queryByLabelText('کد تأیید')).toBeNull();
  });
});

describe('API/Index', () => {
  it('shows an empty state that says what to do', async () => {
    await renderPage('API/Index', { tokens: [] }, { auth: { user: CUSTOMER } });
    expect(screen.getByText('هنوز توکنی نساخته‌اید')).toBeTruthy();
  });

  it('shows a new token once, from flash.token, in a dialog with a copy button', async () => {
    await renderPage(
      'API/Index',
      { tokens: [{ id: 1, name: 'رندر شبانه', abilities: ['read'], last_used_ago: null }] },
      { auth: { user: CUSTOMER }, flash: { token: '1|abcdef0123456789' } },
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1|abcdef0123456789');
    expect(screen.getByRole('button', { name: 'کپی توکن' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'کپی کردم، بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('هنوز استفاده نشده')).toBeTruthy();
  });
});

describe('Profile/Show', () => {
  const props = {
    user: { name: 'علی رضایی', email: 'ali@example.com', email_verified: true, has_password: true },
    two_factor: { enabled: false, confirmed: false },
    sessions: [
      {
        agent: { platform: 'Windows', browser: 'Chrome', is_desktop: true },
        ip_address: '10.0.0.1',
        is_current_device: true,
        last_active: new Date().toISOString(),
      },
      {
        agent: { platform: 'Android', browser: 'Firefox', is_desktop: false },
        ip_address: '10.0.0.2',
        is_current_device: false,
        last_active: new Date(Date.now() - 5 * 60_000).toISOString(),
      },
    ],
    delete_blockers: [{ code: 'balance', message: 'کیف پول شما هنوز موجودی دارد.' }],
  };

  it('lists sessions with IPs left to right and the last activity in Persian', async () => {
    await renderPage('Profile/Show', props, { auth: { user: CUSTOMER } });
    await waitFor(() => expect(document.title).toBe('پروفایل و امنیت | رندر فارم ابری'));
    const list = screen.getByRole('list', { name: 'نشست‌های فعال' });
    expect(list.textContent).toContain('همین دستگاه');
    expect(list.textContent).toContain('۵ دقیقه پیش');
    // An address is a Latin fragment (docs/ui.md): in Persian digits its dots read as zeros («۱۰.۰.۰.۲»).
    expect(screen.getByText('10.0.0.2').closest('[dir="ltr"]')).toBeTruthy();
    expect(list.textContent).not.toContain('۱۰.۰');
  });

  it('says what blocks deleting the account, and asks for the password in a dialog', async () => {
    await renderPage('Profile/Show', props, { auth: { user: CUSTOMER } });
    expect(screen.getByText('کیف پول شما هنوز موجودی دارد.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'حذف حساب' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('حساب برای همیشه حذف شود؟');
  });
});
