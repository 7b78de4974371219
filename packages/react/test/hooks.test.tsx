import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { router, useForm, usePoll, useRemember } from '../src';
import { mount, page, pageResponse, server, unmountAll, withServer } from './app';

withServer();
afterEach(() => vi.useRealTimers());

const finished = () =>
  new Promise((resolve) => document.addEventListener('inertia:finish', resolve, { once: true }));

function Profile({ name }: { name: string }) {
  const form = useForm({ name });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.put('/profile');
      }}
    >
      <input
        aria-label="name"
        value={form.data.name}
        onChange={(e) => form.setData('name', e.target.value)}
      />
      {form.errors.name && <p role="alert">{form.errors.name}</p>}
      <output>
        {[
          form.isDirty && 'dirty',
          form.processing && 'processing',
          form.wasSuccessful && 'was',
          form.recentlySuccessful && 'recent',
          form.hasErrors && 'errors',
        ]
          .filter(Boolean)
          .join(' ')}
      </output>
      <button type="submit">ذخیره</button>
      <button type="button" onClick={() => form.reset()}>
        reset
      </button>
    </form>
  );
}

const status = () => screen.getByRole('status').textContent;

describe('useForm', () => {
  it('shows server validation errors on the field and keeps the typed value', async () => {
    server.use(
      http.put('/profile', () =>
        pageResponse(
          page(
            'Profile',
            { name: 'old', errors: { name: 'نام باید حداقل ۳ حرف باشد' } },
            { url: '/profile' },
          ),
        ),
      ),
    );
    await mount(page('Profile', { name: 'old' }, { url: '/profile' }), { Profile });
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'ab' } });
    expect(status()).toBe('dirty');
    fireEvent.click(screen.getByText('ذخیره'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'نام باید حداقل ۳ حرف باشد');
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('ab');
    expect(status()).toBe('dirty errors');
    fireEvent.click(screen.getByText('reset'));
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('old');
  });

  it('processing while sending; recentlySuccessful true on success and false 2000 ms later', async () => {
    server.use(
      http.put('/profile', () => pageResponse(page('Profile', { name: 'new' }, { url: '/profile' }))),
    );
    await mount(page('Profile', { name: 'old' }, { url: '/profile' }), { Profile });
    const done = finished();
    fireEvent.click(screen.getByText('ذخیره'));
    expect(status()).toContain('processing');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await done;
    expect(status()).toBe('was recent');
    await vi.advanceTimersByTimeAsync(1999);
    expect(status()).toBe('was recent');
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toBe('was');
    vi.useRealTimers();
  });

  it('setData followed at once by post sends the new data', async () => {
    let body: unknown;
    server.use(
      http.post('/p', async ({ request }) => {
        body = await request.json();
        return pageResponse(page('Now', {}, { url: '/p' }));
      }),
    );
    await mount(page('Now'), { Now });
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(body).toEqual({ plan: 'b' }));
  });
});

describe('useRemember and usePoll', () => {
  it('useRemember keeps the latest value across back/forward', async () => {
    server.use(http.get('/next', () => pageResponse(page('Other', {}, { url: '/next' }))));
    await mount(page('Filters', {}, { url: '/filters' }), { Filters, Other });
    for (const value of ['gpu', 'gpu rtx']) {
      fireEvent.change(screen.getByLabelText('q'), { target: { value } });
      await router.visit('/next');
      await screen.findByText('other');
      window.history.back();
      expect(((await screen.findByLabelText('q')) as HTMLInputElement).value).toBe(value);
    }
  });

  it('usePoll reloads on an interval and stops on unmount', async () => {
    let n = 0;
    server.use(http.get('/live', () => pageResponse(page('Live', { n: ++n }, { url: '/live' }))));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await mount(page('Live', { n: 0 }, { url: '/live' }), { Live });
    let done = finished();
    vi.advanceTimersByTime(1000);
    await done;
    expect(await screen.findByText('n=1')).toBeTruthy();
    done = finished();
    vi.advanceTimersByTime(1000);
    await done;
    expect(await screen.findByText('n=2')).toBeTruthy();
    const request = vi.fn();
    server.events.on('request:start', request);
    unmountAll();
    vi.advanceTimersByTime(5000);
    server.events.removeAllListeners();
    expect(n).toBe(2);
  });
});

function Live({ n }: { n: number }) {
  usePoll(1000, { only: ['n'] });
  return <p>n={n}</p>;
}

function Now() {
  const form = useForm({ plan: 'a' });
  return (
    <button
      type="button"
      onClick={() => {
        form.setData('plan', 'b');
        form.post('/p');
      }}
    >
      go
    </button>
  );
}

function Filters() {
  const [q, setQ] = useRemember('', 'q');
  return <input aria-label="q" value={q} onChange={(e) => setQ(e.target.value)} />;
}

function Other() {
  return <p>other</p>;
}
