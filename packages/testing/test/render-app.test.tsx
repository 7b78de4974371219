import { Deferred, Link, router, useForm, usePage } from '@renderfarm/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockServer, defer, merge, page, redirect, renderApp } from '../src';

// Our real client (createApp, router, useForm) driven against the mock, the way a team's tests use it.
const mock = createMockServer({ version: 'v1' });
const users = [{ id: 1, name: 'مینا' }];

mock
  .get('/users', ({ data }) => {
    const pageNumber = Number(data.page ?? 1);
    return page('Users/Index', {
      users: merge(pageNumber === 1 ? users : [{ id: 10 + pageNumber, name: `کاربر ${pageNumber}` }]),
      stats: defer(() => ({ total: users.length })),
    });
  })
  .get('/users/create', () => page('Users/Create'))
  .post(
    '/users',
    ({ data }) => {
      users.push({ id: users.length + 1, name: String(data.name) });
      return redirect('/users');
    },
    { validate: (data) => (data.name ? undefined : { name: 'نام را بنویسید.' }) },
  );

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

function UsersIndex({ users: list }: { users: { id: number; name: string }[] }) {
  const { url } = usePage();
  return (
    <main>
      <h1>کاربران</h1>
      <ul>
        {list.map((u) => (
          <li key={u.id}>{u.name}</li>
        ))}
      </ul>
      <Deferred data="stats" fallback={<p>در حال بارگیری…</p>}>
        {() => <StatsLine />}
      </Deferred>
      <button type="button" onClick={() => router.reload({ only: ['users'], data: { page: 2 } })}>
        بیشتر
      </button>
      <Link href="/users/create">کاربر تازه</Link>
      <p>آدرس: {url}</p>
    </main>
  );
}
function StatsLine() {
  const { props } = usePage<{ stats: { total: number } }>();
  return <p>همه: {props.stats.total}</p>;
}
function UsersCreate() {
  const form = useForm({ name: '' });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        form.post('/users');
      }}
    >
      <label>
        نام
        <input value={form.data.name} onChange={(e) => form.setData('name', e.target.value)} />
      </label>
      {form.errors.name && <p role="alert">{form.errors.name}</p>}
      <button type="submit">ذخیره</button>
    </form>
  );
}
const pages = { 'Users/Index': UsersIndex, 'Users/Create': UsersCreate };

describe('renderApp', () => {
  it('boots createApp from the first-load shell and loads the deferred props after it', async () => {
    const app = await renderApp({ url: '/users', pages });
    expect(screen.getByText('مینا')).toBeTruthy();
    expect(screen.getByText('در حال بارگیری…')).toBeTruthy();
    expect(await screen.findByText('همه: 1')).toBeTruthy();
    expect(app.page().component).toBe('Users/Index');
    const deferredRequest = mock.requests.at(-1)!;
    expect(deferredRequest.headers['x-inertia-partial-data']).toBe('stats');
  });

  it('a form: submit, see the validation error, then succeed and land on the redirect', async () => {
    const app = await renderApp({ url: '/users/create', pages });
    fireEvent.click(screen.getByText('ذخیره'));
    expect((await screen.findByRole('alert')).textContent).toBe('نام را بنویسید.');
    expect(window.location.pathname).toBe('/users/create');

    fireEvent.change(screen.getByLabelText('نام'), { target: { value: 'سارا' } });
    fireEvent.click(screen.getByText('ذخیره'));
    expect(await screen.findByText('سارا')).toBeTruthy();
    expect(window.location.pathname).toBe('/users');
    expect(app.page().props.errors).toEqual({});
    expect(mock.requests.filter((r) => r.method === 'POST').map((r) => r.data)).toEqual([
      { name: '' },
      { name: 'سارا' },
    ]);
  });

  it('a partial reload merges the merge prop into the list on screen', async () => {
    await renderApp({ url: '/users', pages });
    await screen.findByText(/همه:/);
    fireEvent.click(screen.getByText('بیشتر'));
    expect(await screen.findByText('کاربر 2')).toBeTruthy();
    expect(screen.getByText('مینا')).toBeTruthy();
  });

  it('a link visit after a deploy (new version) becomes a full page load', async () => {
    await renderApp({ url: '/users', pages });
    mock.version = 'v2';
    const hardVisit = vi.spyOn(router, 'hardVisit').mockImplementation(() => {});
    fireEvent.click(screen.getByText('کاربر تازه'));
    await waitFor(() =>
      expect(hardVisit).toHaveBeenCalledWith(new URL('/users/create', window.location.href).href),
    );
    hardVisit.mockRestore();
    mock.version = 'v1';
  });

  it('a URL the mock does not page is a clear error', async () => {
    mock.get('/broken', () => new Response('boom', { status: 500 }));
    await expect(renderApp({ url: '/broken', pages })).rejects.toThrow(/GET \/broken gave 500/);
  });
});
