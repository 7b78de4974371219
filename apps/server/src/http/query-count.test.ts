import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type TestBrowser } from '../modules/auth/test-support';
import { createTestApp, type TestApp } from '../testing/app';

/**
 * SQL statements per page, first load and the live reload (a partial reload of the props the
 * page refreshes on realtime events). Exact numbers: a change that adds queries to a page fails
 * here and is a decision, recorded in docs/benchmarks.md.
 */
let t: TestApp;
let counting = false;
let statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onQuery: (sql) => {
      if (counting) statements.push(sql);
    },
  });
});
afterAll(() => t.close());

async function count(run: () => Promise<unknown>): Promise<number> {
  statements = [];
  counting = true;
  try {
    await run();
  } finally {
    counting = false;
  }
  return statements.length;
}

const PAGES = [
  {
    url: '/panel',
    component: 'Panel/Home',
    as: 'customer',
    live: 'machines,burn_rate,hours_left,balance,tickets,auth',
  },
  { url: '/panel/instances', component: 'Panel/Instances/List', as: 'customer', live: 'items,auth' },
  { url: '/care', component: 'Care/Home', as: 'care', live: 'queues,machines' },
  { url: '/admin', component: 'Admin/Dash', as: 'admin', live: 'kpis,alerts' },
] as const;

/**
 * Measured on this code with the shared settings, menus and links already cached (the sign-ins
 * before warmed it; a cold first load adds 3). Each count includes the session read, the user
 * read and the session write. docs/benchmarks.md keeps the history.
 */
const EXPECTED: Record<string, { first: number; partial: number }> = {
  'Panel/Home': { first: 8, partial: 7 },
  'Panel/Instances/List': { first: 8, partial: 8 },
  'Care/Home': { first: 12, partial: 9 },
  'Admin/Dash': { first: 16, partial: 13 },
};

describe('SQL statements per page', () => {
  const browsers = new Map<string, TestBrowser>();
  beforeAll(async () => {
    for (const role of ['customer', 'care', 'admin']) {
      browsers.set(
        role,
        await logIn(t, `${role}@renderfarm.test`, 'password', { ip: `10.30.0.${browsers.size + 1}` }),
      );
    }
  });

  for (const page of PAGES) {
    it(`${page.component}: first load and live reload`, async () => {
      const browser = browsers.get(page.as)!;
      let version = '';
      const first = await count(async () => {
        const shown = await browser.page(page.url);
        expect(shown.component).toBe(page.component);
        version = String((shown as { version?: string }).version ?? '');
      });
      const partial = await count(async () => {
        const res = await browser.request('GET', page.url, undefined, {
          'x-inertia': 'true',
          'x-inertia-version': version,
          'x-inertia-partial-component': page.component,
          'x-inertia-partial-data': page.live,
        });
        expect(res.statusCode).toBe(200);
        expect(Object.keys(res.json().props).sort()).toEqual(
          expect.arrayContaining(page.live.split(',').filter((prop) => prop !== 'auth')),
        );
      });
      expect({ first, partial }, statements.join('\n')).toEqual(EXPECTED[page.component]);
    });
  }
});
