import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn } from '../modules/auth/test-support';
import { MEASURED_PAGES, measurePageQueries } from '../testing/page-queries';
import { type QueryRecorder, recordQueries } from '../testing/query-recorder';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

/**
 * What a page costs the database, so a change that adds a query to every page (or loses the
 * laziness of a partial reload) fails here. docs/benchmarks.md lists these numbers. Counted on a
 * warm process: the shared settings, menus, links and staff switches are in the cache (the first
 * request after a start reads them once), and no session write is due.
 */
// Every signed-in load also counts the bell's unread notifications (one indexed count; a partial
// reload does not ask for shared props). Issue 17 may fold it into the session's own read.
const EXPECTED: Record<(typeof MEASURED_PAGES)[number]['route'], { full: number; partial: number }> = {
  // Session + user, unread count, machines (and their plan and location names: two), tickets, announcements; the
  // live reload leaves the announcements out.
  // (+1 since render jobs: the count of the customer's jobs under way, in the header.)
  'panel.home': { full: 8, partial: 5 },
  // Session + user, unread count, the page of machines and their plans, locations, images and ports.
  'panel.instances.list': { full: 8, partial: 6 },
  // Session + user, unread count, queues, KYC waiting, machines (three), staff online (two); the reload: machines.
  'care.home': { full: 9, partial: 4 },
  // Session + user, unread count and eight summaries (capacity and machines three each), this month's ledger by
  // day (every money figure: kept ended days and today's lines in one statement), payments in review, low
  // stock and the latest payments with their payers' names; the reload: the month's ledger by day, active
  // customers, capacity (two).
  'admin.dash': { full: 15, partial: 5 },
};

describe('SQL statements per page', () => {
  let t: T;
  let recorder: QueryRecorder;

  beforeAll(async () => {
    t = await createAuthTestApp();
    recorder = recordQueries(t.database);
  });
  afterAll(() => t.close());

  it('reads the menus again once a write forgets them, and only them', async () => {
    const browser = await logIn(t, MEASURED_PAGES[0].user);
    await browser.page('/panel');
    await t.app.services.cache.forget('menus');
    const { statements } = await recorder.measure(() => browser.page('/panel'));
    expect(statements.filter((sql) => /from "menus"/.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(EXPECTED['panel.home'].full + 1);
  });

  for (const page of MEASURED_PAGES) {
    const expected = EXPECTED[page.route];
    it(`${page.route}: ${expected.full} statements for a load, ${expected.partial} for a partial reload`, async () => {
      const counted = await measurePageQueries(t, recorder, page);
      expect(counted.partialProps.sort()).toEqual([...page.partial, 'errors'].sort());
      expect(counted.full.length, counted.full.join('\n')).toBe(expected.full);
      expect(counted.partial.length, counted.partial.join('\n')).toBe(expected.partial);
    });
  }
});
