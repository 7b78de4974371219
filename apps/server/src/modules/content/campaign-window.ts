import { jalaliMonthStart, tehranDayStart } from '../../lib/time/tehran-calendar';

/**
 * When a campaign runs (docs/domain.md, Content): a campaign page (`campaign:{slug}`) may carry a
 * first and a last day, whole Tehran days, set in Admin/Page. Outside them the menus, the footer
 * links and any list that points at `/campaign/{slug}` leave it out, and the page itself says the
 * campaign has not begun or has ended. Kept as instants: `starts_at` the first day's midnight,
 * `ends_at` the midnight after the last day (exclusive), so «تا پایان فروردین» means what it says.
 */
export interface CampaignWindow {
  startsAt: Date | null;
  endsAt: Date | null;
}

export type CampaignState = 'upcoming' | 'running' | 'ended';

const DAY_MS = 24 * 60 * 60 * 1000;

export function campaignState(window: CampaignWindow, now: Date): CampaignState {
  if (window.startsAt && now < window.startsAt) return 'upcoming';
  if (window.endsAt && now >= window.endsAt) return 'ended';
  return 'running';
}

/** `/campaign/nowruz` (or with a query or a trailing slash) → `nowruz`; null for any other URL. */
export function campaignSlugOf(url: string): string | null {
  return /^\/campaign\/([a-z0-9-]{1,60})\/?(?:[?#].*)?$/.exec(url)?.[1] ?? null;
}

/**
 * The items of a menu or link list that may be shown now: one pointing at a campaign that is not
 * running is left out, with its children (a campaign's sub-menu goes with it).
 */
export function withoutClosedCampaigns<T extends { url: string; children?: T[] }>(
  items: T[],
  windows: ReadonlyMap<string, CampaignWindow>,
  now: Date,
): T[] {
  return items.flatMap((item) => {
    const slug = campaignSlugOf(item.url);
    const window = slug ? windows.get(slug) : undefined;
    if (window && campaignState(window, now) !== 'running') return [];
    if (!item.children) return [item];
    // A parent whose only children were closed campaigns becomes a plain link.
    const { children, ...rest } = item;
    const open = withoutClosedCampaigns(children, windows, now);
    return [open.length ? { ...item, children: open } : (rest as T)];
  });
}

const isoDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Tehran calendar day an instant falls on, as an ISO day (`2026-03-21`), for a date field. */
export function tehranIsoDay(at: Date): string {
  return isoDayFormat.format(at);
}

const jalaliMonth = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'Asia/Tehran',
  month: 'numeric',
});

/** Farvardin (31 days, always) of the Jalali year `now` is in: the demo's Nowruz campaign. */
export function farvardinOf(now: Date): { startsAt: Date; endsAt: Date } {
  let start = jalaliMonthStart(now);
  for (let month = Number(jalaliMonth.format(now)); month > 1; month--) {
    start = jalaliMonthStart(new Date(start.getTime() - DAY_MS));
  }
  return { startsAt: tehranDayStart(start), endsAt: new Date(start.getTime() + 31 * DAY_MS) };
}
