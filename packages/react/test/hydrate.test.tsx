import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { act, useId, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, Head, Link, router } from '../src';
import { renderPage } from '../src/server';
import { page, pageResponse, server, withServer } from './app';

withServer();

/** A field as the app's TextField builds it: its error's id made from the field's useId. */
function NameField() {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id}>نام</label>
      <input id={id} aria-describedby={error ? `${id}-error` : undefined} />
      <button type="button" onClick={() => setError('نام را وارد کنید.')}>
        بررسی
      </button>
      {error && <p id={`${id}-error`}>{error}</p>}
    </div>
  );
}

function Home({ greeting }: { greeting: string }) {
  return (
    <main>
      <Head title="خانه" />
      <h1>{greeting}</h1>
      <NameField />
      <Link href="/users">کاربران</Link>
    </main>
  );
}
const Users = () => <p>فهرست کاربران</p>;
const resolve = (name: string) => ({ Home, Users })[name];

/** The first-load document as @renderfarm/fastify writes it, with or without the server's HTML. */
async function shell(serverRendered: boolean) {
  const initial = page('Home', { greeting: 'سلام' });
  const { body } = await renderPage(initial, { resolve });
  const json = JSON.stringify(initial).replaceAll('/', '\\/');
  document.body.innerHTML = `<script data-page="app" type="application/json">${json}</script><div id="app"${
    serverRendered ? ' data-server-rendered="true" inert' : ''
  }>${serverRendered ? body : ''}</div>`;
}

afterEach(() => {
  act(() => router.dispose());
  vi.restoreAllMocks();
});

describe('createApp without setup', () => {
  it('hydrates a server-rendered root: the same elements stay, no warning, links visit', async () => {
    const errors = vi.spyOn(console, 'error');
    // React reports a mismatch it recovered from here, not through console.error.
    const recovered = vi.fn();
    window.addEventListener('error', recovered);
    await shell(true);
    const heading = document.querySelector('h1');
    await createApp({ resolve });
    // Usable from now on: React replays whatever happens before it has caught up.
    expect(document.getElementById('app')!.hasAttribute('inert')).toBe(false);
    expect(await screen.findByText('سلام')).toBe(heading);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Hydration adopted the server's nodes (a fresh mount would have replaced them), quietly.
    expect(screen.getByText('سلام')).toBe(heading);
    // One test process plays server and browser: React's development build notices both renderers
    // on the same context and says so. Two processes in real life; any other message counts.
    const said = errors.mock.calls.map((call) => String(call[0]));
    expect(said.filter((message) => !message.includes('multiple renderers concurrently'))).toEqual([]);
    expect(recovered).not.toHaveBeenCalled();
    window.removeEventListener('error', recovered);

    // The ids the server wrote are the ones React uses after hydration: an error shown later is
    // found under the field's own id (a different tree on the server would give other ids).
    fireEvent.click(screen.getByText('بررسی'));
    const input = screen.getByLabelText('نام');
    expect(document.getElementById(`${input.id}-error`)?.textContent).toBe('نام را وارد کنید.');
    expect(input.getAttribute('aria-describedby')).toBe(`${input.id}-error`);

    server.use(http.get('/users', () => pageResponse(page('Users', {}, { url: '/users' }))));
    fireEvent.click(screen.getByText('کاربران'));
    expect(await screen.findByText('فهرست کاربران')).toBeTruthy();
  });

  it('mounts into an empty root when the server did not render the page', async () => {
    await shell(false);
    await createApp({ resolve });
    expect((await screen.findByText('سلام')).tagName).toBe('H1');
  });
});
