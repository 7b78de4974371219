import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { createApp, Link, router, useRemember } from '../src';
import { page, pageResponse, server, withServer } from './app';

withServer();
let unmount: () => void = () => {};
afterEach(() => act(() => unmount()));

function Filters() {
  const [q, setQ] = useRemember('', 'q');
  return (
    <main>
      <h1>filters</h1>
      <input aria-label="q" value={q} onChange={(e) => setQ(e.target.value)} />
      <Link href="/next">next</Link>
    </main>
  );
}
function Next() {
  return <h1>next</h1>;
}

it('works under React StrictMode (effects twice): one entry per visit, remembered state restored', async () => {
  server.use(http.get('/next', () => pageResponse(page('Next', {}, { url: '/next' }))));
  const el = document.createElement('div');
  el.id = 'app';
  document.body.append(el);
  window.history.replaceState(null, '', '/filters');
  const length = window.history.length;
  await act(() =>
    createApp({
      page: page('Filters', {}, { url: '/filters' }),
      resolve: (name) => ({ Filters, Next })[name],
      setup: ({ el: target, App, props }) => {
        const root = createRoot(target);
        unmount = () => root.unmount();
        root.render(
          <StrictMode>
            <App {...props} />
          </StrictMode>,
        );
      },
    }),
  );
  fireEvent.change(screen.getByLabelText('q'), { target: { value: 'rtx' } });
  fireEvent.click(screen.getByText('next'));
  await screen.findByRole('heading', { name: 'next' });
  expect(window.history.length).toBe(length + 1);
  window.history.back();
  await screen.findByRole('heading', { name: 'filters' });
  expect((screen.getByLabelText('q') as HTMLInputElement).value).toBe('rtx');
  expect(router.page.component).toBe('Filters');
});
