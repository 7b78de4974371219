// inertiajs/inertia#710: a page component that throws (or cannot be resolved) failed silently or
// left a blank screen. Here the page area shows an error, and the app (router, links, history)
// stays alive.
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, router } from '../../src';
import { mount, page, pageResponse, server, withServer } from '../app';

withServer();
afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('props.instance is undefined');
}
function Healthy() {
  return (
    <main>
      <p>healthy</p>
      <Link href="/broken">broken</Link>
    </main>
  );
}

describe('inertiajs/inertia#710: no blank screen', () => {
  it('a page that throws shows an error screen, and navigating away works', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/healthy', () => pageResponse(page('Healthy', {}, { url: '/healthy' }))));
    const el = await mount(page('Broken', {}, { url: '/broken' }), { Broken, Healthy });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(el.textContent).toContain('props.instance is undefined');
    expect(error).toHaveBeenCalled();
    await router.visit('/healthy');
    expect(await screen.findByText('healthy')).toBeTruthy();
  });

  it('navigating to a page that throws keeps the app alive; Back returns to the working page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/broken', () => pageResponse(page('Broken', {}, { url: '/broken' }))));
    await mount(page('Healthy', {}, { url: '/healthy' }), { Broken, Healthy });
    fireEvent.click(screen.getByText('broken'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    window.history.back();
    expect(await screen.findByText('healthy')).toBeTruthy();
  });

  it('an unknown component shows «Page not found» with its name, not a blank screen', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/ghost', () => pageResponse(page('Admin/Ghost', {}, { url: '/ghost' }))));
    await mount(page('Healthy', {}, { url: '/healthy' }), { Broken, Healthy });
    await router.visit('/ghost');
    expect((await screen.findByRole('heading')).textContent).toBe('Page not found');
    expect(screen.getByText('Admin/Ghost')).toBeTruthy();
    expect(error.mock.calls.some((call) => String(call[0]).includes('Page not found: Admin/Ghost'))).toBe(
      true,
    );
  });

  it('«Page not found» also for the first page of the app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await mount(page('Nope', {}, { url: '/' }), { Healthy });
    expect((await screen.findByRole('heading')).textContent).toBe('Page not found');
  });
});
