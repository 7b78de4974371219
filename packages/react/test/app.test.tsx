import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { act, type ReactElement, type ReactNode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { createApp, DEFAULT_TITLE, Head, Link, router, usePage } from '../src';
import { mount, page, pageResponse, server, withServer } from './app';

withServer();

function Home({ greeting }: { greeting: string }) {
  return (
    <main>
      <Head title="خانه" />
      <p>{greeting}</p>
      <Link href="/users">کاربران</Link>
      <Link href="/logout" method="post">
        خروج
      </Link>
    </main>
  );
}
function Users() {
  const { props } = usePage<{ count: number }>();
  return <p>users: {props.count}</p>;
}

describe('createApp', () => {
  it('reads the page from <script data-page="app">, resolves a module default export and calls setup', async () => {
    document.body.innerHTML = `<script data-page="app" type="application/json">{"component":"Home","props":{"greeting":"\\u0633\\u0644\\u0627\\u0645 <\\/b>"},"url":"\\/","version":null}</script><div id="app"></div>`;
    const setup = vi.fn(({ el, App, props }) => createRoot(el).render(<App {...props} />));
    await act(() => createApp({ resolve: async () => ({ default: Home }), setup }));
    expect(setup).toHaveBeenCalledWith(expect.objectContaining({ el: document.getElementById('app') }));
    expect(await screen.findByText('سلام </b>')).toBeTruthy();
    act(() => router.dispose());
  });

  it('falls back to the v2 data-page attribute and accepts a plain component or a promise', async () => {
    const div = document.createElement('div');
    div.id = 'app';
    div.dataset.page = JSON.stringify(page('Home', { greeting: 'v2' }));
    document.body.append(div);
    await act(() =>
      createApp({
        resolve: () => Promise.resolve(Home),
        setup: ({ el, App, props }) => createRoot(el).render(<App {...props} />),
      }),
    );
    expect(await screen.findByText('v2')).toBeTruthy();
  });

  it('a malformed page in the shell shows a message instead of a blank screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML =
      '<script data-page="app" type="application/json">{broken</script><div id="app"></div>';
    await expect(createApp({ resolve: () => Home, setup: () => {} })).rejects.toMatchObject({
      code: 'INITIAL_PAGE',
    });
    expect(document.getElementById('app')!.textContent).toContain('The page could not be loaded');
    vi.restoreAllMocks();
  });
});

describe('pages, links and head', () => {
  it('a Link click visits with the router and renders the next page', async () => {
    server.use(http.get('/users', () => pageResponse(page('Users', { count: 3 }, { url: '/users' }))));
    await mount(page('Home', { greeting: 'سلام' }), { Home, Users });
    fireEvent.click(screen.getByText('کاربران'));
    expect(await screen.findByText('users: 3')).toBeTruthy();
    expect(window.location.pathname).toBe('/users');
  });

  it('the next page is rendered in the task that shows it, without waiting for a scheduler task', async () => {
    await mount(page('Home', { greeting: 'سلام' }), { Home, Users });
    // A task queued before the swap runs before any task React would schedule for a normal update.
    let otherTaskRan = false;
    setImmediate(() => {
      otherTaskRan = true;
    });
    setTimeout(() => {
      otherTaskRan = true;
    });
    await router.setPage(page('Users', { count: 7 }, { url: '/users' }));
    expect(otherTaskRan).toBe(false);
    expect(screen.getByText('users: 7')).toBeTruthy();
  });

  it('a non-GET Link renders a button and sends its method', async () => {
    const hit = vi.fn(() => pageResponse(page('Users', { count: 0 }, { url: '/users' })));
    server.use(http.post('/logout', hit));
    await mount(page('Home', { greeting: 'x' }), { Home, Users });
    const button = screen.getByText('خروج');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    await screen.findByText('users: 0');
    expect(hit).toHaveBeenCalledTimes(1);
  });

  it('modified clicks are left to the browser', async () => {
    const hit = vi.fn(() => pageResponse(page('Users', { count: 1 }, { url: '/users' })));
    server.use(http.get('/users', hit));
    await mount(page('Home', { greeting: 'x' }), { Home, Users });
    fireEvent.click(screen.getByText('کاربران'), { ctrlKey: true });
    fireEvent.click(screen.getByText('کاربران'), { button: 1 });
    await new Promise((r) => setTimeout(r, 20));
    expect(hit).not.toHaveBeenCalled();
  });

  it('Link merges GET data into its href', async () => {
    await mount(page('Page'), { Page: SearchLink });
    expect(decodeURIComponent(screen.getByText('s').getAttribute('href')!)).toBe('/search?q=gpu&tags[]=a');
  });

  it('Head applies the title template; a page without Head gets «رندر فارم ابری»', async () => {
    expect(DEFAULT_TITLE).toBe('رندر فارم ابری');
    server.use(http.get('/users', () => pageResponse(page('Users', { count: 1 }, { url: '/users' }))));
    await mount(page('Home', { greeting: 'x' }), { Home, Users }, { title: (t) => `${t} | رندر فارم ابری` });
    await waitFor(() => expect(document.title).toBe('خانه | رندر فارم ابری'));
    await router.visit('/users');
    await screen.findByText('users: 1');
    // The title follows the page in an effect after the commit: wait for it, as for the first one.
    await waitFor(() => expect(document.title).toBe('رندر فارم ابری'));
  });

  it('Head renders meta tags into document.head', async () => {
    await mount(page('Page'), { Page: WithMeta });
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'اجاره سرور گرافیکی',
      ),
    );
  });

  it('persistent layouts wrap the page and keep their state across pages', async () => {
    layoutMounts = 0;
    server.use(http.get('/b', () => pageResponse(page('B', {}, { url: '/b' }))));
    await mount(page('A'), { A, B });
    await router.visit('/b');
    await screen.findByText('B');
    expect(layoutMounts).toBe(1);
  });
});

function SearchLink() {
  return (
    <Link href="/search" data={{ q: 'gpu', tags: ['a'] }}>
      s
    </Link>
  );
}

function WithMeta() {
  return (
    <Head title="x">
      <meta name="description" content="اجاره سرور گرافیکی" />
    </Head>
  );
}

let layoutMounts = 0;
function Layout({ children }: { children: ReactNode }) {
  const [id] = useState(() => ++layoutMounts);
  return <div data-layout={id}>{children}</div>;
}
const A = () => <p>A</p>;
const B = () => <p>B</p>;
A.layout = (p: ReactElement) => <Layout>{p}</Layout>;
B.layout = (p: ReactElement) => <Layout>{p}</Layout>;
