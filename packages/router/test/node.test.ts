// @vitest-environment node
import { describe, expect, it } from 'vitest';

// The package is imported on the server too (types, page helpers, server rendering): loading it must
// not touch browser globals, and its pure parts work without a DOM.
describe('in Node, without a DOM', () => {
  it('imports without side effects on browser globals', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const mod = await import('../src/index');
    expect(mod.router.page).toBeUndefined();
    expect(mod.PROGRESS_DELAY).toBe(250);
  });

  it('form state works without a browser (no remember key)', async () => {
    const { Form, router } = await import('../src/index');
    const form = new Form(router, { name: 'علی', tags: ['gpu'] });
    form.setData('tags', ['gpu', 'rtx']);
    expect(form.current).toMatchObject({ isDirty: true, hasErrors: false });
    form.setError('name', 'الزامی');
    expect(form.current.hasErrors).toBe(true);
    form.reset();
    form.clearErrors();
    expect(form.current).toMatchObject({
      isDirty: false,
      hasErrors: false,
      data: { name: 'علی', tags: ['gpu'] },
    });
  });

  it('merges partial-reload props', async () => {
    const { mergePartialProps } = await import('../src/props');
    const base = { component: 'A', url: '/', version: null };
    const props = mergePartialProps(
      { ...base, props: { errors: {}, list: [1] } },
      { ...base, props: { errors: {}, list: [2] }, mergeProps: ['list'] },
      [],
    );
    expect(props.list).toEqual([1, 2]);
  });
});
