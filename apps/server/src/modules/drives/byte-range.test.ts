import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-0', { kind: 'partial', start: 0, end: 0 }],
    ['bytes=-500', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=990-2000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'whole' }],
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=99999999999999999999-', { kind: 'whole' }],
  ] as const)('%s of 1000 bytes → %j', (header, answer) => {
    expect(parseRange(header, 1000)).toEqual(answer);
  });

  it('has nothing to give from an empty file', () => {
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(undefined, 0)).toEqual({ kind: 'whole' });
  });
});
