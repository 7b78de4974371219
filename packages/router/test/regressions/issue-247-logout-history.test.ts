// inertiajs/inertia#247 (and #102): after logging out, Back showed the account pages again from
// history. A page sent with `clearHistory` (our server sends it on logout) starts a new history
// generation: older entries are never shown from history but fetched again (and the server
// answers with the login page). With `encryptHistory`, entries are unreadable ciphertext too.
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../src/types';
import { page, pageResponse, server, startRouter, useServer } from '../helpers';

useServer();

function app(encryptHistory: boolean) {
  let loggedIn = true;
  server.use(
    http.get('/account', () =>
      loggedIn
        ? pageResponse(
            page('Dashboard', { iban: 'IR820540102680020817909002' }, { url: '/account', encryptHistory }),
          )
        : new HttpResponse(null, { status: 303, headers: { Location: '/login' } }),
    ),
    http.post('/logout', () => {
      loggedIn = false;
      return new HttpResponse(null, { status: 303, headers: { Location: '/login' } });
    }),
    http.get('/login', () => pageResponse(page('Login', {}, { url: '/login', clearHistory: !loggedIn }))),
  );
}

describe('inertiajs/inertia#247: Back after logout', () => {
  it('does not show the account page from history once history was cleared', async () => {
    app(false);
    const { router } = await startRouter(page('Home'));
    await router.visit('/account');
    expect(router.page.props.iban).toBeDefined();
    await router.post('/logout');
    expect(router.page.component).toBe('Login');
    const shown: string[] = [];
    const stop = router.on('navigate', (event) => {
      shown.push(event.detail.page.component);
    });
    window.history.back();
    await vi.waitFor(() => expect(shown.length).toBeGreaterThan(0));
    stop();
    expect(shown).not.toContain('Dashboard');
    expect(router.page.component).toBe('Login');
    expect(JSON.stringify(router.page)).not.toContain('IR82');
  });

  it('with encryptHistory the entry holds no readable data, and cannot be read after logout', async () => {
    app(true);
    const { router } = await startRouter(page('Home'));
    await router.visit('/account');
    const entry = window.history.state as HistoryEntry;
    expect(JSON.stringify(entry)).not.toContain('IR82');
    expect(entry.page).toMatchObject({ encrypted: true, url: '/account' });
    await router.post('/logout');
    window.history.back();
    await vi.waitFor(() => expect(router.page.component).toBe('Login'));
    expect(JSON.stringify(router.page)).not.toContain('IR82');
  });

  it('an encrypted entry is restored normally while history has not been cleared', async () => {
    app(true);
    const { router } = await startRouter(page('Home'));
    await router.visit('/account');
    server.use(http.get('/users', () => pageResponse(page('Users/Index', {}, { url: '/users' }))));
    await router.visit('/users');
    const requests = vi.fn();
    server.events.on('request:start', requests);
    window.history.back();
    await vi.waitFor(() => expect(router.page.component).toBe('Dashboard'));
    server.events.removeAllListeners();
    expect(router.page.props.iban).toBe('IR820540102680020817909002');
    expect(requests).not.toHaveBeenCalled();
  });
});
