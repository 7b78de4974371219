import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QueryRecorder, recordQueries } from '../../testing/query-recorder';
import { createAuthTestApp, newBrowser } from '../auth/test-support';

/**
 * What the public content pages cost the database for a guest on a warm process (settings, menus,
 * links and the redirect table in the cache): a change that adds a query per post or per folder
 * fails here. The session of a guest's browser is read once per request.
 */
const EXPECTED: [url: string, statements: number, why: string][] = [
  ['/about', 2, 'session, the page'],
  ['/blog', 5, 'session, posts, their count, folders, the featured post'],
  ['/blog/vray-vs-corona', 6, 'session, the post, related, previous, next, the author'],
  [
    '/articles/getting-started/first-machine',
    6,
    'session, folder, article, all folders (trail), docs tree (two)',
  ],
  ['/support?q=رمز', 5, 'session, page, search, docs tree (two)'],
];

describe('SQL statements per public page', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let recorder: QueryRecorder;
  beforeAll(async () => {
    t = await createAuthTestApp();
    recorder = recordQueries(t.database);
  });
  afterAll(() => t.close());

  for (const [url, expected, why] of EXPECTED) {
    it(`${url}: ${expected} (${why})`, async () => {
      const browser = await newBrowser(t);
      // Warm: the shared cache and the session exist.
      await browser.page(url);
      const { statements } = await recorder.measure(() => browser.page(url));
      expect(statements.length, statements.join('\n')).toBe(expected);
    });
  }
});
