import { router } from '@renderfarm/react';
import type { InstanceListProps, OwnedMachine } from '@server/modules/instances/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

// The realtime connection, faked where the app makes it: the test fires events on the channel.
const listeners = vi.hoisted(() => new Map<string, Set<() => void>>());
vi.mock('../../../lib/realtime/realtime-client', () => {
  const api = {
    listen: (event: string, callback: () => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(callback);
      listeners.set(event, set);
      return api;
    },
    stopListening: (event: string, callback: () => void) => {
      listeners.get(event)?.delete(callback);
      return api;
    },
    notification: () => api,
  };
  // A live link that works: the layout's notice stays quiet.
  const connection = { state: 'connected', onState: () => () => {} };
  const client = { connection, private: () => api, leave: () => {}, socketId: () => null };
  return { realtimeClient: () => client, currentSocketId: () => null };
});

afterEach(() => {
  cleanup();
  listeners.clear();
  vi.restoreAllMocks();
});

const HOUR = 60 * 60 * 1000;

function machine(overrides: Partial<OwnedMachine>): OwnedMachine {
  return {
    uuid: 'u-run',
    name: 'رندر ویلای شمال',
    plan: { title: 'حرفه‌ای RTX 4090', slug: 'rtx-4090' },
    location: { code: 'thr1', name: 'تهران ۱ (آسیاتک)' },
    image: { name: '3ds Max و V-Ray', os: 'Windows Server 2022' },
    status: 'ready',
    power: 'running',
    actions: ['stop', 'restart'],
    host: '185.213.10.21',
    port: 33891,
    username: 'render',
    price_per_hour: 950_000,
    running_since: new Date(Date.now() - 3 * HOUR - 20 * 60 * 1000).toISOString(),
    power_changed_at: new Date().toISOString(),
    failure_reason: null,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

const MACHINES = [
  machine({}),
  machine({
    uuid: 'u-off',
    name: 'انیمیشن تبلیغاتی',
    power: 'stopped',
    actions: ['start'],
    host: null,
    port: null,
    running_since: null,
    price_per_hour: 650_000,
  }),
  machine({
    uuid: 'u-failed',
    name: 'سرور آزمایشی',
    status: 'provision_failed',
    power: 'stopped',
    actions: [],
    host: null,
    port: null,
    running_since: null,
    failure_reason: 'آماده‌سازی سرور ناموفق بود؛ پشتیبانی در حال پیگیری است.',
  }),
];

const props = (data = MACHINES): InstanceListProps => ({
  items: { data, meta: { current_page: 1, per_page: 25, has_more: false } },
});

function routes() {
  const list = sampleRoutes();
  list.routes['panel.instances.list'] = { uri: 'panel/instances', methods: ['GET', 'HEAD'] };
  list.routes['panel.instances.power'] = {
    uri: 'panel/instances/{instance}/power',
    methods: ['POST'],
    parameters: ['instance'],
  };
  return list;
}

const shared = () => ({
  auth: { user: CUSTOMER },
  routes: routes(),
  realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' as const },
});

const card = (name: string) => screen.getByRole('listitem', { name: new RegExp(name) });

describe('Panel/Instances/List', () => {
  it('shows each machine: plan, place, state in Persian, hourly Toman price, uptime, address, failure', async () => {
    await renderPage('Panel/Instances/List', props(), shared());
    expect(screen.getByRole('heading', { level: 1, name: 'سرورهای من' })).toBeTruthy();
    const running = card('رندر ویلای شمال');
    expect(running.textContent).toContain('حرفه‌ای RTX 4090');
    expect(running.textContent).toContain('تهران ۱ (آسیاتک)');
    expect(running.textContent).toContain('روشن');
    expect(running.textContent).toContain('ساعتی۹۵٬۰۰۰تومان');
    expect(running.textContent).toContain('مدت روشن بودن: ۳ ساعت و ۲۰ دقیقه');
    // The address stays Latin and left to right, with a copy button.
    const address = within(running).getByText('185.213.10.21:33891');
    expect(address.getAttribute('dir')).toBe('ltr');
    expect(within(running).getByRole('button', { name: /کپی نشانی/ })).toBeTruthy();

    const off = card('انیمیشن تبلیغاتی');
    expect(off.textContent).toContain('خاموش');
    expect(off.textContent).not.toContain('مدت روشن بودن');
    expect(off.textContent).not.toContain('نشانی اتصال');

    const failed = card('سرور آزمایشی');
    expect(failed.textContent).toContain('آماده‌سازی ناموفق');
    expect(failed.textContent).toContain('پشتیبانی در حال پیگیری است');
  });

  it('offers only the actions the machine allows now', async () => {
    await renderPage('Panel/Instances/List', props(), shared());
    const names = (name: string) =>
      within(card(name))
        .queryAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => !t?.includes('کپی'));
    expect(names('رندر ویلای شمال')).toEqual(['خاموش کردن', 'راه‌اندازی دوباره']);
    expect(names('انیمیشن تبلیغاتی')).toEqual(['روشن کردن']);
    expect(names('سرور آزمایشی')).toEqual([]);
  });

  it('asks before stopping, and sends nothing when the customer changes their mind', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await renderPage('Panel/Instances/List', props(), shared());
    fireEvent.click(within(card('رندر ویلای شمال')).getByRole('button', { name: 'خاموش کردن' }));
    const dialog = screen.getByRole('dialog', { name: 'خاموش کردن «رندر ویلای شمال»؟' });
    expect(dialog.textContent).toContain('کار ذخیره‌نشده از دست می‌رود');
    fireEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    expect(visit).not.toHaveBeenCalled();

    fireEvent.click(within(card('رندر ویلای شمال')).getByRole('button', { name: 'راه‌اندازی دوباره' }));
    fireEvent.click(screen.getByRole('button', { name: 'بله، راه‌اندازی دوباره' }));
    expect(visit).toHaveBeenCalledTimes(1);
    const [url, options] = visit.mock.calls[0]!;
    expect(url).toBe('/panel/instances/u-run/power');
    expect(options).toMatchObject({ method: 'post', data: { action: 'restart' } });
  });

  it('starts at once, without a dialog', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await renderPage('Panel/Instances/List', props(), shared());
    fireEvent.click(within(card('انیمیشن تبلیغاتی')).getByRole('button', { name: 'روشن کردن' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(visit.mock.calls[0]![0]).toBe('/panel/instances/u-off/power');
    expect(visit.mock.calls[0]![1]).toMatchObject({ data: { action: 'start' } });
  });

  it('shows a refusal beside the machine it is about, not the others', async () => {
    const refusal = 'موجودی کیف پول شما کمتر از هزینهٔ یک ساعت کار این سرور است.';
    vi.spyOn(router, 'visit').mockImplementation(async (_url, options) => {
      (options as { onError?: (errors: Record<string, string>) => void }).onError?.({ action: refusal });
    });
    await renderPage('Panel/Instances/List', props(), shared());
    await act(async () => {
      fireEvent.click(within(card('انیمیشن تبلیغاتی')).getByRole('button', { name: 'روشن کردن' }));
    });
    expect(card('انیمیشن تبلیغاتی').textContent).toContain(refusal);
    expect(card('رندر ویلای شمال').textContent).not.toContain(refusal);
  });

  it('says so when there is no machine yet', async () => {
    await renderPage('Panel/Instances/List', props([]), shared());
    expect(screen.getByText('هنوز سروری اجاره نکرده‌اید')).toBeTruthy();
  });

  it('reloads the list when a machine of this customer changes', async () => {
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    await renderPage('Panel/Instances/List', props(), shared());
    act(() => {
      for (const callback of listeners.get('.InstanceUpdated') ?? []) callback();
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload.mock.calls[0]![0]?.only).toContain('items');
  });
});
