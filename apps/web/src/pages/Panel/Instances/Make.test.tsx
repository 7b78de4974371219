import type { InstanceMakeProps, OrderablePlan } from '@server/modules/instances/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function plan(overrides: Partial<OrderablePlan>): OrderablePlan {
  return {
    slug: 'rtx-4090',
    title: 'حرفه‌ای RTX 4090',
    gpu_model: 'NVIDIA GeForce RTX 4090',
    gpu_count: 1,
    vram_gb: 24,
    cpu_model: 'AMD Ryzen 9 7950X',
    cpu_cores: 16,
    ram_gb: 128,
    disk_gb: 1024,
    price_per_hour: 950_000,
    setup_fee: 0,
    image_ids: [1, 2],
    free: { thr1: 3, tbz1: 0 },
    blockers: [],
    ...overrides,
    // As the server sends it (instances/hourly-quote.ts): the page does no arithmetic of its own.
    quote: {
      price_per_hour: overrides.price_per_hour ?? 950_000,
      vat_rate: 10,
      vat_per_hour: Math.floor((overrides.price_per_hour ?? 950_000) / 10),
      price_per_hour_with_vat: Math.floor(((overrides.price_per_hour ?? 950_000) * 11) / 10),
      balance: 10_450_000,
      hours_covered: Math.floor(10_450_000 / (overrides.price_per_hour ?? 950_000)),
    },
  };
}

const props = (overrides: Partial<InstanceMakeProps> = {}): InstanceMakeProps => ({
  hardwares: [
    plan({}),
    plan({
      slug: 'rtx-a6000',
      title: 'ایستگاه کاری RTX A6000',
      price_per_hour: 1_500_000,
      blockers: ['از پلن «ایستگاه کاری RTX A6000» حداکثر ۱ سرور برای هر کاربر مجاز است.'],
    }),
  ],
  locations: [
    { code: 'thr1', name: 'تهران ۱ (آسیاتک)', city: 'تهران' },
    { code: 'tbz1', name: 'تبریز ۱', city: 'تبریز' },
  ],
  images: [
    { id: 1, name: '3ds Max و V-Ray', os: 'Windows Server 2022', software: ['3ds Max 2025', 'V-Ray 6'] },
    { id: 2, name: 'Blender', os: 'Windows Server 2022', software: ['Blender 4.2 LTS'] },
    { id: 3, name: 'Revit و Enscape', os: 'Windows 11 Pro', software: ['Revit 2025'] },
  ],
  selected: { hardware: null, location: null },
  balance: 10_450_000,
  vat_rate: 10,
  kyc_status: 'approved',
  idempotency_key: 'a'.repeat(32),
  limits: { max_instances: { used: 2, allowed: 5 } },
  name_max: 60,
  ...overrides,
});

function routes() {
  const list = sampleRoutes();
  list.routes['panel.instances.store'] = { uri: 'panel/instances', methods: ['POST'] };
  list.routes['panel.instances.review'] = { uri: 'panel/instances/review', methods: ['POST'] };
  return list;
}

describe('Panel/Instances/Make', () => {
  it('shows the server’s price of an hour with VAT and the hours the balance covers', async () => {
    await renderPage('Panel/Instances/Make', props(), { auth: { user: CUSTOMER }, routes: routes() });
    expect(screen.getByRole('heading', { level: 1, name: 'اجاره سرور جدید' })).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'خلاصهٔ سفارش' });
    // 950,000 Rial = 95,000 Toman; with 10% VAT 104,500 Toman. The wallet pays the net price, so
    // 1,045,000 Toman covers 11 hours (the server's figure, not the page's).
    expect(summary.textContent).toContain('۱۰۴٬۵۰۰');
    expect(summary.textContent).toContain('۱۱ ساعت کار');
    // Only the images the chosen plan offers.
    expect(screen.queryByRole('radio', { name: /Revit/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /تبریز ۱/ }).closest('label')?.textContent).toContain(
      'فعلاً ظرفیت آزاد ندارد',
    );
  });

  it('says what stops a plan and keeps its order button disabled', async () => {
    await renderPage('Panel/Instances/Make', props(), { auth: { user: CUSTOMER }, routes: routes() });
    fireEvent.click(screen.getByRole('radio', { name: /ایستگاه کاری RTX A6000/ }));
    const summary = screen.getByRole('complementary', { name: 'خلاصهٔ سفارش' });
    expect(summary.textContent).toContain('حداکثر ۱ سرور برای هر کاربر');
    expect((screen.getByRole('button', { name: 'بازبینی سفارش' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps a pasted over-long name whole, counts it against the limit and holds the order back', async () => {
    await renderPage('Panel/Instances/Make', props(), { auth: { user: CUSTOMER }, routes: routes() });
    const name = screen.getByLabelText('نامی که سرور را با آن می‌شناسید') as HTMLInputElement;
    const review = () => screen.getByRole('button', { name: 'بازبینی سفارش' }) as HTMLButtonElement;
    expect(name.maxLength).toBe(-1);
    fireEvent.change(name, { target: { value: 'ر'.repeat(300) } });
    expect(name.value).toHaveLength(300);
    expect(
      document.getElementById(name.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent,
    ).toContain('۳۰۰ از ۶۰ نویسه');
    expect(review().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'ر'.repeat(60) } });
    expect(review().disabled).toBe(false);
  });

  it('asks for identity first when the account is not verified', async () => {
    await renderPage('Panel/Instances/Make', props({ kyc_status: 'pending' }), {
      auth: { user: CUSTOMER },
      routes: routes(),
    });
    expect(screen.getByText(/نخست باید احراز هویت شما تأیید شده باشد/)).toBeTruthy();
  });
});
