import { router } from '@renderfarm/react';
import type { InstanceViewProps } from '@server/modules/instances/contracts';
import { act, cleanup, screen } from '@testing-library/react';
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

const fire = (event: string) => {
  for (const callback of listeners.get(`.${event}`) ?? []) callback();
};

function props(overrides: Partial<InstanceViewProps> = {}): InstanceViewProps {
  return {
    instance: {
      uuid: 'u-off',
      name: 'انیمیشن تبلیغاتی',
      plan: { title: 'حرفه‌ای RTX 4090', slug: 'rtx-4090' },
      location: { code: 'thr1', name: 'تهران ۱ (آسیاتک)' },
      image: { name: '3ds Max و V-Ray', os: 'Windows Server 2022' },
      status: 'ready',
      power: 'stopped',
      actions: ['start'],
      host: '185.213.10.21',
      port: 33891,
      username: 'render',
      price_per_hour: 950_000,
      running_since: null,
      power_changed_at: '2026-11-27T04:39:00.000Z',
      failure_reason: null,
      created_at: '2026-11-20T04:00:00.000Z',
      password_waiting: false,
      idle_stop_minutes: null,
      suspend_reason: null,
    },
    balance: 5_000_000,
    // 08:06 to 08:09 Tehran, three charged minutes, as billing kept them.
    session: {
      open: false,
      minutes: 3,
      from: '2026-11-27T04:36:00.000Z',
      to: '2026-11-27T04:39:00.000Z',
      amount: 47_499,
    },
    activity: [],
    ...overrides,
  };
}

function routes() {
  const list = sampleRoutes();
  for (const [name, uri, method] of [
    ['panel.instances.power', 'panel/instances/{instance}/power', 'POST'],
    ['panel.instances.password', 'panel/instances/{instance}/password', 'POST'],
    ['panel.instances.rdp', 'panel/instances/{instance}/rdp', 'GET'],
  ] as const)
    list.routes[name] = { uri, methods: [method], parameters: ['instance'] };
  return list;
}

const shared = (flash: Record<string, string> = {}) => ({
  auth: { user: CUSTOMER },
  routes: routes(),
  realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' as const },
  flash,
});

describe('Panel/Instances/View', () => {
  it('keeps the last session’s duration, range and final cost once the machine is off', async () => {
    await renderPage('Panel/Instances/View', props(), shared());
    const cost = await screen.findByText('هزینهٔ آخرین نوبت روشن بودن');
    expect(cost.nextElementSibling?.textContent).toBe('۴٬۷۵۰ تومان');
    const duration = screen.getByText('مدت آخرین نوبت');
    expect(duration.nextElementSibling?.textContent).toBe('۶ آذر ۱۴۰۵، ۳ دقیقه، از ۰۸:۰۶ تا ۰۸:۰۹');
  });

  it('drops the flash about the power request when the machine’s state changes, and keeps the password', async () => {
    vi.spyOn(router, 'reload').mockResolvedValue();
    await renderPage(
      'Panel/Instances/View',
      props(),
      shared({
        success: 'درخواست خاموش کردن «انیمیشن تبلیغاتی» ثبت شد؛ چند لحظه دیگر خاموش می‌شود.',
        secret: 'Pa55-word',
      }),
    );
    expect(await screen.findByText(/چند لحظه دیگر خاموش می‌شود/)).toBeTruthy();
    await act(async () => fire('InstanceUpdated'));
    await vi.waitFor(() => expect(screen.queryByText(/چند لحظه دیگر خاموش می‌شود/)).toBeNull());
    expect(screen.getByText('Pa55-word')).toBeTruthy();
  });
});
