import type { PanelActivityShowProps } from '@server/modules/activity/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { sampleRoutes } from '../../../test/sample-routes';

afterEach(cleanup);

function props(): PanelActivityShowProps {
  return {
    entries: {
      data: [
        {
          id: 1,
          event: 'instance:password.revealed',
          label: 'دیدن گذرواژهٔ سرور',
          subject: 'رندر ویلا',
          by: 'you',
          ip: '10.0.0.7',
          device: 'Chrome روی Windows',
          // 14:37 in Tehran (+03:30).
          at: '2026-11-24T11:07:00.000Z',
        },
      ],
      meta: { current_page: 1, has_more: false },
    },
    filters: { group: '', from: '', to: '' },
    groups: [{ value: 'instance', label: 'سرورها' }],
  };
}

describe('Panel/Activity/Show', () => {
  it('shows each event by its Persian label and when it happened to the minute, never its name', async () => {
    const routes = sampleRoutes();
    routes.routes['panel.activity.show'] = { uri: 'panel/activity', methods: ['GET', 'HEAD'] };
    await renderPage('Panel/Activity/Show', props(), { routes });
    const table = screen.getByRole('table');
    expect(within(table).getByText('دیدن گذرواژهٔ سرور')).toBeTruthy();
    expect(table.textContent).not.toContain('instance:');
    const time = table.querySelector('time')!;
    expect(time.textContent).toContain('۱۴:۳۷');
    expect(time.textContent).toContain('آذر');
  });
});
