import type { PlansProps, PublicPlan } from '@server/modules/catalog/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-page';

afterEach(cleanup);

const plan: PublicPlan = {
  slug: 'rtx-a6000',
  title: 'ایستگاه کاری RTX A6000',
  gpu_model: 'NVIDIA RTX A6000',
  gpu_count: 1,
  vram_gb: 48,
  cpu_model: 'Intel Xeon W-2295',
  cpu_cores: 18,
  ram_gb: 192,
  disk_gb: 2048,
  price_per_hour: 1_500_000,
  setup_fee: 0,
  description: '',
  free: { thr1: 0, tbz1: 0 },
  rentable: false,
  images: [],
};
const locations: PlansProps['locations'] = [
  { code: 'thr1', name: 'تهران ۱', city: 'تهران' },
  { code: 'tbz1', name: 'تبریز ۱', city: 'تبریز' },
];

describe('Plans', () => {
  it('a plan with no room anywhere offers no rent: the button is disabled and says why', async () => {
    await renderPage('Plans', { plans: [plan], plan, locations });
    const rent = screen.getByRole('button', { name: 'اجاره این سرور' }) as HTMLButtonElement;
    expect(rent.disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'اجاره این سرور' })).toBeNull();
    expect(screen.getByText(/فعلاً در هیچ دیتاسنتری ظرفیت آزاد ندارد/)).toBeTruthy();
  });

  it('a plan with room links to Make', async () => {
    const open = { ...plan, free: { thr1: 0, tbz1: 1 }, rentable: true };
    await renderPage('Plans', { plans: [open], plan: open, locations });
    expect(screen.getByRole('link', { name: 'اجاره این سرور' }).getAttribute('href')).toBe(
      '/panel/instances/create?hardware=rtx-a6000',
    );
  });

  it('the cards say which plans are full instead of offering to rent them', async () => {
    await renderPage('Plans', { plans: [plan], plan: null, locations });
    expect(screen.getByText('فعلاً ظرفیت آزاد ندارد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'جزئیات' })).toBeTruthy();
  });
});
