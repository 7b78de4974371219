import type { AdminDashProps } from '@server/modules/dashboard/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { CUSTOMER } from '../../test/sample-page';
import { sampleRoutes } from '../../test/sample-routes';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const ADMIN = { ...CUSTOMER, id: 1, name: 'مدیر سامانه', roles: ['admin'] };
const admin = { auth: { user: ADMIN } };

function props(overrides: Partial<AdminDashProps> = {}): AdminDashProps {
  return {
    kpis: {
      topped_up_today: 1_200_000,
      topped_up_month: 58_500_000,
      topups_month: 14,
      active_customers: 1_250,
      running_machines: 5,
      usage_today: 350_000,
      usage_month: 9_000_000,
    },
    capacity: [
      { code: 'thr1', name: 'تهران ۱ (آسیاتک)', capacity: 8, placed: 3, running: 2, hosts_unavailable: 0 },
      { code: 'tbz1', name: 'تبریز ۱', capacity: 4, placed: 4, running: 3, hosts_unavailable: 1 },
      { code: 'mhd1', name: 'مشهد ۱', capacity: 0, placed: 0, running: 0, hosts_unavailable: 0 },
    ],
    alerts: {
      hosts_unavailable: 1,
      payments_review: 2,
      low_stock: [{ plan: 'حرفه‌ای RTX 4090', slug: 'rtx-4090', location: 'تبریز ۱', code: 'tbz1', hosts: 2 }],
      machines: [
        {
          id: 31,
          uuid: 'x',
          name: 'رندر شبانه',
          plan: 'حرفه‌ای RTX 4090',
          location: 'تبریز ۱',
          status: 'deletion_failed',
          power: 'stopped',
          price_per_hour: 950_000,
          running_since: null,
          failure_reason: 'دیسک قفل است',
        },
      ],
    },
    queues: { tickets_open: 9, kyc_waiting: 2 },
    payments: [
      {
        uuid: 'p-2',
        user: { id: 42, name: 'کیان مرادی' },
        amount: 11_000_000,
        status: 'paid',
        gateway: 'test',
        created_at: new Date(Date.now() - 2 * 60 * 1000).toISOString(),
      },
      {
        uuid: 'p-1',
        user: { id: 41, name: '' },
        amount: 5_500_000,
        status: 'review',
        gateway: 'zarinpal',
        created_at: '2025-03-20T20:45:00Z',
      },
    ],
    signups: [
      {
        id: 40,
        name: 'بهار صادقی',
        role: 'customer',
        created_at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
      },
      { id: 39, name: 'سارا پشتیبان', role: 'care', created_at: '2025-03-20T20:30:00Z' },
    ],
    ...overrides,
  };
}

describe('Admin/Dash', () => {
  it('shows revenue (usage) today and this Jalali month in Toman, top-ups beside it, with the month named', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-22T08:00:00Z'), toFake: ['Date'] });
    await renderPage('Admin/Dash', props(), admin);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('درآمد امروز۳۵٬۰۰۰ تومان');
    expect(main.textContent).toContain('افزایش اعتبار ۱۲۰٬۰۰۰ تومان');
    expect(main.textContent).toContain('درآمد این ماه۹۰۰٬۰۰۰ تومان');
    expect(main.textContent).toContain('از مصرف در فروردین ۱۴۰۴؛ ۱۴ افزایش اعتبار، ۵٬۸۵۰٬۰۰۰ تومان');
    expect(main.textContent).toContain('مشتریان فعال۱٬۲۵۰');
    expect(main.textContent).toContain('سرورهای روشن۵از ۱۲ جایگاه');
  });

  it('draws each location’s capacity as a meter that says the numbers, and full in words', async () => {
    await renderPage('Admin/Dash', props(), admin);
    const tehran = screen.getByRole('meter', { name: 'ظرفیت تهران ۱ (آسیاتک)' });
    expect(tehran.getAttribute('aria-valuetext')).toBe('۳ از ۸ جایگاه پر');
    expect(tehran.getAttribute('aria-valuenow')).toBe('3');
    expect(tehran.getAttribute('aria-valuemax')).toBe('8');
    const section = screen.getByRole('region', { name: 'ظرفیت دیتاسنترها' });
    const [first, second, third] = within(section).getAllByRole('listitem');
    expect(first!.textContent).toContain('(۳۸٪)');
    expect(second!.textContent).toContain('پر');
    expect(second!.textContent).toContain('۱ میزبان از دسترس خارج');
    expect(third!.textContent).toContain('میزبانی ثبت نشده');
    expect(within(third!).queryByRole('meter')).toBeNull();
  });

  it('raises unavailable hosts and broken machines, and counts the queues', async () => {
    await renderPage('Admin/Dash', props(), admin);
    const alerts = screen.getByRole('region', { name: 'هشدارها' });
    expect(alerts.textContent).toContain('۱ میزبان خاموش یا در حال تعمیر است.');
    expect(alerts.textContent).toContain('حذف ناتمام');
    expect(alerts.textContent).toContain('علت: دیسک قفل است');
    const queues = screen.getByRole('region', { name: 'کارهای در انتظار' });
    expect(queues.textContent).toContain('تیکت‌های باز۹');
    expect(queues.textContent).toContain('احراز هویت در انتظارمنتظر بررسی مدارک۲');
  });

  it('names each plan and location out of free hosts among the alerts', async () => {
    await renderPage('Admin/Dash', props(), admin);
    const alerts = screen.getByRole('region', { name: 'هشدارها' });
    expect(alerts.textContent).toContain('موجودی تمام شده');
    expect(alerts.textContent).toContain('«حرفه‌ای RTX 4090» در تبریز ۱ (۲ میزبان)');
  });

  it('lists the latest payments with the payer, Toman, status in words and Jalali time', async () => {
    await renderPage('Admin/Dash', props(), admin);
    const list = screen.getByRole('region', { name: 'تازه‌ترین پرداخت‌ها' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('کیان مرادی');
    expect(first!.textContent).toContain('۱٬۱۰۰٬۰۰۰ تومان');
    expect(first!.textContent).toContain('پرداخت شده');
    expect(first!.textContent).toContain('۲ دقیقه پیش');
    expect(second!.textContent).toContain('حساب حذف‌شده');
    expect(second!.textContent).toContain('نیاز به بررسی');
    expect(second!.textContent).not.toMatch(/[0-9]/);
  });

  it('lists the latest sign-ups with Jalali relative times and staff roles in words', async () => {
    await renderPage('Admin/Dash', props(), admin);
    const signups = screen.getByRole('region', { name: 'تازه‌ترین ثبت‌نام‌ها' });
    const [first, second] = within(signups).getAllByRole('listitem');
    expect(first!.textContent).toContain('بهار صادقی');
    expect(first!.textContent).toContain('۵ دقیقه پیش');
    expect(second!.textContent).toContain('پشتیبان');
    expect(second!.textContent).toContain('۱ فروردین ۱۴۰۴');
  });

  it('has empty states in Persian and no links to pages that are not there', async () => {
    await renderPage(
      'Admin/Dash',
      props({
        capacity: [],
        alerts: { hosts_unavailable: 0, machines: [], payments_review: 0, low_stock: [] },
        signups: [],
        payments: [],
        kpis: {
          topped_up_today: 0,
          topped_up_month: 0,
          topups_month: 0,
          active_customers: 0,
          running_machines: 0,
          usage_today: 0,
          usage_month: 0,
        },
      }),
      admin,
    );
    expect(screen.getByText('هنوز دیتاسنتری تعریف نشده')).toBeTruthy();
    expect(screen.getByText('همه سرورها روبه‌راه‌اند')).toBeTruthy();
    expect(screen.getByText('هنوز کسی ثبت‌نام نکرده')).toBeTruthy();
    expect(screen.getByText('هنوز پرداختی نشده')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'هشدارها' }).textContent).not.toContain('موجودی تمام شده');
    expect(screen.getByRole('main').textContent).toContain('درآمد امروز۰ تومان');
    expect(within(screen.getByRole('main')).queryByRole('link')).toBeNull();
  });

  it('links the figures to their lists once those pages exist', async () => {
    const routes = sampleRoutes();
    routes.routes['admin.users.edit'] = { uri: 'admin/users/{user}/edit', methods: ['GET', 'HEAD'] };
    routes.routes['admin.tickets.list'] = { uri: 'admin/tickets', methods: ['GET', 'HEAD'] };
    await renderPage('Admin/Dash', props(), { ...admin, routes });
    expect(screen.getByRole('link', { name: 'بهار صادقی' }).getAttribute('href')).toBe(
      '/admin/users/40/edit',
    );
    expect(screen.getByRole('link', { name: 'تیکت‌های باز' }).getAttribute('href')).toBe('/admin/tickets');
    expect(screen.getByRole('link', { name: 'کیان مرادی' }).getAttribute('href')).toBe(
      '/admin/users/42/edit',
    );
  });
});
