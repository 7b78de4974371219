import { describe, expect, it } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('runs nothing until called, then once for every caller', async () => {
    let runs = 0;
    const machines = once(async () => ++runs);
    expect(runs).toBe(0);
    expect(await Promise.all([machines(), machines()])).toEqual([1, 1]);
    expect(await machines()).toBe(1);
    expect(runs).toBe(1);
  });
});
