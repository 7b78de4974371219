import { router } from '@renderfarm/react';
import type { PanelHomeProps } from '@server/modules/dashboard/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { CUSTOMER } from '../../test/sample-page';
import { sampleRoutes } from '../../test/sample-routes';

// The realtime connection, faked at the one place the app makes it: the test plays the server
// and fires events on the user's private channel.
const channels = vi.hoisted(() => new Map<string, Map<string, Set<(data: unknown) => void>>>());
vi.mock('../../lib/realtime/realtime-client', () => {
  const channel = (name: string) => {
    const listeners = channels.get(name) ?? new Map<string, Set<(data: unknown) => void>>();
    channels.set(name, listeners);
    const on = (event: string, callback: (data: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(callback);
      listeners.set(event, set);
    };
    // As the real client names events: a leading dot opts out of the `App\Events` namespace.
    const named = (event: string) => (event.startsWith('.') ? event.slice(1) : `App\\Events\\${event}`);
    type Api = Record<'listen' | 'stopListening' | 'notification', (...args: never[]) => Api>;
    const api: Api = {
      listen: (event: string, callback: (data: unknown) => void) => {
        on(named(event), callback);
        return api;
      },
      stopListening: (event: string, callback: (data: unknown) => void) => {
        listeners.get(named(event))?.delete(callback);
        return api;
      },
      notification: (callback: (data: unknown) => void) => {
        on('notification', callback);
        return api;
      },
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

const fire = (channel: string, event: string) => {
  for (const callback of channels.get(channel)?.get(event) ?? []) callback({});
};

afterEach(() => {
  cleanup();
  channels.clear();
  vi.restoreAllMocks();
});

const HOUR = 60 * 60 * 1000;

function props(overrides: Partial<PanelHomeProps> = {}): PanelHomeProps {
  return {
    balance: 5_200_000,
    burn_rate: 1_600_000,
    hours_left: 3,
    machines: [
      {
        uuid: 'a1',
        name: 'رندر شبانه',
        plan: 'حرفه‌ای RTX 4090',
        location: 'تهران ۱ (آسیاتک)',
        status: 'ready',
        power: 'running',
        price_per_hour: 950_000,
        running_since: new Date(Date.now() - 2 * HOUR - 15 * 60 * 1000 - 10_000).toISOString(),
      },
      {
        uuid: 'b2',
        name: 'انیمیشن',
        plan: 'اقتصادی RTX 3090',
        location: 'تبریز ۱',
        status: 'ready',
        power: 'starting',
        price_per_hour: 650_000,
        running_since: null,
      },
    ],
    kyc_status: 'approved',
    suspended: false,
    tickets: [
      {
        uuid: 't1',
        subject: 'کندی رندر',
        department: 'فنی',
        status: 'answered',
        last_message_at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
      },
      {
        uuid: 't2',
        subject: 'فاکتور رسمی',
        department: 'مالی',
        status: 'customer_reply',
        last_message_at: new Date(Date.now() - HOUR).toISOString(),
      },
    ],
    announcements: [
      {
        slug: 'new-plans',
        title: 'پلن‌های تازه RTX 4090',
        excerpt: 'از این هفته',
        published_at: '2025-03-20T20:30:00Z',
      },
    ],
    ...overrides,
  };
}

const customer = { auth: { user: CUSTOMER } };

describe('Panel/Home', () => {
  it('shows the balance, what an hour costs and about how long it lasts, in Toman and Persian digits', async () => {
    await renderPage('Panel/Home', props(), customer);
    const wallet = screen.getByRole('region', { name: 'کیف پول' });
    expect(wallet.textContent).toContain('۵۲۰٬۰۰۰');
    expect(wallet.textContent).toContain('ساعتی۱۶۰٬۰۰۰تومان');
    expect(wallet.textContent).toContain('حدود ۳ ساعت');
    // Three hours is not yet low.
    expect(within(wallet).queryByRole('alert')).toBeNull();
    expect(within(wallet).getByRole('link', { name: 'افزایش اعتبار' }).getAttribute('href')).toBe(
      '/panel/payments/create',
    );
  });

  it('warns visibly, with a way to top up, when fewer than three hours are left', async () => {
    await renderPage('Panel/Home', props({ hours_left: 2 }), customer);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('کمتر از ۳ ساعت دیگر تمام می‌شود');
    expect(within(alert).getByRole('link', { name: 'افزایش اعتبار' })).toBeTruthy();
  });

  it('says less than an hour, not zero hours, when the balance is nearly spent', async () => {
    await renderPage('Panel/Home', props({ hours_left: 0, balance: 10_000 }), customer);
    expect(screen.getByRole('region', { name: 'کیف پول' }).textContent).toContain('کمتر از یک ساعت');
  });

  it('adds days to a long stretch of hours', async () => {
    await renderPage('Panel/Home', props({ hours_left: 75 }), customer);
    expect(screen.getByRole('region', { name: 'کیف پول' }).textContent).toContain('حدود ۷۵ ساعت (۳ روز)');
  });

  it('lists the running machines with plan, place, power in Persian, uptime and hourly price', async () => {
    await renderPage('Panel/Home', props(), customer);
    const section = screen.getByRole('region', { name: /سرورهای روشن/ });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('رندر شبانه');
    expect(items[0]!.textContent).toContain('حرفه‌ای RTX 4090');
    expect(items[0]!.textContent).toContain('تهران ۱ (آسیاتک)');
    expect(items[0]!.textContent).toContain('روشن');
    expect(items[0]!.textContent).toContain('مدت روشن بودن: ۲ ساعت و ۱۵ دقیقه');
    expect(items[0]!.textContent).toContain('۹۵٬۰۰۰');
    expect(items[1]!.textContent).toContain('در حال روشن شدن');
    expect(items[1]!.textContent).not.toContain('مدت روشن بودن');
  });

  it('has an empty state when nothing runs, and says the balance is not being spent', async () => {
    await renderPage(
      'Panel/Home',
      props({ machines: [], burn_rate: 0, hours_left: null, tickets: [], announcements: [] }),
      customer,
    );
    expect(screen.getByText('هیچ سروری روشن نیست')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /اجاره سرور جدید/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'کیف پول' }).textContent).toContain('بدون مصرف');
    expect(screen.getByText('تیکت بازی ندارید')).toBeTruthy();
    expect(screen.getByText('اطلاعیه تازه‌ای نیست')).toBeTruthy();
  });

  it('shows open tickets with their status in Persian and when the last message came', async () => {
    await renderPage('Panel/Home', props(), customer);
    const section = screen.getByRole('region', { name: 'تیکت‌های باز' });
    const [first, second] = within(section).getAllByRole('listitem');
    expect(first!.textContent).toContain('پاسخ داده شد');
    expect(first!.textContent).toContain('۵ دقیقه پیش');
    expect(second!.textContent).toContain('در انتظار پاسخ پشتیبانی');
  });

  it('links only to the pages this user was sent', async () => {
    const routes = sampleRoutes(['panel.payments.make', 'panel.instances.make']);
    await renderPage('Panel/Home', props({ hours_left: 1 }), { ...customer, routes });
    // The page's own links (the layout's menu is not its business).
    const main = within(screen.getByRole('main'));
    expect(main.queryByRole('link', { name: 'افزایش اعتبار' })).toBeNull();
    expect(main.queryByRole('link', { name: /اجاره سرور جدید/ })).toBeNull();
    // Neither the machine pages nor the ticket pages exist in this list: names are plain text.
    expect(main.getByText('رندر شبانه').closest('a')).toBeNull();
    expect(main.getByText('کندی رندر').closest('a')).toBeNull();
  });

  it('links machine names and ticket subjects to their pages once those pages are in the list', async () => {
    const routes = sampleRoutes();
    routes.routes['panel.instances.view'] = { uri: 'panel/instances/{instance}', methods: ['GET', 'HEAD'] };
    routes.routes['panel.tickets.edit'] = { uri: 'panel/tickets/{ticket}', methods: ['GET', 'HEAD'] };
    await renderPage('Panel/Home', props(), { ...customer, routes });
    expect(screen.getByRole('link', { name: 'رندر شبانه' }).getAttribute('href')).toBe('/panel/instances/a1');
    expect(screen.getByRole('link', { name: 'کندی رندر' }).getAttribute('href')).toBe('/panel/tickets/t1');
  });

  it('asks for identity verification until it is approved, with the step that fits the state', async () => {
    await renderPage('Panel/Home', props({ kyc_status: 'none' }), customer);
    const banner = screen.getByRole('region', { name: /احراز هویت/ });
    expect(within(banner).getByRole('link', { name: 'شروع احراز هویت' }).getAttribute('href')).toBe(
      '/panel/account/verify',
    );
    cleanup();

    await renderPage('Panel/Home', props({ kyc_status: 'under_review' }), customer);
    const waiting = screen.getByRole('region', { name: /احراز هویت/ });
    expect(waiting.textContent).toContain('در حال بررسی');
    expect(within(waiting).queryByRole('link')).toBeNull();
    cleanup();

    await renderPage('Panel/Home', props(), customer);
    expect(screen.queryByRole('region', { name: /احراز هویت/ })).toBeNull();
  });

  it('tells a suspended account what it can still do and offers no new machine', async () => {
    await renderPage('Panel/Home', props({ suspended: true }), customer);
    expect(screen.getAllByRole('alert')[0]!.textContent).toContain('حساب شما معلق شده است');
    expect(screen.queryByRole('link', { name: /اجاره سرور جدید/ })).toBeNull();
  });

  it('reloads machines, balance and tickets when the private channel says a machine or ticket changed', async () => {
    let finish: () => void = () => {};
    const reload = vi
      .spyOn(router, 'reload')
      .mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    await renderPage('Panel/Home', props(), {
      ...customer,
      realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' },
    });
    const channel = `private-users.${CUSTOMER.id}`;

    act(() => fire(channel, 'InstanceUpdated'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reload.mock.calls[0]![0]?.only).toEqual(
      expect.arrayContaining(['machines', 'burn_rate', 'hours_left', 'balance', 'tickets']),
    );
    expect(screen.getByText('در حال به‌روزرسانی…')).toBeTruthy();

    // Two more while the first is in flight: one more reload, not two.
    act(() => fire(channel, 'TicketUpdated'));
    act(() => fire(channel, 'InstanceUpdated'));
    expect(reload).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(reload).toHaveBeenCalledTimes(2);
    await act(async () => finish());
    expect(screen.queryByText('در حال به‌روزرسانی…')).toBeNull();

    // An event of another kind is not this page's business.
    act(() => fire(channel, 'PaymentUpdated'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('stops listening when the page is left', async () => {
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    const view = await renderPage('Panel/Home', props(), {
      ...customer,
      realtime: { key: 'test-key', host: 'localhost', port: 8080, scheme: 'http' },
    });
    view.unmount();
    act(() => fire(`private-users.${CUSTOMER.id}`, 'InstanceUpdated'));
    expect(reload).not.toHaveBeenCalled();
  });
});
