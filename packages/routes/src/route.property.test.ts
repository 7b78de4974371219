import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { route } from './route';
import type { RoutesConfig } from './types';

// Path values may hold anything Laravel would put in a path segment except the characters that
// Laravel (and so Ziggy) deliberately leaves unencoded and that end a path segment: / ? # %.
const pathValue = fc
  .string({
    minLength: 1,
    maxLength: 8,
    unit: fc.constantFrom(..."abcz09-_.~ +&=@:;,!*|$()'رندفاسی".split('')),
  })
  .filter((s) => s.trim() === s || s.trim() !== '');
const staticPart = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
const queryKey = fc.stringMatching(/^q_[a-z]{1,5}$/);
const queryLeaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer().map(String), fc.constant('رندر فارم'));
const queryValue = fc.oneof(
  queryLeaf,
  // Empty arrays and objects leave no trace in a query string, so they cannot round-trip.
  fc.array(queryLeaf, { minLength: 1, maxLength: 20 }),
  fc.dictionary(fc.stringMatching(/^[a-z]{1,4}$/), queryLeaf, { minKeys: 1, maxKeys: 3 }),
);

const routeCase = fc
  .record({
    statics: fc.array(staticPart, { minLength: 1, maxLength: 3 }),
    paramCount: fc.integer({ min: 0, max: 3 }),
    optional: fc.boolean(),
    withOptional: fc.boolean(),
    absolute: fc.boolean(),
    domainParam: fc.boolean(),
  })
  .chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      values: fc.array(pathValue, { minLength: shape.paramCount + 2, maxLength: shape.paramCount + 2 }),
      query: fc.dictionary(queryKey, queryValue, { maxKeys: 4 }),
    }),
  );

describe('route() → current() round trip', () => {
  it('current(name, params) is true at the URL route(name, params) built, and params read back', () => {
    fc.assert(
      fc.property(routeCase, ({ shape, values, query }) => {
        const names = Array.from({ length: shape.paramCount }, (_, i) => `p${i}`);
        const parts = [...shape.statics.map((s, i) => (names[i] ? `${s}/{${names[i]}}` : s))];
        for (const extra of names.slice(shape.statics.length)) parts.push(`{${extra}}`);
        if (shape.optional) parts.push('{opt?}');
        const uri = parts.join('/');
        const domain = shape.domainParam && shape.absolute ? '{tenant}.app.test' : undefined;
        const config: RoutesConfig = {
          url: 'https://app.test',
          port: null,
          defaults: {},
          routes: {
            decoy: { uri: 'zz-decoy/{x}', methods: ['GET', 'HEAD'] },
            subject: { uri, methods: ['GET', 'HEAD'], ...(domain ? { domain } : {}) },
          },
        };
        const params: Record<string, unknown> = { ...query };
        names.forEach((n, i) => {
          params[n] = values[i];
        });
        if (shape.optional && shape.withOptional) params.opt = values[names.length];
        if (domain) params.tenant = 'acme';

        const url = route('subject', params, shape.absolute, config);
        const [beforeQuery = '', search = ''] = url.split(/\?(.*)/s);
        const path = shape.absolute ? beforeQuery.replace(/^https:\/\/[^/]+/, '') || '/' : beforeQuery;
        const host = shape.absolute ? (beforeQuery.match(/^https:\/\/([^/]+)/)?.[1] ?? '') : 'app.test';
        const here = { ...config, location: { host, pathname: path, search: search ? `?${search}` : '' } };

        const router = route(undefined, undefined, shape.absolute, here);
        expect(router.current()).toBe('subject');
        expect(router.current('subject', params)).toBe(true);
        expect(router.current('subj*')).toBe(true);
        for (const n of names) expect(router.routeParams?.[n]).toBe(params[n]);
        if (shape.optional) expect(router.routeParams?.opt).toBe(shape.withOptional ? params.opt : undefined);
        // A different value for any path parameter no longer matches.
        for (const n of names) {
          expect(router.current('subject', { ...params, [n]: `${String(params[n])}x` })).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
