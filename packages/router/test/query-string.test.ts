import { parseQuery } from '@renderfarm/routes';
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { transformUrlAndData } from '../src/url';

/**
 * GET data goes to the query string through @renderfarm/routes' codec; these tests prove, on
 * random nested data, that it is exactly what qs produces (brackets format, values encoded as
 * Inertia does), and that what the server reads back with docs/protocol.md's limits (depth 5,
 * arrayLimit 20, parameterLimit 1000) is what qs reads.
 */
const QS_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000, ignoreQueryPrefix: true } as const;

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
const leaf = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom('رندر', 'a b&c=d', '۱۲۳'),
);
const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  ),
})).node;
const data = fc.dictionary(key, tree, { minKeys: 1, maxKeys: 5 });

describe('GET data in the query string (qs brackets format)', () => {
  it('is exactly qs.stringify(data, { arrayFormat: "brackets", encodeValuesOnly: true })', () => {
    fc.assert(
      fc.property(data, (value) => {
        const [url] = transformUrlAndData('http://localhost/search', value, 'get');
        expect(url.search.slice(1)).toBe(
          qs.stringify(value, { arrayFormat: 'brackets', encodeValuesOnly: true }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reads back as qs.parse with depth 5, arrayLimit 20, parameterLimit 1000', () => {
    fc.assert(
      fc.property(data, (value) => {
        const [url] = transformUrlAndData('http://localhost/search', value, 'get');
        expect(parseQuery(url.search)).toEqual(qs.parse(url.search, QS_LIMITS));
      }),
      { numRuns: 300 },
    );
  });

  it('the limits hold at their exact values', () => {
    const deep = { a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } };
    const list21 = { list: Array.from({ length: 21 }, (_, i) => i) };
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]));
    for (const value of [deep, list21, many]) {
      const [url] = transformUrlAndData('http://localhost/x', value, 'get');
      expect(parseQuery(url.search)).toEqual(qs.parse(url.search, QS_LIMITS));
    }
    const [deepUrl] = transformUrlAndData('http://localhost/x', deep, 'get');
    // Depth 5: the sixth level and below stay one literal key.
    expect(parseQuery(deepUrl.search)).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': 'deep' } } } } } } });
    const [listUrl] = transformUrlAndData('http://localhost/x', list21, 'get');
    // arrayLimit 20: 21 items are no longer an array.
    expect(Array.isArray(parseQuery(listUrl.search).list)).toBe(false);
    const [manyUrl] = transformUrlAndData('http://localhost/x', many, 'get');
    // parameterLimit 1000: the 1001st parameter is dropped.
    expect(Object.keys(parseQuery(manyUrl.search))).toHaveLength(1000);
  });

  it('queryStringArrayFormat: "indices" writes a[0]=… as qs does', () => {
    const value = { tags: ['a', 'b'], filter: { gpu: ['rtx'] } };
    const [url] = transformUrlAndData('http://localhost/s', value, 'get', false, 'indices');
    expect(url.search.slice(1)).toBe(qs.stringify(value, { arrayFormat: 'indices', encodeValuesOnly: true }));
    expect(decodeURIComponent(url.search)).toBe('?tags[0]=a&tags[1]=b&filter[gpu][0]=rtx');
  });

  it("keeps the URL's own parameters and replaces those named in data", () => {
    const [url] = transformUrlAndData(
      'http://localhost/users?page=2&sort=name&tags[]=x',
      { page: 3, tags: ['a'] },
      'get',
    );
    expect(qs.parse(url.search, QS_LIMITS)).toEqual({ page: '3', sort: 'name', tags: ['a'] });
  });
});
