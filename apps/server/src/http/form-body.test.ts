import { describe, expect, it } from 'vitest';
import { parseQs } from './form-body';

describe('parseQs', () => {
  it('reads nested brackets and arrays, as the page client writes them', () => {
    expect(parseQs('q=rtx&filter[status]=open&filter[ids][]=1&filter[ids][]=2')).toEqual({
      q: 'rtx',
      filter: { status: 'open', ids: ['1', '2'] },
    });
  });

  it('keeps the protocol limits: depth 5, 20 array items, 1000 parameters', () => {
    const deep = parseQs('a[b][c][d][e][f][g]=1') as Record<string, any>;
    expect(deep.a.b.c.d.e.f).toEqual({ '[g]': '1' });
    const long = parseQs(Array.from({ length: 22 }, (_, i) => `x[${i}]=${i}`).join('&')) as Record<
      string,
      any
    >;
    expect(Array.isArray(long.x)).toBe(false);
    expect(Object.keys(parseQs(Array.from({ length: 1200 }, (_, i) => `k${i}=1`).join('&')))).toHaveLength(
      1000,
    );
  });
});
