import { type Page, router } from '@renderfarm/router';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApp } from '../src/createApp';

export const server = setupServer();
let roots: Root[] = [];

export function unmountAll(): void {
  for (const root of roots) act(() => root.unmount());
  roots = [];
}

export function withServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    unmountAll();
    router.dispose();
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

export function pageResponse(body: Page, init: ResponseInit = {}): Response {
  return HttpResponse.json(body, { ...init, headers: { 'X-Inertia': 'true', Vary: 'X-Inertia' } });
}

/** Boots the real createApp into #app with the given page components. */
export async function mount(
  initialPage: Page,
  pages: Record<string, ComponentType<any>>,
  options: { title?: (title: string) => string } = {},
): Promise<HTMLElement> {
  const el = document.createElement('div');
  el.id = 'app';
  document.body.append(el);
  window.history.replaceState(null, '', initialPage.url);
  await act(async () => {
    await createApp({
      page: initialPage,
      resolve: (name) => pages[name],
      ...(options.title ? { title: options.title } : {}),
      setup: ({ el: target, App, props }) => {
        const root = createRoot(target);
        roots.push(root);
        root.render(<App {...props} />);
      },
    });
  });
  return el;
}
