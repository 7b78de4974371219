import type { CareHomeProps } from '@server/modules/dashboard/contracts';
import type { AttentionMachine } from '@server/modules/instances/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { CUSTOMER } from '../../test/sample-page';
import { sampleRoutes } from '../../test/sample-routes';

afterEach(cleanup);

const STAFF = { ...CUSTOMER, id: 2, name: 'سارا پشتیبان', roles: ['care'] };

const failed: AttentionMachine = {
  id: 12,
  uuid: 'f1',
  name: 'رندر مشتری',
  plan: 'اقتصادی RTX 3090',
  location: 'تبریز ۱',
  status: 'provision_failed',
  power: 'stopped',
  price_per_hour: 650_000,
  running_since: null,
  failure_reason: 'میزبان پاسخ نداد',
};

function props(overrides: Partial<CareHomeProps> = {}): CareHomeProps {
  return {
    queues: {
      by_department: [
        { department: 'فنی', waiting: 12, unassigned: 4, mine: 3, late: 2 },
        { department: 'مالی', waiting: 1, unassigned: 1, mine: 0, late: 0 },
        // Only answered tickets: nothing is waiting on the desk there.
        { department: 'فروش', waiting: 0, unassigned: 0, mine: 0, late: 0 },
      ],
      total: { waiting: 13, unassigned: 5, mine: 3, late: 2 },
    },
    kyc_waiting: 7,
    machines: [
      failed,
      {
        ...failed,
        id: 13,
        name: 'گیر کرده',
        status: 'ready',
        power: 'starting',
        failure_reason: null,
        power_changed_at: new Date(Date.now() - 25 * 60 * 1000).toISOString(),
      },
    ],
    staff_online: [
      { id: 1, name: 'مدیر سامانه', role: 'admin' },
      { id: 2, name: 'سارا پشتیبان', role: 'care' },
    ],
    ...overrides,
  };
}

const care = { auth: { user: STAFF } };

describe('Care/Home', () => {
  it('counts the queue in Persian digits and marks the late tickets in words', async () => {
    await renderPage('Care/Home', props(), care);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('در انتظار پاسخ۱۳');
    expect(main.textContent).toContain('بی‌مسئول۵');
    expect(main.textContent).toContain('سپرده به من۳');
    expect(main.textContent).toContain('دیرکرد۲بیش از ۲۴ ساعت بی‌پاسخ');
    expect(main.textContent).toContain('احراز هویت در انتظار۷');
  });

  it('splits the waiting tickets by department, leaving out desks with nothing waiting', async () => {
    await renderPage('Care/Home', props(), care);
    const table = screen.getByRole('table', { name: 'تیکت‌های در انتظار به تفکیک بخش' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('فنی');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['۱۲', '۴', '۳', '۲']);
    expect(within(table).queryByText('فروش')).toBeNull();
  });

  it('lists the machines in trouble with why, and the colleagues online', async () => {
    await renderPage('Care/Home', props(), care);
    const attention = screen.getByRole('region', { name: 'سرورهای نیازمند بررسی' });
    const [first, second] = within(attention).getAllByRole('listitem');
    expect(first!.textContent).toContain('آماده‌سازی ناموفق');
    expect(first!.textContent).toContain('علت: میزبان پاسخ نداد');
    expect(second!.textContent).toContain('روشن شدن طول کشیده');
    expect(second!.textContent).toContain('از ۲۵ دقیقه پیش');
    const staff = screen.getByRole('region', { name: 'همکاران آنلاین' });
    expect(staff.textContent).toContain('مدیر سامانهمدیر');
    expect(staff.textContent).toContain('سارا پشتیبان (شما)');
  });

  it('says so in Persian when every queue and list is empty', async () => {
    await renderPage(
      'Care/Home',
      {
        queues: { by_department: [], total: { waiting: 0, unassigned: 0, mine: 0, late: 0 } },
        kyc_waiting: 0,
        machines: [],
        staff_online: [],
      },
      care,
    );
    expect(screen.getByText('تیکتی منتظر پاسخ نیست')).toBeTruthy();
    expect(screen.getByText('همه سرورها روبه‌راه‌اند')).toBeTruthy();
    expect(screen.getByText('کسی از همکاران آنلاین نیست')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('دیرکرد۰');
  });

  it('links to the care pages this person was sent, and only those', async () => {
    await renderPage('Care/Home', props(), care);
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('link')).toBeNull();
    cleanup();

    const routes = sampleRoutes();
    routes.routes['care.instances.view'] = { uri: 'care/instances/{instance}', methods: ['GET', 'HEAD'] };
    routes.routes['care.verify.list'] = { uri: 'care/verify', methods: ['GET', 'HEAD'] };
    await renderPage('Care/Home', props(), { ...care, routes });
    expect(screen.getByRole('link', { name: 'رندر مشتری' }).getAttribute('href')).toBe('/care/instances/12');
    expect(screen.getByRole('link', { name: 'احراز هویت در انتظار' }).getAttribute('href')).toBe(
      '/care/verify',
    );
  });

  it("reads the failure in Persian; the driver's English only inside «جزئیات فنی», left to right", async () => {
    const detail =
      'provision: host tbz1-gpu-02 did not answer within 300 s (clone of win11-revit-2025 never started)';
    await renderPage(
      'Care/Home',
      props({
        machines: [{ ...failed, failure_reason: 'میزبان در مهلت مقرر پاسخ نداد', failure_detail: detail }],
      }),
      care,
    );
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('علت: میزبان در مهلت مقرر پاسخ نداد');
    const disclosure = main.querySelector('details')!;
    expect(disclosure.querySelector('summary')!.textContent).toBe('جزئیات فنی');
    const english = within(disclosure).getByText(detail);
    expect(english.getAttribute('dir')).toBe('ltr');
    // Outside the disclosure the page has no English sentence at all.
    const outside = main.cloneNode(true) as HTMLElement;
    for (const d of outside.querySelectorAll('details')) d.remove();
    expect(outside.textContent).not.toMatch(/did not answer|[A-Za-z]{4,} [A-Za-z]{2,}/);
  });
});
