// inertiajs/inertia#2358: after a successful save, coming back to the form showed stale
// remembered values instead of what the server now has. Remembered state belongs to one history
// entry: a new visit to the form starts from the server's props.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { mount, page, pageResponse, server, withServer } from '../app';
import { UsersEditRemembered, UsersIndex } from './forms';

withServer();

it('inertiajs/inertia#2358: a new visit after saving shows the saved values, not stale remembered ones', async () => {
  let saved = 'original';
  server.use(
    http.put('/users/1', async ({ request }) => {
      saved = ((await request.json()) as { name: string }).name;
      return new HttpResponse(null, { status: 303, headers: { Location: '/users' } });
    }),
    http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))),
    http.get('/users/1/edit', () =>
      pageResponse(page('Users/Edit', { user: { id: 1, name: saved } }, { url: '/users/1/edit' })),
    ),
  );
  window.history.replaceState(null, '', '/users/1/edit');
  await mount(page('Users/Edit', { user: { id: 1, name: saved } }, { url: '/users/1/edit' }), {
    'Users/Index': UsersIndex,
    'Users/Edit': UsersEditRemembered,
  });
  fireEvent.change(screen.getByLabelText('name'), { target: { value: 'draft' } });
  fireEvent.change(screen.getByLabelText('name'), { target: { value: 'final' } });
  fireEvent.click(screen.getByText('save'));
  await screen.findByRole('heading', { name: 'users' });
  expect(saved).toBe('final');

  // Someone else changes the record; our next visit must show the server's value.
  saved = 'changed elsewhere';
  fireEvent.click(screen.getByText('edit 1'));
  await screen.findByRole('heading', { name: 'edit 1' });
  await waitFor(() =>
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('changed elsewhere'),
  );
});
