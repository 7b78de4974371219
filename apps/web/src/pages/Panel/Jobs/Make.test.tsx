import { router } from '@renderfarm/react';
import type { PanelJobsMakeProps } from '@server/modules/render/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fire, resetChannels } from '../../../test/fake-realtime';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { jobRoutes, sampleJob } from '../../../test/sample-render';

vi.mock('../../../lib/realtime/realtime-client', async () =>
  (await import('../../../test/fake-realtime')).fakeRealtimeClient(),
);

afterEach(() => {
  cleanup();
  resetChannels();
  vi.useRealTimers();
});

const shared = {
  auth: { user: CUSTOMER },
  routes: jobRoutes(),
  realtime: { key: 'k', host: 'localhost', port: 8080, scheme: 'http' as const },
};

const FINDINGS = {
  blender_version: '3.4.1',
  engine: 'CYCLES',
  frame_start: 1,
  frame_end: 250,
  resolution_x: 1920,
  resolution_y: 1080,
  resolution_percentage: 50,
  cameras: ['Camera', 'Close'],
  active_camera: 'Camera',
  output_format: 'PNG',
  samples: 128,
  denoise: { enabled: true, kind: 'OPENIMAGEDENOISE', available: false },
  missing_files: [{ type: 'image', name: 'wood.png', path: '//textures/wood.png' }],
  sample_frame: 1,
  sample_seconds: 12.4,
};

function props(overrides: Partial<PanelJobsMakeProps> = {}): PanelJobsMakeProps {
  return {
    drives: [
      {
        uuid: 'd1d1d1d1-0000-4000-8000-000000000001',
        name: 'پروژه‌ها',
        can_write: true,
        upload_url: '/panel/drives/d1d1d1d1-0000-4000-8000-000000000001/files',
        scenes: [
          {
            path: 'shots/logo.blend',
            name: 'logo.blend',
            size: 2_400_000,
            created_at: '2026-11-27T04:00:00.000Z',
          },
        ],
      },
    ],
    selected: { drive: '', path: '' },
    check: null,
    settings: {
      frames: '1-250',
      chunk: '5',
      format: 'PNG',
      resolution: '50',
      samples: '',
      priority: 'standard',
    },
    quote: null,
    quote_errors: {},
    prices: { standard: 1500, express: 3000 },
    balance: 1_250_000,
    kyc_status: 'approved',
    limits: { max_frames: 10_000, max_chunk: 1000, max_samples: 65_536 },
    idempotency_key: 'key-1',
    ...overrides,
  };
}

const checked = (findings: Record<string, unknown> | null) =>
  sampleJob({
    status: 'checking',
    check: findings,
    frames: null,
    chunk: null,
    format: null,
    actions: ['cancel'],
  });

describe('Panel/Jobs/Make', () => {
  it('offers the drive’s scenes and sends the chosen one to be checked', async () => {
    const visit = vi.spyOn(router, 'visit').mockResolvedValue(undefined as never);
    await renderPage('Panel/Jobs/Make', props(), shared);
    expect(screen.getByText(/هر دقیقهٔ نود، عادی/).nextElementSibling?.textContent).toBe('۱۵۰تومان');
    const check = screen.getByRole('button', { name: 'بررسی صحنه' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /shots\/logo.blend/ }));
    expect(check.disabled).toBe(false);
    await act(async () => check.click());
    expect(visit).toHaveBeenCalledWith(
      '/panel/jobs/check',
      expect.objectContaining({
        method: 'post',
        data: { drive: 'd1d1d1d1-0000-4000-8000-000000000001', path: 'shots/logo.blend' },
      }),
    );
  });

  it('offers the Blender add-on as a file to download, with the install steps', async () => {
    await renderPage('Panel/Jobs/Make', props(), shared);
    const card = screen.getByRole('region', { name: 'ارسال رندر از داخل Blender' });
    const link = screen.getByRole('link', { name: /دریافت افزونهٔ Blender/ });
    expect(card.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('/software/blender-addon.zip');
    expect(link.hasAttribute('download')).toBe(true);
    expect(card.querySelectorAll('ol > li')).toHaveLength(4);
    expect(card.textContent).toContain('Edit › Preferences › Add-ons › Install…');
  });

  it('waits for a running check live and by polling, then shows its findings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    const running = checked(null);
    const view = await renderPage('Panel/Jobs/Make', props({ check: running }), shared);
    expect(screen.getByText(/یک نود رندر صحنه را باز می‌کند/)).toBeTruthy();
    await act(async () => fire(`render-jobs.${running.uuid}`, 'JobUpdated'));
    await vi.waitFor(() =>
      expect(reload).toHaveBeenCalledWith(
        expect.objectContaining({ only: ['check', 'settings', 'quote', 'quote_errors'] }),
      ),
    );
    // And by polling, in case the live link is down.
    reload.mockClear();
    await act(async () => vi.advanceTimersByTime(3100));
    expect(reload).toHaveBeenCalledWith(
      expect.objectContaining({ only: ['check', 'settings', 'quote', 'quote_errors'] }),
    );
    vi.useRealTimers();
    view.unmount();

    await renderPage('Panel/Jobs/Make', props({ check: checked(FINDINGS) }), shared);
    expect(screen.getByText('نسخهٔ Blender').nextElementSibling?.textContent).toBe('3.4.1');
    expect(screen.getByText('موتور رندر').nextElementSibling?.textContent).toBe('Cycles');
    expect(screen.getByText('بازهٔ فریم‌ها').nextElementSibling?.textContent).toBe('۱ تا ۲۵۰');
    expect(screen.getByText('وضوح').nextElementSibling?.textContent).toBe('1920×1080 در ۵۰٪');
    expect(screen.getByText('دوربین‌ها').nextElementSibling?.textContent).toBe('Camera (فعال)، Close');
    expect(screen.getByText('نمونه‌های صحنه').nextElementSibling?.textContent).toBe('۱۲۸');
    expect(screen.getByText('حذف نویز').nextElementSibling?.textContent).toContain('حذف نویز ندارد');
    expect(screen.getByText('زمان فریم نمونه').nextElementSibling?.textContent).toBe('۱۲٫۴ ثانیه (فریم ۱)');
    expect(screen.getByText('//textures/wood.png').getAttribute('dir')).toBe('ltr');
  });

  it('shows the estimate and the balance after it, and asks again when the settings change', async () => {
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    const check = checked(FINDINGS);
    await renderPage(
      'Panel/Jobs/Make',
      props({
        check,
        quote: {
          frames: 250,
          tasks: 50,
          frame_seconds: 3.1,
          price_per_minute: 1500,
          estimate: 19_380,
          low: 14_535,
          high: 29_070,
          balance: 1_250_000,
          balance_after: 1_230_620,
        },
      }),
      shared,
    );
    expect(screen.getByText('برآورد هزینه').nextElementSibling?.textContent).toBe('۱٬۹۳۸تومان');
    expect(screen.getByText(/بین ۱٬۴۵۴ تومان و ۲٬۹۰۷ تومان؛ ۲۵۰ فریم در ۵۰ بخش/)).toBeTruthy();
    expect(screen.getByText('موجودی پس از این رندر').nextElementSibling?.textContent).toBe('۱۲۳٬۰۶۲ تومان');
    fireEvent.change(screen.getByLabelText('فریم‌ها'), { target: { value: '1-10' } });
    await vi.waitFor(() =>
      expect(reload).toHaveBeenCalledWith(
        expect.objectContaining({
          only: ['quote', 'quote_errors'],
          data: expect.objectContaining({ frames: '1-10', check: check.uuid }),
        }),
      ),
    );
  });

  it('puts the server’s Persian errors beside their fields, and blocks without an identity check', async () => {
    await renderPage(
      'Panel/Jobs/Make',
      {
        ...props({ check: checked(FINDINGS), kyc_status: 'pending' }),
        errors: { frames: 'شمارهٔ فریم‌ها از ۱ شروع می‌شود.', chunk: 'هر بخش دست‌کم ۱ فریم است.' },
      },
      shared,
    );
    expect(screen.getByText('شمارهٔ فریم‌ها از ۱ شروع می‌شود.')).toBeTruthy();
    expect(screen.getByText('هر بخش دست‌کم ۱ فریم است.')).toBeTruthy();
    expect(screen.getByText(/پس از تأیید احراز هویت/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'ثبت رندر' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
