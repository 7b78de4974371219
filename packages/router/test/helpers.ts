import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Router } from '../src/router';
import type { Page, PageResolution } from '../src/types';

export const server = setupServer();
const started: Router[] = [];

/**
 * Requests msw is still answering. A visit the client cancelled leaves its handler running (a
 * `delay`, a deferred); if the test ended first, msw would answer after the environment was torn
 * down (`ProgressEvent is not defined`, an unhandled rejection that fails the whole run on a busy
 * machine). Each test therefore waits for its requests to settle before the next begins.
 */
let inFlight = 0;
const settled: (() => void)[] = [];
server.events.on('request:start', () => {
  inFlight++;
});
server.events.on('request:end', () => {
  inFlight--;
  if (inFlight === 0) for (const resolve of settled.splice(0)) resolve();
});

/** Resolves once msw has answered every request it received (at most `limitMs` later). */
export function requestsSettled(limitMs = 5000): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    settled.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Starts msw for the file; unhandled requests fail the test loudly. */
export function useServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    await requestsSettled();
    server.resetHandlers();
    for (const router of started.splice(0)) router.dispose();
  });
  afterAll(() => server.close());
}

export function page(
  component: string,
  props: Record<string, unknown> = {},
  extra: Partial<Page> = {},
): Page {
  return { component, props: { errors: {}, ...props }, url: '/', version: null, ...extra } as Page;
}

/** A page-object answer as our server (and Laravel's adapter) sends it. */
export function pageResponse(body: Page, init: ResponseInit = {}): Response {
  return HttpResponse.json(body, {
    ...init,
    headers: { 'X-Inertia': 'true', Vary: 'X-Inertia', ...(init.headers as Record<string, string>) },
  });
}

export interface TestApp {
  router: Router;
  swaps: PageResolution[];
}

/** A router driving a fake adapter: known components are strings, the rest resolve to nothing. */
export async function startRouter(
  initialPage: Page,
  components: string[] = ['Home', 'Users/Index', 'Users/Edit', 'Users/Show', 'Dashboard', 'Login'],
  RouterClass: typeof Router = Router,
): Promise<TestApp> {
  const router = new RouterClass();
  started.push(router);
  const swaps: PageResolution[] = [];
  await router.init({
    initialPage,
    resolveComponent: (name) => (components.includes(name) ? `component:${name}` : undefined),
    swapComponent: (resolution) => {
      swaps.push(resolution);
    },
    progress: { delay: 250 },
  });
  return { router, swaps };
}

/** Resolves after the next popstate has been handled by the router. */
export function nextNavigate(): Promise<Page> {
  return new Promise((resolve) =>
    document.addEventListener('inertia:navigate', (event) => resolve((event as CustomEvent).detail.page), {
      once: true,
    }),
  );
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
