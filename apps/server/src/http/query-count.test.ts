import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../db/demo-data';
import { createAuthTestApp, logIn, type TestBrowser } from '../modules/auth/test-support';
import { type QueryRecorder, recordQueries } from '../testing/query-recorder';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

const email = (key: (typeof DEMO_USERS)[number]['key']) => DEMO_USERS.find((u) => u.key === key)!.email;

/**
 * What a page costs the database, so a change that adds a query to every page (or loses the
 * laziness of a partial reload) fails here. docs/benchmarks.md lists these numbers. Counted on a
 * warm process: the shared settings, menus, links and staff switches are in the cache (the first
 * request after a start reads them once), and no session write is due.
 */
const PAGES = [
  {
    route: 'panel.home',
    url: '/panel',
    user: email('customer'),
    component: 'Panel/Home',
    // What the page's live reload asks for (apps/web Panel/Home.tsx).
    partial: ['machines', 'burn_rate', 'hours_left', 'balance', 'tickets', 'auth'],
    // Session + user, machines (and their plan and location names: two), tickets, announcements; the
    // live reload leaves the announcements out.
    statements: { full: 6, partial: 5 },
  },
  {
    route: 'panel.instances.list',
    url: '/panel/instances',
    user: email('customer'),
    component: 'Panel/Instances/List',
    partial: ['items', 'auth'],
    // Session + user, the page of machines and their plans, locations, images and ports.
    statements: { full: 6, partial: 6 },
  },
  {
    route: 'care.home',
    url: '/care',
    user: email('care'),
    component: 'Care/Home',
    partial: ['machines'],
    // Session + user, queues, KYC waiting, machines (three), staff online (two); the reload: machines.
    statements: { full: 8, partial: 4 },
  },
  {
    route: 'admin.dash',
    url: '/admin',
    user: email('admin'),
    component: 'Admin/Dash',
    partial: ['kpis'],
    // Session + user and eight summaries (capacity and machines three each); the reload: revenue
    // twice, active customers, capacity (two).
    statements: { full: 12, partial: 6 },
  },
] as const;

describe('SQL statements per page', () => {
  let t: T;
  let recorder: QueryRecorder;

  beforeAll(async () => {
    t = await createAuthTestApp();
    recorder = recordQueries(t.database);
  });
  afterAll(() => t.close());

  async function measurePage(page: (typeof PAGES)[number]) {
    const browser: TestBrowser = await logIn(t, page.user);
    // The first page after signing in uses up the sign-in flash (a session write): not a steady load.
    const warm = await browser.page(page.url);
    expect(warm.component).toBe(page.component);
    const full = await recorder.measure(() => browser.page(page.url));
    expect(full.result.component).toBe(page.component);
    const partial = await recorder.measure(() =>
      browser.request('GET', page.url, undefined, {
        'x-inertia': 'true',
        'x-inertia-version': String(warm.version ?? ''),
        'x-inertia-partial-component': page.component,
        'x-inertia-partial-data': page.partial.join(','),
      }),
    );
    expect(partial.result.statusCode).toBe(200);
    expect(Object.keys(partial.result.json().props).sort()).toEqual([...page.partial, 'errors'].sort());
    return { full: full.statements, partial: partial.statements };
  }

  it('reads the menus again once a write forgets them, and only them', async () => {
    const browser = await logIn(t, email('customer'));
    await browser.page('/panel');
    await t.app.services.cache.forget('menus');
    const { statements } = await recorder.measure(() => browser.page('/panel'));
    expect(statements.filter((sql) => /from "menus"/.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(PAGES[0].statements.full + 1);
  });

  for (const page of PAGES) {
    it(`${page.route}: ${page.statements.full} statements for a load, ${page.statements.partial} for a partial reload`, async () => {
      const counted = await measurePage(page);
      expect(counted.full.length, counted.full.join('\n')).toBe(page.statements.full);
      expect(counted.partial.length, counted.partial.join('\n')).toBe(page.statements.partial);
    });
  }
});
