import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_COLOR, PROGRESS_DELAY, ProgressBar } from '../src/progress';
import { deferred, page, pageResponse, server, startRouter, useServer } from './helpers';

useServer();

const bar = () => document.getElementById('rf-progress');
const fill = () => bar();

/** Pages at `paths` that answer only once the returned gate opens; fake timers for the bar from here on. */
function gatedPages(...paths: string[]) {
  const gate = deferred();
  server.use(
    ...paths.map((path) =>
      http.get(path, async () => {
        await gate.promise;
        return pageResponse(page(path === '/' ? 'Home' : 'Dashboard', {}, { url: path }));
      }),
    ),
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  return gate;
}

afterEach(() => {
  vi.useRealTimers();
  bar()?.remove();
});

describe('progress bar constants', () => {
  it('delay is 250 ms and colour #4B5563', () => {
    expect(PROGRESS_DELAY).toBe(250);
    expect(PROGRESS_COLOR).toBe('#4B5563');
  });

  it('appears only after 250 ms, in #4B5563, with no spinner', () => {
    vi.useFakeTimers();
    const progress = new ProgressBar();
    progress.start();
    vi.advanceTimersByTime(249);
    expect(bar()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(bar()).not.toBeNull();
    // jsdom normalises colours to rgb(): #4B5563 is rgb(75, 85, 99).
    expect(fill()!.style.background).toMatch(/rgb\(75, 85, 99\)|#4b5563/i);
    expect(bar()!.children).toHaveLength(0);
    expect(document.querySelector('[class*=spinner], .spinner')).toBeNull();
    progress.finish();
    vi.advanceTimersByTime(1000);
    expect(bar()).toBeNull();
  });

  it('a visit shorter than the delay never shows it', () => {
    vi.useFakeTimers();
    const progress = new ProgressBar();
    progress.start();
    vi.advanceTimersByTime(200);
    progress.finish();
    vi.advanceTimersByTime(1000);
    expect(bar()).toBeNull();
  });

  it('configure(false) disables it, and delay/colour are configurable', () => {
    vi.useFakeTimers();
    const off = new ProgressBar();
    off.configure(false);
    off.start();
    vi.advanceTimersByTime(1000);
    expect(bar()).toBeNull();
    const custom = new ProgressBar();
    custom.configure({ delay: 10, color: 'red' });
    custom.start();
    vi.advanceTimersByTime(10);
    expect(fill()!.style.background).toBe('red');
    custom.cancel();
    expect(bar()).toBeNull();
  });

  it('upload progress moves the bar, capped at 90 % until the answer', () => {
    vi.useFakeTimers();
    const progress = new ProgressBar();
    progress.start();
    vi.advanceTimersByTime(250);
    progress.set(50);
    expect(fill()!.style.width).toBe('50%');
    progress.set(100);
    expect(fill()!.style.width).toBe('90%');
    progress.cancel();
  });
});

describe('progress bar during visits', () => {
  it('shows for a slow visit after 250 ms and goes away when it completes', async () => {
    const { router } = await startRouter(page('Home'));
    const gate = gatedPages('/slow');
    const visit = router.visit('/slow');
    await vi.advanceTimersByTimeAsync(249);
    expect(bar()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(bar()).not.toBeNull();
    gate.resolve();
    await vi.runAllTimersAsync();
    await visit;
    await vi.runAllTimersAsync();
    expect(bar()).toBeNull();
  });

  it('showProgress: false never shows it', async () => {
    const { router } = await startRouter(page('Home'));
    const gate = gatedPages('/slow');
    const visit = router.visit('/slow', { showProgress: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(bar()).toBeNull();
    gate.resolve();
    await vi.runAllTimersAsync();
    await visit;
  });

  it('async reloads do not show it', async () => {
    const { router } = await startRouter(page('Home'));
    const gate = gatedPages('/');
    const visit = router.reload();
    await vi.advanceTimersByTimeAsync(1000);
    expect(bar()).toBeNull();
    gate.resolve();
    await vi.runAllTimersAsync();
    await visit;
  });

  it('an interrupted visit removes its bar and the new visit starts its own delay', async () => {
    const { router } = await startRouter(page('Home'));
    const gate = gatedPages('/a', '/b');
    const a = router.visit('/a');
    await vi.advanceTimersByTimeAsync(300);
    expect(bar()).not.toBeNull();
    const b = router.visit('/b');
    await vi.advanceTimersByTimeAsync(0);
    expect(bar()).toBeNull();
    await vi.advanceTimersByTimeAsync(250);
    expect(bar()).not.toBeNull();
    gate.resolve();
    await vi.runAllTimersAsync();
    await Promise.all([a, b]);
  });
});
