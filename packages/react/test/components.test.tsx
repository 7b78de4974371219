import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deferred, Link, PREFETCH_HOVER_DELAY, router, WhenVisible } from '../src';
import { mount, page, pageResponse, server, withServer } from './app';

withServer();
afterEach(() => vi.unstubAllGlobals());

function Report({ stats }: { stats?: { total: number } }) {
  return (
    <Deferred data="stats" fallback={<p>در حال بارگذاری…</p>}>
      <p>total {stats?.total}</p>
    </Deferred>
  );
}

describe('Deferred', () => {
  it('shows the fallback until the deferred prop arrives, then the children', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/report', async () => {
        await gate;
        return pageResponse(page('Report', { stats: { total: 12 } }, { url: '/report' }));
      }),
    );
    await mount(page('Report', {}, { url: '/report', deferredProps: { default: ['stats'] } }), { Report });
    expect(screen.getByText('در حال بارگذاری…')).toBeTruthy();
    release();
    expect(await screen.findByText('total 12')).toBeTruthy();
  });
});

/** A controllable IntersectionObserver: jsdom has none. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  class Observer {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, ...(options && { options }) });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    observers,
    show: () => {
      for (const { callback } of observers)
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as never);
    },
  };
}

function Comments({ comments }: { comments?: string[] }) {
  return (
    <WhenVisible data="comments" buffer={200} fallback={<p>loading comments</p>}>
      <p>{comments?.join(', ')}</p>
    </WhenVisible>
  );
}

describe('WhenVisible', () => {
  it('loads its props with a partial reload once the element is visible', async () => {
    const { observers, show } = stubObserver();
    const partials: (string | null)[] = [];
    server.use(
      http.get('/post', ({ request }) => {
        partials.push(request.headers.get('x-inertia-partial-data'));
        return pageResponse(page('Comments', { comments: ['عالی', 'ممنون'] }, { url: '/post' }));
      }),
    );
    await mount(page('Comments', {}, { url: '/post' }), { Comments });
    expect(screen.getByText('loading comments')).toBeTruthy();
    expect(observers.at(-1)!.options).toMatchObject({ rootMargin: '200px' });
    expect(partials).toEqual([]);
    show();
    expect(await screen.findByText('عالی, ممنون')).toBeTruthy();
    expect(partials).toEqual(['comments']);
  });
});

function Nav() {
  return (
    <Link href="/pricing" prefetch>
      قیمت‌ها
    </Link>
  );
}

describe('Link prefetch', () => {
  it('prefetches after hovering 75 ms, and the click is then served from the cache', async () => {
    expect(PREFETCH_HOVER_DELAY).toBe(75);
    const purposes: (string | null)[] = [];
    server.use(
      http.get('/pricing', ({ request }) => {
        purposes.push(request.headers.get('purpose'));
        return pageResponse(page('Pricing', {}, { url: '/pricing' }));
      }),
    );
    await mount(page('Nav'), { Nav, Pricing });
    const link = screen.getByText('قیمت‌ها');
    fireEvent.mouseEnter(link);
    fireEvent.mouseLeave(link);
    await new Promise((r) => setTimeout(r, PREFETCH_HOVER_DELAY + 30));
    expect(purposes).toEqual([]);
    fireEvent.mouseEnter(link);
    await vi.waitFor(() => expect(purposes).toEqual(['prefetch']));
    fireEvent.click(link);
    expect(await screen.findByText('pricing')).toBeTruthy();
    expect(purposes).toEqual(['prefetch']);
    router.flushAll();
  });
});

function Pricing() {
  return <h1>pricing</h1>;
}
