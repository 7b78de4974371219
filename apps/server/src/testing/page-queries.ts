import { DEMO_USERS } from '../db/demo-data';
import { logIn } from '../modules/auth/test-support';
import type { TestApp } from './app';
import type { QueryRecorder } from './query-recorder';

const email = (key: (typeof DEMO_USERS)[number]['key']) => DEMO_USERS.find((u) => u.key === key)!.email;

/**
 * The pages whose SQL statements are counted (issue 10): each signed in as its demo user, with
 * the props its partial reload asks for. The query-count test holds the numbers; `pnpm bench`
 * writes them to docs/benchmarks.md.
 */
export const MEASURED_PAGES = [
  {
    route: 'panel.home',
    url: '/panel',
    user: email('customer'),
    component: 'Panel/Home',
    // What the page's live reload asks for (apps/web Panel/Home.tsx).
    partial: ['machines', 'burn_rate', 'hours_left', 'balance', 'tickets', 'auth'],
  },
  {
    route: 'panel.instances.list',
    url: '/panel/instances',
    user: email('customer'),
    component: 'Panel/Instances/List',
    partial: ['items', 'auth'],
  },
  { route: 'care.home', url: '/care', user: email('care'), component: 'Care/Home', partial: ['machines'] },
  { route: 'admin.dash', url: '/admin', user: email('admin'), component: 'Admin/Dash', partial: ['kpis'] },
] as const;

export type MeasuredPage = (typeof MEASURED_PAGES)[number];

/**
 * The statements of a first load (the HTML document) and of a partial reload of one page, on a
 * warm process: the page is loaded once before, which fills the shared cache and uses up the
 * sign-in flash (a session write that is not part of a steady load).
 */
export async function measurePageQueries(t: TestApp, recorder: QueryRecorder, page: MeasuredPage) {
  const browser = await logIn(t, page.user);
  const warm = await browser.page(page.url);
  if (warm.component !== page.component) throw new Error(`${page.url} rendered ${warm.component}`);
  const full = await recorder.measure(() => browser.page(page.url));
  const partial = await recorder.measure(() =>
    browser.request('GET', page.url, undefined, {
      'x-inertia': 'true',
      'x-inertia-version': String(warm.version ?? ''),
      'x-inertia-partial-component': page.component,
      'x-inertia-partial-data': page.partial.join(','),
    }),
  );
  if (partial.result.statusCode !== 200) {
    throw new Error(`partial reload of ${page.url} answered ${partial.result.statusCode}`);
  }
  return {
    full: full.statements,
    partial: partial.statements,
    fullPage: full.result,
    partialProps: Object.keys(partial.result.json().props as object),
  };
}
