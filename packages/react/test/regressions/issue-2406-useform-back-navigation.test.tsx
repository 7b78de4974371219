// inertiajs/inertia#2406 (open upstream): inconsistent Back navigation through pages that use
// useForm, both with and without a remember key: Back landed on the previous edit page and then
// skipped the index.
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { router, useForm } from '../../src';
import { mount, page, pageResponse, server, withServer } from '../app';
import { UsersEditPlain, UsersEditRemembered, UsersIndex } from './forms';
import { back } from './history-helpers';

withServer();

describe.each([
  ['with a remember key', UsersEditRemembered, true],
  ['without a remember key', UsersEditPlain, false],
])('inertiajs/inertia#2406: %s', (_label, UsersEdit, remembers) => {
  it('index -> edit 1 -> Back -> edit 2 -> Back -> index, and edits survive Forward', async () => {
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
      http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))),
    );
    window.history.replaceState(null, '', '/users');
    await mount(page('Users/Index', {}, { url: '/users' }), {
      'Users/Index': UsersIndex,
      'Users/Edit': UsersEdit,
    });
    const length = window.history.length;

    fireEvent.click(screen.getByText('edit 1'));
    await screen.findByRole('heading', { name: 'edit 1' });
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'changed 1' } });
    await back('users');
    fireEvent.click(screen.getByText('edit 2'));
    await screen.findByRole('heading', { name: 'edit 2' });
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'changed 2' } });
    await back('users');
    expect(window.location.pathname).toBe('/users');
    expect(window.history.length).toBe(length + 1);

    window.history.forward();
    await screen.findByRole('heading', { name: 'edit 2' });
    const input = screen.getByLabelText('name') as HTMLInputElement;
    expect(input.value).toBe(remembers ? 'changed 2' : 'user 2');
  });
});

let lateSetName: ((name: string) => void) | undefined;
function SharedKeyEdit({ user }: { user: { id: number; name: string } }) {
  // The same remember key on every user's page, as in the report.
  const form = useForm('EditUserForm', { name: user.name });
  lateSetName = (name) => form.setData('name', name);
  return (
    <main>
      <h1>edit {user.id}</h1>
      <input
        aria-label="name"
        value={form.data.name}
        onChange={(e) => form.setData('name', e.target.value)}
      />
    </main>
  );
}

it('inertiajs/inertia#2406: a late write from a page already left never lands in the next entry', async () => {
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
  window.history.replaceState(null, '', '/users/1/edit');
  await mount(page('Users/Edit', { user: { id: 1, name: 'user 1' } }, { url: '/users/1/edit' }), {
    'Users/Edit': SharedKeyEdit,
  });
  const setOnFirstPage = lateSetName!;
  await router.visit('/users/2/edit');
  await screen.findByRole('heading', { name: 'edit 2' });
  // e.g. an upload callback of the first page finishing after the user moved on
  setOnFirstPage('late value');
  expect(router.restore('EditUserForm')).toBeUndefined();
  window.history.back();
  await screen.findByRole('heading', { name: 'edit 1' });
  window.history.forward();
  await screen.findByRole('heading', { name: 'edit 2' });
  expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('user 2');
});
