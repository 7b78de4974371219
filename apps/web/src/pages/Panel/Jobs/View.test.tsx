import { router } from '@renderfarm/react';
import type { PanelJobsViewProps } from '@server/modules/render/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fire, resetChannels } from '../../../test/fake-realtime';
import { renderPage } from '../../../test/render-page';
import { CUSTOMER } from '../../../test/sample-page';
import { jobRoutes, sampleJob, sampleTask } from '../../../test/sample-render';

vi.mock('../../../lib/realtime/realtime-client', async () =>
  (await import('../../../test/fake-realtime')).fakeRealtimeClient(),
);

afterEach(() => {
  cleanup();
  resetChannels();
});

const JOB = sampleJob();
const CHANNEL = `render-jobs.${JOB.uuid}`;

function props(overrides: Partial<PanelJobsViewProps> = {}): PanelJobsViewProps {
  return {
    job: JOB,
    tasks: [sampleTask(1, 'completed'), sampleTask(3, 'active'), sampleTask(5, 'queued')],
    last_frame: { name: 'frame_0002.png', url: `/panel/jobs/${JOB.uuid}/frames/frame_0002.png` },
    output_url: `/panel/drives/${JOB.scene.drive.uuid}?path=renders%2F${JOB.uuid}`,
    download_url: `/panel/jobs/${JOB.uuid}/download`,
    ...overrides,
  };
}

const shared = {
  auth: { user: CUSTOMER },
  routes: jobRoutes(),
  realtime: { key: 'k', host: 'localhost', port: 8080, scheme: 'http' as const },
};

describe('Panel/Jobs/View', () => {
  it('colours the frame grid by task status, in words too, with the last frame and the cost', async () => {
    await renderPage('Panel/Jobs/View', props(), shared);
    const grid = await screen.findByRole('list', { name: 'بخش‌های رندر' });
    const cells = within(grid).getAllByRole('listitem');
    expect(cells.map((c) => c.getAttribute('data-status'))).toEqual(['completed', 'active', 'queued']);
    expect(cells[0]!.getAttribute('aria-label')).toBe('فریم‌های ۱ تا ۲: رندر شد');
    expect(screen.getByText('رندر شد: ۱')).toBeTruthy();
    const picture = screen.getByRole('img', { name: /آخرین فریم رندرشده/ }) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(`/panel/jobs/${JOB.uuid}/frames/frame_0002.png`);
    // 150 Rial so far, estimate 75 (56–113) Rial: in Toman.
    expect(screen.getByText('هزینه تا کنون').nextElementSibling?.textContent).toBe('۱۵تومان');
    expect(screen.getByText('بین ۶ تومان و ۱۱ تومان')).toBeTruthy();
    expect(screen.getByRole('link', { name: /دریافت همهٔ فریم‌ها/ }).getAttribute('href')).toBe(
      `/panel/jobs/${JOB.uuid}/download`,
    );
    expect(screen.getByRole('link', { name: /پوشهٔ خروجی/ })).toBeTruthy();
    // The id in a left-to-right isolate, Latin digits.
    const id = screen.getByText(JOB.uuid);
    expect(id.getAttribute('dir')).toBe('ltr');
  });

  it('keeps Blender’s log under «جزئیات فنی», left to right', async () => {
    await renderPage('Panel/Jobs/View', props(), shared);
    const log = await screen.findByText(/Saved: frame_0002.png/);
    expect(log.tagName).toBe('PRE');
    expect(log.getAttribute('dir')).toBe('ltr');
    expect(log.closest('details')?.querySelector('summary')?.textContent).toBe('جزئیات فنی');
  });

  it('offers the actions the server allows, and posts them', async () => {
    const post = vi.spyOn(router, 'visit').mockResolvedValue(undefined as never);
    await renderPage('Panel/Jobs/View', props(), shared);
    expect(screen.queryByRole('button', { name: 'ادامه' })).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'توقف' }).click());
    expect(post).toHaveBeenCalledWith(
      `/panel/jobs/${JOB.uuid}/pause`,
      expect.objectContaining({ method: 'post' }),
    );
  });

  it('reloads its props on the job’s channel, without a page load', async () => {
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    await renderPage('Panel/Jobs/View', props(), shared);
    await screen.findByRole('list', { name: 'بخش‌های رندر' });
    await act(async () => fire(CHANNEL, 'TaskUpdated'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(reload.mock.calls[0]![0]).toMatchObject({
      only: expect.arrayContaining(['job', 'tasks', 'last_frame']),
    });
  });

  it('says why a job failed and that there is no frame yet', async () => {
    await renderPage(
      'Panel/Jobs/View',
      props({
        job: sampleJob({
          status: 'failed',
          failure_reason: 'صحنه روی ۳ نود ناموفق ماند.',
          actions: ['requeue'],
        }),
        tasks: [sampleTask(1, 'failed')],
        last_frame: null,
        download_url: null,
        output_url: null,
      }),
      shared,
    );
    expect(await screen.findByText('صحنه روی ۳ نود ناموفق ماند.')).toBeTruthy();
    expect(screen.getByText(/نخستین فریم که رندر شود/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'رندر دوبارهٔ بخش‌های ناموفق' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /دریافت همهٔ فریم‌ها/ })).toBeNull();
  });
});
