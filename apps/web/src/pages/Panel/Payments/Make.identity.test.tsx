import { router } from '@renderfarm/react';
import type { PanelPaymentsMakeProps } from '@server/modules/billing/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

// The realtime connection, faked where the app makes it: the test fires the server's events.
const channels = vi.hoisted(() => new Map<string, Map<string, Set<(data: unknown) => void>>>());
vi.mock('../../../lib/realtime/realtime-client', () => {
  const channel = (name: string) => {
    const listeners = channels.get(name) ?? new Map<string, Set<(data: unknown) => void>>();
    channels.set(name, listeners);
    const named = (event: string) => (event.startsWith('.') ? event.slice(1) : `App\\Events\\${event}`);
    type Api = Record<'listen' | 'stopListening' | 'notification', (...args: never[]) => Api>;
    const api: Api = {
      listen: (event: string, callback: (data: unknown) => void) => {
        const set = listeners.get(named(event)) ?? new Set();
        set.add(callback);
        listeners.set(named(event), set);
        return api;
      },
      stopListening: (event: string, callback: (data: unknown) => void) => {
        listeners.get(named(event))?.delete(callback);
        return api;
      },
      notification: () => api,
    };
    return api;
  };
  const client = {
    // A live link that works: the layout's notice stays quiet.
    connection: { state: 'connected', onState: () => () => {} },
    private: (name: string) => channel(`private-${name}`),
    leave: () => {},
    socketId: () => null,
  };
  return { realtimeClient: () => client, currentSocketId: () => null };
});

afterEach(() => {
  cleanup();
  channels.clear();
  vi.restoreAllMocks();
});

function routes() {
  const list = sampleRoutes();
  list.routes['panel.payments.store'] = { uri: 'panel/payments', methods: ['POST'] };
  return list;
}

const props = (overrides: Partial<PanelPaymentsMakeProps> = {}): PanelPaymentsMakeProps => ({
  presets: [5_000_000, 10_000_000],
  amount: null,
  min: 1_000_000,
  max: 500_000_000,
  vat_rate: 10,
  tax_inclusive: false,
  gateway: { name: 'test', label: 'درگاه آزمایشی', test: true },
  kyc_room: 20_000_000,
  kyc_status: 'none',
  balance: 0,
  invoice: null,
  ...overrides,
});

const shared = {
  auth: { user: { ...CUSTOMER, kyc_status: 'none' } },
  routes: routes(),
  realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' as const },
};

describe('Panel/Payments/Make and the identity check', () => {
  it('tells a customer who has not started the check to start it', async () => {
    await renderPage('Panel/Payments/Make', props({ kyc_status: 'draft' }), shared);
    const notice = screen.getByText(/هنوز احراز هویت نشده است/).closest('p')!;
    expect(within(notice).getByRole('link', { name: 'احراز هویت' })).toBeTruthy();
  });

  it('tells a customer whose check is with care that it is being reviewed, not missing', async () => {
    for (const status of ['submitted', 'under_review']) {
      await renderPage('Panel/Payments/Make', props({ kyc_status: status }), shared);
      const notice = screen.getByText(/در حال بررسی است/).closest('p')!;
      expect(screen.queryByText(/هنوز احراز هویت نشده/)).toBeNull();
      expect(within(notice).getByRole('link', { name: 'دیدن وضعیت درخواست' })).toBeTruthy();
      cleanup();
    }
  });

  it('follows KycDecided: the cap and the status come again from the server', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => Promise.resolve());
    await renderPage('Panel/Payments/Make', props({ kyc_status: 'under_review' }), shared);
    const listeners = channels.get(`private-users.${CUSTOMER.id}`)?.get('KycDecided') ?? new Set();
    expect(listeners.size).toBeGreaterThan(0);
    for (const callback of listeners) act(() => callback({ status: 'approved' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload.mock.calls[0]![0]?.only).toEqual(expect.arrayContaining(['kyc_room', 'kyc_status']));
  });
});
