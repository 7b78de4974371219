import { router } from '@renderfarm/react';
import type { InstanceEditProps } from '@server/modules/instances/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { sampleRoutes } from '../../../test/sample-routes';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const props = (overrides: Partial<InstanceEditProps> = {}): InstanceEditProps => ({
  instance: {
    uuid: 'u-1',
    name: 'رندر ویلای شمال',
    plan: { title: 'حرفه‌ای RTX 4090', slug: 'rtx-4090' },
    location: { code: 'thr1', name: 'تهران ۱ (آسیاتک)' },
    image: { name: '3ds Max و V-Ray', os: 'Windows Server 2022' },
    status: 'ready',
    power: 'running',
    actions: ['stop', 'restart'],
    host: '185.213.10.21',
    port: 40000,
    username: 'render',
    price_per_hour: 950_000,
    running_since: new Date().toISOString(),
    power_changed_at: new Date().toISOString(),
    failure_reason: null,
    created_at: new Date().toISOString(),
    idle_stop_minutes: null,
    stop_below_balance: null,
  },
  images: [{ id: 1, name: '3ds Max و V-Ray', os: 'Windows Server 2022' }],
  can_delete: { allowed: true, reason: null },
  suggested_idle_stop_minutes: 120,
  schedule: [
    { weekday: 0, start: '09:00', stop: '18:00' },
    { weekday: 4, start: '20:00', stop: '08:00' },
  ],
  drive: { attached: null, choices: [] },
  ...overrides,
});

function routes() {
  const list = sampleRoutes();
  list.routes['panel.instances.view'] = { uri: 'panel/instances/{instance}', methods: ['GET'] };
  list.routes['panel.instances.update'] = { uri: 'panel/instances/{instance}', methods: ['PUT'] };
  list.routes['panel.instances.schedule'] = { uri: 'panel/instances/{instance}/schedule', methods: ['PUT'] };
  list.routes['panel.instances.reinstall'] = {
    uri: 'panel/instances/{instance}/reinstall',
    methods: ['POST'],
  };
  list.routes['panel.instances.destroy'] = { uri: 'panel/instances/{instance}', methods: ['DELETE'] };
  list.routes['panel.drives.attach'] = { uri: 'panel/drives/{drive}/attach', methods: ['POST'] };
  list.routes['panel.drives.detach'] = { uri: 'panel/drives/{drive}/detach', methods: ['POST'] };
  list.routes['panel.drives.show'] = { uri: 'panel/drives/{drive}', methods: ['GET'] };
  list.routes['panel.drives.list'] = { uri: 'panel/drives', methods: ['GET'] };
  return list;
}

const render = (overrides: Partial<InstanceEditProps> = {}) =>
  renderPage('Panel/Instances/Edit', props(overrides), { auth: { user: CUSTOMER }, routes: routes() });
const day = (name: string) => screen.getByRole('group', { name });
const section = () => screen.getByRole('region', { name: 'برنامهٔ هفتگی' });

describe('Panel/Instances/Edit: the weekly schedule', () => {
  it('has a row for each Persian weekday with a switch and the two times', async () => {
    await render();
    expect(within(section()).getAllByRole('group')).toHaveLength(7);
    for (const name of ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه']) {
      expect(within(day(name)).getByRole('checkbox', { name })).toBeTruthy();
    }
    const saturday = day('شنبه');
    expect((within(saturday).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect((within(saturday).getByLabelText('ساعت روشن شدن شنبه') as HTMLInputElement).value).toBe('09:00');
    expect((within(saturday).getByLabelText('ساعت خاموش شدن شنبه') as HTMLInputElement).value).toBe('18:00');
    // A day off keeps its times greyed out, ready to switch on.
    const sunday = day('یکشنبه');
    expect((within(sunday).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    expect((within(sunday).getByLabelText('ساعت روشن شدن یکشنبه') as HTMLInputElement).disabled).toBe(true);
    // Overnight rows keep their times (the stop falls on the next day).
    expect(
      (within(day('چهارشنبه')).getByLabelText('ساعت خاموش شدن چهارشنبه') as HTMLInputElement).value,
    ).toBe('08:00');
  });

  it('sends the days switched on, by weekday', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await render();
    const monday = day('دوشنبه');
    fireEvent.click(within(monday).getByRole('checkbox'));
    fireEvent.change(within(monday).getByLabelText('ساعت روشن شدن دوشنبه'), { target: { value: '07:30' } });
    fireEvent.change(within(monday).getByLabelText('ساعت خاموش شدن دوشنبه'), { target: { value: '16:00' } });
    fireEvent.click(within(day('چهارشنبه')).getByRole('checkbox'));
    fireEvent.click(within(section()).getByRole('button', { name: 'ذخیرهٔ برنامه' }));
    expect(visit).toHaveBeenCalledTimes(1);
    const [url, options] = visit.mock.calls[0]!;
    expect(url).toBe('/panel/instances/u-1/schedule');
    expect(options).toMatchObject({
      method: 'put',
      data: {
        days: [
          { weekday: 0, start: '09:00', stop: '18:00' },
          { weekday: 2, start: '07:30', stop: '16:00' },
        ],
      },
    });
  });

  it('shows each refusal beside the day it is about', async () => {
    const message = 'ساعت خاموش شدن با ساعت روشن شدن یکی است.';
    vi.spyOn(router, 'visit').mockImplementation(async (_url, options) => {
      // The second day sent (چهارشنبه) had its stop refused.
      (options as { onError?: (errors: Record<string, string>) => void }).onError?.({
        'days.1.stop': message,
      });
    });
    await render();
    fireEvent.click(within(section()).getByRole('button', { name: 'ذخیرهٔ برنامه' }));
    expect(await within(day('چهارشنبه')).findByText(message)).toBeTruthy();
    expect(within(day('شنبه')).queryByText(message)).toBeNull();
  });
});

describe('Panel/Instances/Edit: the suggested idle limit', () => {
  const field = () => screen.getByLabelText('خاموشی خودکار پس از چند دقیقه بیکاری') as HTMLInputElement;

  it("offers the site's suggestion in the hint, not as a placeholder that reads as a value", async () => {
    await render();
    expect(field().value).toBe('');
    expect(field().placeholder).toBe('');
    expect(document.body.textContent).toContain('پیشنهاد ما: ۱۲۰ دقیقه');
  });

  it('says nothing when the site has no suggestion', async () => {
    await render({ suggested_idle_stop_minutes: null });
    expect(field().placeholder).toBe('');
    expect(document.body.textContent).not.toContain('پیشنهاد ما');
  });
});

describe('Panel/Instances/Edit: the attached drive', () => {
  const card = () => screen.getByRole('region', { name: 'فضای ذخیره‌سازی' });
  const stopped: InstanceEditProps['instance'] = {
    ...props().instance,
    power: 'stopped',
    actions: ['start'],
  };
  const scenes = { uuid: 'd-1', name: 'صحنه‌های ویلا', size_gb: 200 };
  const frames = { uuid: 'd-2', name: 'فریم‌ها', size_gb: 50 };

  it("attaches the picked drive through that drive's own action", async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await render({ instance: stopped, drive: { attached: null, choices: [scenes, frames] } });
    fireEvent.change(within(card()).getByLabelText('فضا'), { target: { value: 'd-2' } });
    fireEvent.click(within(card()).getByRole('button', { name: 'وصل کردن به این سرور' }));
    expect(visit).toHaveBeenCalledTimes(1);
    const [url, options] = visit.mock.calls[0]!;
    expect(url).toBe('/panel/drives/d-2/attach');
    expect(options).toMatchObject({ method: 'post', data: { instance: 'u-1' } });
  });

  it('detaches the attached drive, and asks for the machine to be stopped first', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue();
    await render({ drive: { attached: scenes, choices: [frames] } });
    const detach = within(card()).getByRole('button', { name: 'جدا کردن' }) as HTMLButtonElement;
    expect(detach.disabled).toBe(true);
    expect(card().textContent).toContain('نخست سرور را خاموش کنید');
    cleanup();
    await render({ instance: stopped, drive: { attached: scenes, choices: [frames] } });
    fireEvent.click(within(card()).getByRole('button', { name: 'جدا کردن' }));
    expect(visit.mock.calls[0]![0]).toBe('/panel/drives/d-1/detach');
  });

  it('points to the drives page when there is no free drive in this location', async () => {
    await render({ instance: stopped });
    expect(within(card()).getByRole('link', { name: 'ساخت فضای تازه' }).getAttribute('href')).toBe(
      '/panel/drives',
    );
  });
});
