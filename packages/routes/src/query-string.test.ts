import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parseQuery, stringifyQuery } from './query-string';

// The reference: qs with the options the protocol names (docs/protocol.md: depth 5, array limit 20,
// parameter limit 1000; these are also qs's defaults).
const qsParse = (s: string) =>
  qs.parse(s, { ignoreQueryPrefix: true, depth: 5, arrayLimit: 20, parameterLimit: 1000 });

const key = fc.oneof(
  fc.constantFrom(
    'a',
    'b',
    'name',
    '0',
    '1',
    '19',
    '20',
    '21',
    'x y',
    'ç',
    'فارسی',
    '',
    'a.b',
    'k[',
    'k]',
    '&',
    '=',
  ),
  fc.string({ maxLength: 6 }),
);
const leaf = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('', ' ', '+', '%', '%25', 'رندر', '😀', 'a&b=c', '[]'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.bigInt(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);
const { data } = fc.letrec((tie) => ({
  data: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 25 }),
    fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  ),
}));

const stringifyOptions = fc.record(
  {
    arrayFormat: fc.constantFrom('brackets' as const, 'indices' as const),
    encodeValuesOnly: fc.boolean(),
    skipNulls: fc.boolean(),
    addQueryPrefix: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe('stringifyQuery equals qs.stringify', () => {
  it('on random nested data, for every option combination', () => {
    fc.assert(
      fc.property(data, stringifyOptions, (value, options) => {
        const reference = qs.stringify(value, { arrayFormat: 'brackets', ...options });
        expect(stringifyQuery(value, options)).toBe(reference);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('defaults to brackets with encoded keys (qs defaults but brackets)', () => {
    expect(stringifyQuery({ a: [1, 2], b: { c: 'x y' } })).toBe('a%5B%5D=1&a%5B%5D=2&b%5Bc%5D=x%20y');
    expect(stringifyQuery({ a: [1, 2] }, { arrayFormat: 'indices', encodeValuesOnly: true })).toBe(
      'a[0]=1&a[1]=2',
    );
    expect(stringifyQuery({ a: null, b: undefined, c: '' })).toBe('a=&c=');
    expect(stringifyQuery({ a: null, c: 1 }, { skipNulls: true, addQueryPrefix: true })).toBe('?c=1');
    expect(stringifyQuery({}, { addQueryPrefix: true })).toBe('');
    expect(stringifyQuery("!'()*~")).toBe('');
    expect(stringifyQuery({ q: "!'()*~" })).toBe('q=%21%27%28%29%2A~');
    expect(stringifyQuery({ q: '\uD800x' })).toBe('q=%EF%BF%BDx');
  });
});

describe('parseQuery equals qs.parse (depth 5, arrayLimit 20, parameterLimit 1000)', () => {
  it('reads back what either format of stringify wrote, as qs does', () => {
    fc.assert(
      fc.property(data, stringifyOptions, (value, options) => {
        const s = stringifyQuery(value, options);
        expect(parseQuery(s)).toStrictEqual(qsParse(s));
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  // Hand-written and hostile strings: duplicated keys, mixed value/object conflicts, indices
  // around the array limit, unbalanced brackets, encoded brackets, prototype keys.
  const segment = fc.oneof(
    fc.constantFrom(
      '[]',
      '[0]',
      '[1]',
      '[2]',
      '[19]',
      '[20]',
      '[25]',
      '[a]',
      '[b]',
      '[',
      ']',
      '[[a]]',
      '%5B',
      '%5D',
      '.c',
    ),
    fc.constantFrom('a', 'b', '0', 'toString', '__proto__', 'constructor', 'x'),
  );
  const queryKey = fc
    .tuple(fc.constantFrom('a', 'b', '', '0', 'hasOwnProperty'), fc.array(segment, { maxLength: 8 }))
    .map(([head, rest]) => head + rest.join(''));
  const pair = fc.tuple(
    queryKey,
    fc.option(fc.constantFrom('', '1', 'two', 'x+y', '%E2%9C%93', '%zz', '=', '%5B'), { nil: undefined }),
  );
  const query = fc
    .array(pair, { maxLength: 30 })
    .map((pairs) => pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&'));

  it('on random hostile query strings', () => {
    fc.assert(
      fc.property(query, (s) => {
        expect(parseQuery(s)).toStrictEqual(qsParse(s));
      }),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('on long runs of one array key (the array limit)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 45 }),
        fc.constantFrom('a[]', 'a', 'a[b][]', 'a[][b]'),
        (n, k) => {
          const s = Array.from({ length: n }, (_, i) => `${k}=${i}`).join('&');
          expect(parseQuery(s)).toStrictEqual(qsParse(s));
        },
      ),
    );
  });
});

describe('parseQuery limits', () => {
  it('depth 5: the sixth bracket group onwards stays one literal key', () => {
    expect(parseQuery('a[b][c][d][e][f][g][h]=1')).toStrictEqual({
      a: { b: { c: { d: { e: { f: { '[g][h]': '1' } } } } } },
    });
    expect(parseQuery('a[b][c][d][e][f]=1')).toStrictEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
  });

  it('array limit 20: index 19 makes an array, index 20 an object', () => {
    expect(parseQuery('a[19]=x')).toStrictEqual({ a: ['x'] });
    expect(parseQuery('a[20]=x')).toStrictEqual({ a: { 20: 'x' } });
  });

  it('array limit 20: 20 pushed items stay an array, the 21st turns it into an indexed object', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `a[]=${i}`).join('&');
    expect(parseQuery(twenty).a).toStrictEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    const twentyOne = `${twenty}&a[]=20`;
    const expected = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [String(i), String(i)]));
    expect(parseQuery(twentyOne).a).toStrictEqual(expected);
  });

  it('parameter limit 1000: parameters after the 1000th are dropped', () => {
    const s = Array.from({ length: 1005 }, (_, i) => `p${i}=${i}`).join('&');
    const parsed = parseQuery(s);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.p999).toBe('999');
    expect(parsed.p1000).toBeUndefined();
  });

  it('ignores keys that would shadow Object.prototype, and a leading ?', () => {
    expect(parseQuery('?__proto__[x]=1&toString=2&a[constructor]=3&ok=4')).toStrictEqual({ ok: '4' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('decodes + and percent escapes, keeping malformed escapes as text', () => {
    expect(parseQuery('q=a+b%20c&bad=%zz&fa=%D8%B1%D9%86%D8%AF%D8%B1')).toStrictEqual({
      q: 'a b c',
      bad: '%zz',
      fa: 'رندر',
    });
  });
});
