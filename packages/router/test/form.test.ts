import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form, RECENTLY_SUCCESSFUL_DURATION } from '../src/form';
import { page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();
afterEach(() => vi.useRealTimers());

describe('form state', () => {
  it('tracks isDirty against the defaults, resets and setDefaults', async () => {
    const { router } = await startRouter(page('Home'));
    const form = new Form(router, { name: 'علی', tags: ['a'] });
    expect(form.current.isDirty).toBe(false);
    form.setData('name', 'رضا');
    expect(form.current.isDirty).toBe(true);
    form.reset('name');
    expect(form.current).toMatchObject({ isDirty: false, data: { name: 'علی' } });
    form.setData((data) => ({ ...data, tags: ['a', 'b'] }));
    expect(form.current.isDirty).toBe(true);
    form.setDefaults();
    expect(form.current.isDirty).toBe(false);
    form.setDefaults('name', 'x');
    expect(form.current.isDirty).toBe(true);
    form.reset();
    expect(form.current.data).toEqual({ name: 'x', tags: ['a', 'b'] });
    form.setDefaults({ name: 'y' });
    expect(form.current.defaults.name).toBe('y');
  });

  it('nested defaults are not shared with data', async () => {
    const { router } = await startRouter(page('Home'));
    const form = new Form(router, { address: { city: '' } });
    form.current.data.address.city = 'Tehran';
    expect(form.current.defaults.address.city).toBe('');
  });

  it('setError / clearErrors / hasErrors', async () => {
    const { router } = await startRouter(page('Home'));
    const form = new Form(router, { a: '', b: '' });
    form.setError('a', 'bad');
    form.setError({ b: 'worse' });
    expect(form.current).toMatchObject({ hasErrors: true, errors: { a: 'bad', b: 'worse' } });
    form.clearErrors('a');
    expect(form.current.errors).toEqual({ b: 'worse' });
    form.clearErrors();
    expect(form.current.hasErrors).toBe(false);
  });

  it('processing during the visit, wasSuccessful, and recentlySuccessful for exactly 2000 ms', async () => {
    expect(RECENTLY_SUCCESSFUL_DURATION).toBe(2000);
    const { router } = await startRouter(page('Users/Edit', {}, { url: '/u' }));
    server.use(http.put('/u', () => pageResponse(page('Users/Edit', {}, { url: '/u' }))));
    const form = new Form(router, { name: 'x' });
    const seen: boolean[] = [];
    form.subscribe(() => seen.push(form.current.processing));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await form.put('/u');
    expect(seen).toContain(true);
    expect(form.current).toMatchObject({ processing: false, wasSuccessful: true, recentlySuccessful: true });
    vi.advanceTimersByTime(1999);
    expect(form.current.recentlySuccessful).toBe(true);
    vi.advanceTimersByTime(1);
    expect(form.current.recentlySuccessful).toBe(false);
    expect(form.current.wasSuccessful).toBe(true);
  });

  it('validation errors replace the old ones (never merged)', async () => {
    const { router } = await startRouter(page('Users/Edit', {}, { url: '/u' }));
    let call = 0;
    server.use(
      http.post('/u', () => {
        call += 1;
        const errors = call === 1 ? { name: 'الزامی', email: 'نامعتبر' } : { email: 'نامعتبر' };
        return pageResponse(page('Users/Edit', { errors }, { url: '/u' }));
      }),
    );
    const form = new Form(router, { name: '', email: '' });
    await form.post('/u');
    expect(form.current.errors).toEqual({ name: 'الزامی', email: 'نامعتبر' });
    await form.post('/u');
    expect(form.current.errors).toEqual({ email: 'نامعتبر' });
    expect(form.current.wasSuccessful).toBe(false);
  });

  it('transform changes what is sent', async () => {
    const { router } = await startRouter(page('Home'));
    let body: unknown;
    server.use(
      http.post('/t', async ({ request }) => {
        body = await request.json();
        return pageResponse(page('Home'));
      }),
    );
    const form = new Form(router, { name: 'a' });
    form.transform((data) => ({ ...data, remember: true }));
    await form.post('/t');
    expect(body).toEqual({ name: 'a', remember: true });
  });

  it('cancel() aborts the submit and clears processing', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(
      http.post('/slow', async () => {
        await delay(100);
        return new HttpResponse(null);
      }),
    );
    const form = new Form(router, { a: 1 });
    const onCancel = vi.fn();
    const submit = form.post('/slow', { onCancel });
    await delay(5);
    expect(form.current.processing).toBe(true);
    form.cancel();
    await submit;
    expect(onCancel).toHaveBeenCalled();
    expect(form.current.processing).toBe(false);
  });

  it('upload progress is exposed as form.progress while sending', async () => {
    const { router } = await startRouter(page('Home'));
    server.use(http.post('/up', () => pageResponse(page('Home'))));
    const form = new Form(router, { file: new File(['abc'], 'a.txt') });
    const progress: unknown[] = [];
    form.subscribe(() => progress.push(form.current.progress));
    await form.post('/up');
    expect(progress.some((p) => p && typeof p === 'object' && 'percentage' in p)).toBe(true);
    expect(form.current.progress).toBeNull();
  });

  it('a remember key stores data and errors in the entry it was created in', async () => {
    const { router } = await startRouter(page('Home', {}, { url: '/' }));
    const form = new Form(router, { name: '' }, 'Profile');
    form.setData('name', 'مریم');
    expect(router.restore('Profile')).toEqual({ data: { name: 'مریم' }, errors: {} });
    const again = new Form(router, { name: '' }, 'Profile');
    expect(again.current.data.name).toBe('مریم');
    expect(again.current.isDirty).toBe(true);
  });
});
