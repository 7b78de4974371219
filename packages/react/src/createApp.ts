import { type Page, type ProgressOptions, readInitialPage } from '@renderfarm/router';
import type { ComponentType, ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppProps } from './App';
import { h } from './react';
import { resolveModule } from './resolve-module';

export type ResolveResult = unknown;

export interface SetupOptions {
  el: HTMLElement;
  App: ComponentType<AppProps>;
  props: AppProps;
}

export interface CreateAppOptions {
  /** Page component for a name: a module (its default export is used) or the component, or a promise of either. */
  resolve: (name: string) => ResolveResult;
  /**
   * Mounts the app, e.g. `({ el, App, props }) => createRoot(el).render(<App {...props} />)`.
   * Without it the app hydrates the server's HTML (root marked `data-server-rendered`) or mounts.
   */
  setup?: (options: SetupOptions) => void | ReactElement | Promise<void>;
  /** Title template, e.g. `(title) => \`${title} | رندر فارم ابری\``. */
  title?: (title: string) => string;
  /** Progress bar options, or `false` to turn it off. */
  progress?: ProgressOptions | false;
  /** Id of the root element and of the `<script data-page>` (default `app`). */
  id?: string;
  /** The initial page, when it is not read from the document. */
  page?: Page;
}

/**
 * Boots the app from the page the server put in the HTML shell. A shell without a readable page
 * gets a visible message in the root element instead of a blank screen, and the promise rejects.
 */
export async function createApp({
  resolve,
  setup,
  title,
  progress,
  id = 'app',
  page,
}: CreateAppOptions): Promise<void> {
  const el = document.getElementById(id)!;
  let initialPage: Page;
  try {
    initialPage = page ?? readInitialPage(id);
  } catch (error) {
    el.textContent = 'The page could not be loaded.';
    throw error;
  }
  const resolveComponent = resolveModule(resolve);
  const props: AppProps = {
    initialPage,
    initialComponent: await resolveComponent(initialPage.component).catch(() => undefined),
    resolveComponent,
    titleCallback: title,
    progress,
  };
  const app = h(App, props);
  // A root the server rendered the page into (@renderfarm/react/server) keeps its HTML: hydrated.
  // It comes `inert` (@renderfarm/fastify): text typed or a form sent before React listens would
  // be lost. From hydrateRoot on, React replays what happens before it has caught up.
  el.removeAttribute('inert');
  await (setup
    ? setup({ el, App, props })
    : el.dataset.serverRendered
      ? hydrateRoot(el, app)
      : createRoot(el).render(app));
}
