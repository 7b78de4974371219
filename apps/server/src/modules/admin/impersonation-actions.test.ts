import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { refusedWhileImpersonating } from './impersonation';
import { IMPERSONATION_ACTION_LABELS, impersonationActionSentence } from './impersonation-actions';

const PERSIAN = /^[\u0600-\u06FF\u200C\s«»،؛()-]+$/;

describe('what an impersonating admin did, in words', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  // The routes the guard logs: a change (not GET), open to a signed-in customer, not refused.
  const reachable = () =>
    t.app.routeList
      .all()
      .filter(
        (r) =>
          r.methods.some((m) => m !== 'GET' && m !== 'HEAD') &&
          ['anyone', 'user', 'customer'].includes(String(r.meta.access)) &&
          r.name !== 'impersonate.leave' &&
          // The render node protocol answers a node's own token, never a browser session.
          !r.name.startsWith('render-node.') &&
          refusedWhileImpersonating({ name: r.name, uri: r.uri }) === null,
      )
      .map((r) => r.name);

  it('names every route an impersonator can use in Persian', () => {
    const routes = reachable();
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((name) => !IMPERSONATION_ACTION_LABELS[name]);
    expect(missing, 'routes an impersonator can use without a Persian label').toEqual([]);
    for (const name of routes) expect(impersonationActionSentence(name), name).toMatch(PERSIAN);
  });

  it('keeps no label for a route that is not there or not reachable', () => {
    const routes = new Set(reachable());
    expect(Object.keys(IMPERSONATION_ACTION_LABELS).filter((name) => !routes.has(name))).toEqual([]);
  });
});
