import { describe, expect, it } from 'vitest';
import { always, defer, merge, optional, resolveProps, resolveValue } from './props';

describe('resolveValue', () => {
  it('runs functions and awaits promises at any depth, inside plain objects and arrays', async () => {
    const value = { a: () => 1, b: [Promise.resolve(2), { c: async () => 3 }], d: 'x' };
    expect(await resolveValue(value)).toEqual({ a: 1, b: [2, { c: 3 }], d: 'x' });
  });

  it('returns plain data as it is (no copy)', async () => {
    const rows = [{ id: 1, tags: ['a'] }];
    expect(await resolveValue(rows)).toBe(rows);
  });

  it('leaves class instances (dates) alone', async () => {
    const when = new Date(0);
    expect(await resolveValue({ when })).toEqual({ when });
  });
});

describe('resolveProps', () => {
  const props = () => ({
    a: 1,
    lazy: () => 2,
    opt: optional(() => 3),
    keep: always(() => 4),
    later: defer(() => 5, 'g', { deep: true }),
    list: merge([6], { matchOn: ['id', 'slug'] }),
    errors: {},
  });

  it('full visit', async () => {
    expect(await resolveProps(props(), null)).toEqual({
      props: { a: 1, lazy: 2, keep: 4, list: [6], errors: {} },
      deferredProps: { g: ['later'] },
      mergeProps: ['list'],
      deepMergeProps: ['later'],
      matchPropsOn: ['list.id', 'list.slug'],
    });
  });

  it('partial: only, except, reset', async () => {
    expect((await resolveProps(props(), { only: ['opt', 'later'], except: [], reset: [] })).props).toEqual({
      opt: 3,
      later: 5,
      keep: 4,
      errors: {},
    });
    expect(
      (await resolveProps(props(), { only: [], except: ['a', 'lazy', 'list'], reset: [] })).props,
    ).toEqual({
      opt: 3,
      keep: 4,
      later: 5,
      errors: {},
    });
    const reset = await resolveProps(props(), { only: ['list'], except: [], reset: ['list'] });
    expect(reset.mergeProps).toBeUndefined();
  });
});
