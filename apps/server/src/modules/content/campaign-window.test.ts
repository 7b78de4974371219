import { describe, expect, it } from 'vitest';
import {
  campaignSlugOf,
  campaignState,
  farvardinOf,
  tehranIsoDay,
  withoutClosedCampaigns,
} from './campaign-window';

const at = (iso: string) => new Date(iso);
// 1 Farvardin 1405 is 21 March 2026; 1 Ordibehesht 1405 is 21 April 2026 (Tehran, UTC+03:30).
const NOWRUZ = { startsAt: at('2026-03-20T20:30:00Z'), endsAt: at('2026-04-20T20:30:00Z') };

describe('campaign window', () => {
  it('runs from the first day’s midnight to the midnight after the last day, Tehran time', () => {
    expect(campaignState(NOWRUZ, at('2026-03-20T20:29:59Z'))).toBe('upcoming');
    expect(campaignState(NOWRUZ, at('2026-03-20T20:30:00Z'))).toBe('running');
    expect(campaignState(NOWRUZ, at('2026-04-20T20:29:59Z'))).toBe('running');
    expect(campaignState(NOWRUZ, at('2026-04-20T20:30:00Z'))).toBe('ended');
    expect(campaignState({ startsAt: null, endsAt: null }, at('2030-01-01T00:00:00Z'))).toBe('running');
  });

  it('finds Farvardin of the Jalali year a day is in (Azar 1405 → Farvardin 1405)', () => {
    expect(farvardinOf(at('2026-11-27T08:00:00Z'))).toEqual(NOWRUZ);
    expect(farvardinOf(at('2026-03-21T00:00:00Z'))).toEqual(NOWRUZ);
    expect(tehranIsoDay(NOWRUZ.startsAt)).toBe('2026-03-21');
    expect(tehranIsoDay(new Date(NOWRUZ.endsAt.getTime() - 1))).toBe('2026-04-20');
  });

  it('reads a campaign page’s address, and nothing else', () => {
    expect(campaignSlugOf('/campaign/nowruz')).toBe('nowruz');
    expect(campaignSlugOf('/campaign/nowruz/?utm_source=x')).toBe('nowruz');
    expect(campaignSlugOf('/campaigns/nowruz')).toBeNull();
    expect(campaignSlugOf('https://example.com/campaign/nowruz')).toBeNull();
  });

  it('leaves a closed campaign out of a menu, with its children, and keeps the rest', () => {
    const windows = new Map([['nowruz', NOWRUZ]]);
    const menu = [
      { label: 'تعرفه‌ها', url: '/prices' },
      { label: 'جشنواره', url: '/campaign/nowruz', children: [{ label: 'شرایط', url: '/terms-of-service' }] },
      { label: 'دیگر', url: '/about', children: [{ label: 'نوروز', url: '/campaign/nowruz' }] },
    ];
    expect(withoutClosedCampaigns(menu, windows, at('2026-11-27T08:00:00Z'))).toEqual([
      { label: 'تعرفه‌ها', url: '/prices' },
      { label: 'دیگر', url: '/about' },
    ]);
    expect(withoutClosedCampaigns(menu, windows, at('2026-04-01T08:00:00Z'))).toEqual(menu);
  });
});
