import { router } from '@renderfarm/react';
import type { PanelJobsListProps } from '@server/modules/render/contracts';
import { act, cleanup, screen } from '@testing-library/react';
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
});

const shared = {
  auth: { user: CUSTOMER },
  routes: jobRoutes(),
  realtime: { key: 'k', host: 'localhost', port: 8080, scheme: 'http' as const },
};

const props = (overrides: Partial<PanelJobsListProps> = {}): PanelJobsListProps => ({
  jobs: { data: [sampleJob()], meta: { current_page: 1, per_page: 20, has_more: false } },
  filters: { status: '' },
  ...overrides,
});

describe('Panel/Jobs/List', () => {
  it('shows each job’s scene, frames done of total, status, cost and start', async () => {
    await renderPage('Panel/Jobs/List', props(), shared);
    const link = await screen.findAllByRole('link', { name: 'انیمیشن لوگو' });
    expect(link[0]!.getAttribute('href')).toBe('/panel/jobs/3f0c9a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6');
    expect(screen.getAllByText('shots/logo.blend')[0]!.getAttribute('dir')).toBe('ltr');
    const bar = screen.getAllByRole('progressbar')[0]!;
    expect(bar.getAttribute('aria-valuetext')).toBe('۲ از ۶ فریم');
    expect(screen.getAllByText('در حال رندر').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /رندر تازه/ })[0]!.getAttribute('href')).toBe(
      '/panel/jobs/create',
    );
  });

  it('says what to do when there is no job yet', async () => {
    await renderPage(
      'Panel/Jobs/List',
      props({ jobs: { data: [], meta: { current_page: 1, per_page: 20, has_more: false } } }),
      shared,
    );
    expect(await screen.findByText('هنوز رندری نفرستاده‌اید')).toBeTruthy();
  });

  it('keeps the progress live on the customer’s channel', async () => {
    const reload = vi.spyOn(router, 'reload').mockResolvedValue();
    await renderPage('Panel/Jobs/List', props(), shared);
    await screen.findAllByRole('progressbar');
    await act(async () => fire(`users.${CUSTOMER.id}`, 'JobUpdated'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(reload.mock.calls[0]![0]).toMatchObject({ only: ['jobs', 'auth', 'open_jobs'] });
  });
});
