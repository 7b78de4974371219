import { router } from '@renderfarm/react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Auth/Login', () => {
  it('has the Persian title and labelled fields', async () => {
    await renderPage('Auth/Login', { can_reset_password: true });
    await waitFor(() => expect(document.title).toBe('ورود | رندر فارم ابری'));
    expect(screen.getByLabelText('ایمیل یا شماره موبایل').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('رمز عبور').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'رمز عبورتان را فراموش کرده‌اید؟' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'ورود با کد پیامکی' }).getAttribute('href')).toBe('/auth/signin');
  });

  it('posts to login.store with Latin digits and no token when no bot check is configured', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await renderPage('Auth/Login', {});
    fireEvent.change(screen.getByLabelText('ایمیل یا شماره موبایل'), { target: { value: '۰۹۱۲۳۴۵۶۷۸۹' } });
    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(visit).toHaveBeenCalled());
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/login');
    expect(options?.method).toBe('post');
    expect(options?.data).toEqual({ email: '09123456789', password: 'secret-pass', remember: false });
  });

  it('shows the server error beside its field and moves focus there', async () => {
    await renderPage('Auth/Login', { errors: { email: 'ایمیل یا رمز عبور درست نیست.' } });
    const input = screen.getByLabelText('ایمیل یا شماره موبایل');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('ایمیل یا رمز عبور درست نیست.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('hides links the route list does not hold', async () => {
    const { sampleRoutes } = await import('../../test/sample-routes');
    await renderPage('Auth/Login', {}, { routes: sampleRoutes(['register', 'users.auth.signin']) });
    expect(screen.queryByRole('link', { name: 'ثبت‌نام کنید' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ورود با کد پیامکی' })).toBeNull();
  });
});
