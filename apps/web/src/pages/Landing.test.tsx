import type { LandingProps } from '@server/modules/content/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-page';

afterEach(cleanup);

const props = (campaign: LandingProps['campaign']): LandingProps => ({
  page: {
    key: 'campaign:nowruz',
    title: 'جشنوارهٔ نوروزی رندر',
    body: '<p>هدیه</p>',
    seo: { title: null, description: null },
  },
  slug: 'nowruz',
  plans: [],
  utm: { utm_source: 'instagram' },
  campaign,
});

describe('Landing', () => {
  it('says an ended campaign has ended, with its last day, and offers the prices instead of its sign-up', async () => {
    await renderPage('Landing', props({ state: 'ended', first_day: '2026-03-21', last_day: '2026-04-20' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'این جشنواره به پایان رسیده است (آخرین روز: ۳۱ فروردین ۱۴۰۵).',
    );
    expect(screen.queryByRole('link', { name: 'همین حالا ثبت‌نام کنید' })).toBeNull();
    expect(screen.getByRole('link', { name: 'دیدن تعرفه‌ها' }).getAttribute('href')).toBe('/prices');
  });

  it('keeps the sign-up with its UTM tags while the campaign runs, and says until when', async () => {
    await renderPage('Landing', props({ state: 'running', first_day: '2026-03-21', last_day: '2026-04-20' }));
    const signUp = await screen.findByRole('link', { name: 'همین حالا ثبت‌نام کنید' });
    expect(signUp.getAttribute('href')).toBe('/register?utm_source=instagram');
    expect(screen.getByText(/تا پایان/).textContent).toBe('این جشنواره تا پایان ۳۱ فروردین ۱۴۰۵ برقرار است.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
