import type { PublicHomeProps as HomeProps } from '@server/modules/content/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { CUSTOMER } from '../../test/sample-page';

const FULL: HomeProps = {
  plans: [
    {
      slug: 'rtx-4090-x2',
      title: 'رندر حرفه‌ای',
      gpu_model: 'RTX 4090',
      gpu_count: 2,
      vram_gb: 24,
      cpu_model: 'Ryzen 9 7950X',
      cpu_cores: 16,
      ram_gb: 128,
      disk_gb: 2000,
      price_per_hour: 1_850_000,
    },
    {
      slug: 'rtx-3090',
      title: 'رندر اقتصادی',
      gpu_model: 'RTX 3090',
      gpu_count: 1,
      vram_gb: 24,
      cpu_model: 'Core i9-12900K',
      cpu_cores: 8,
      ram_gb: 64,
      disk_gb: 500,
      price_per_hour: 650_000,
    },
  ],
  software: [{ name: 'ویندوز سرور ۲۰۲۲', os: 'windows', software: ['3ds Max 2025', 'V-Ray 6', 'Corona 11'] }],
  posts: [
    {
      slug: 'رندر-سریع-با-corona',
      title: 'رندر سریع‌تر با Corona',
      excerpt: 'چند تنظیم ساده که زمان رندر را نصف می‌کند.',
      published_at: '2025-03-20T20:30:00Z',
    },
  ],
  stats: { plans: 2, locations: 1, hosts: 12, software: 3 },
};

afterEach(() => {
  cleanup();
  document.title = '';
});

describe('Public/Home', () => {
  it('sets the title and renders inside the public layout', async () => {
    await renderPage('Public/Home', FULL);
    await waitFor(() => expect(document.title).toBe('رندر فارم ابری'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('سرورهای ابری');
    expect(screen.getAllByRole('navigation', { name: 'منوی اصلی' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('contentinfo').textContent).toContain('۰۲۱-۹۱۰۰۱۲۳۴');
  });

  it('shows featured plans with the hourly price in Toman', async () => {
    await renderPage('Public/Home', FULL);
    const card = screen.getByRole('heading', { name: 'رندر حرفه‌ای' }).closest('article')!;
    expect(card.textContent).toContain('ساعتی');
    expect(card.textContent).toContain('۱۸۵٬۰۰۰');
    expect(card.textContent).toContain('تومان');
    // «RTX 4090» is held on one line by no-break spaces (lib/model-name.ts).
    expect(card.textContent).toContain('2×\u00A0RTX\u00A04090');
    expect(card.textContent).toContain('۲ ترابایت');
    expect(within(card).getByRole('link', { name: 'جزئیات و اجاره' }).getAttribute('href')).toBe(
      '/plans/rtx-4090-x2',
    );
  });

  it('quotes the cheapest plan in the hero', async () => {
    await renderPage('Public/Home', FULL);
    expect(screen.getByText(/قیمت‌ها از/).textContent).toContain('۶۵٬۰۰۰');
  });

  it('lists software, steps, stats and posts with Jalali dates', async () => {
    await renderPage('Public/Home', FULL);
    expect(screen.getByRole('list', { name: 'نرم‌افزارهای ویندوز سرور ۲۰۲۲' }).textContent).toContain(
      'V-Ray 6',
    );
    expect(screen.getByRole('heading', { name: 'اتصال با ریموت دسکتاپ' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'آمار' }).textContent).toContain('سرور گرافیکی۱۲');
    const post = screen.getByRole('link', { name: 'رندر سریع‌تر با Corona' });
    expect(post.getAttribute('href')).toBe(`/blog/${encodeURIComponent('رندر-سریع-با-corona')}`);
    expect(post.closest('li')!.textContent).toContain('۱ فروردین ۱۴۰۴');
  });

  it('invites guests to sign in', async () => {
    await renderPage('Public/Home', FULL);
    const signIn = screen.getAllByRole('link', { name: /ورود \/ ثبت‌نام/ });
    expect(signIn[0]!.getAttribute('href')).toBe('/auth/signin');
    expect(screen.getAllByRole('link', { name: /شروع کنید/ })[0]!.getAttribute('href')).toBe('/auth/signin');
  });

  it('shows a signed-in customer the balance and sends them to rent a machine', async () => {
    await renderPage('Public/Home', FULL, { auth: { user: CUSTOMER } });
    expect(screen.queryByRole('link', { name: /ورود \/ ثبت‌نام/ })).toBeNull();
    expect(screen.getByRole('link', { name: /موجودی کیف پول/ }).textContent).toContain('۱۲۵٬۰۰۰ تومان');
    expect(screen.getAllByRole('link', { name: /اجاره سرور/ })[0]!.getAttribute('href')).toBe(
      '/panel/instances/create',
    );
  });

  it('announces flash messages in a live region', async () => {
    await renderPage('Public/Home', FULL, { flash: { success: 'از حساب خارج شدید.' } });
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toContain('از حساب خارج شدید.');
  });

  it('shows empty states when there is nothing to list', async () => {
    await renderPage('Public/Home', {
      plans: [],
      software: [],
      posts: [],
      stats: { plans: 0, locations: 0, hosts: 0, software: 0 },
    });
    expect(screen.getByText('فعلاً پلنی برای اجاره آماده نیست')).toBeTruthy();
    expect(screen.getByText('فهرست نرم‌افزارها به‌زودی اینجا می‌آید')).toBeTruthy();
    expect(screen.getByText('هنوز مطلبی منتشر نشده است')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'آمار' })).toBeNull();
    expect(screen.queryByText(/قیمت‌ها از/)).toBeNull();
    expect(screen.queryByRole('link', { name: /همه پلن‌ها/ })).toBeNull();
    // The steps do not depend on data and are always there.
    expect(screen.getByRole('heading', { name: 'چطور کار می‌کند؟' })).toBeTruthy();
  });

  it('renders when list props are missing altogether', async () => {
    await renderPage('Public/Home', {});
    expect(screen.getByText('فعلاً پلنی برای اجاره آماده نیست')).toBeTruthy();
  });
});
