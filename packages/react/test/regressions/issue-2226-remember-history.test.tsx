// inertiajs/inertia#2226: with useForm(rememberKey), index -> edit 2 -> Back -> edit 3 -> Back
// landed on "edit 2" instead of the index, and a further Back skipped the index. Remembered-state
// writes must only ever replace the entry they belong to, and never push.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { expect, it } from 'vitest';
import { mount, page, pageResponse, server, withServer } from '../app';
import { UsersEditRemembered, UsersIndex } from './forms';
import { back } from './history-helpers';

withServer();

it('inertiajs/inertia#2226: Back from the second edit page lands on the index', async () => {
  server.use(
    http.get('/users/:id/edit', ({ params }) =>
      pageResponse(
        page(
          'Users/Edit',
          { user: { id: Number(params.id), name: `user ${params.id}` } },
          { url: `/users/${params.id}/edit` },
        ),
      ),
    ),
  );
  window.history.replaceState(null, '', '/start');
  window.history.pushState(null, '', '/users');
  const startLength = window.history.length;
  await mount(page('Users/Index', {}, { url: '/users' }), {
    'Users/Index': UsersIndex,
    'Users/Edit': UsersEditRemembered,
  });

  fireEvent.click(screen.getByText('edit 1'));
  await screen.findByRole('heading', { name: 'edit 1' });
  fireEvent.change(screen.getByLabelText('name'), { target: { value: 'typed 1' } });
  await back('users');

  fireEvent.click(screen.getByText('edit 2'));
  await screen.findByRole('heading', { name: 'edit 2' });
  fireEvent.change(screen.getByLabelText('name'), { target: { value: 'typed 2' } });
  expect(window.history.length).toBe(startLength + 1);

  await back('users');
  expect(window.location.pathname).toBe('/users');
  window.history.back();
  await waitFor(() => expect(window.location.pathname).toBe('/start'));
});
