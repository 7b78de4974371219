import { InitialPageError, type Page, type ProgressOptions, readInitialPage } from '@renderfarm/router';
import type { ComponentType, ReactElement } from 'react';
import { App, type AppProps } from './App';

type Resolved = unknown;
export type ResolveResult = Resolved | { default: Resolved } | Promise<Resolved | { default: Resolved }>;

export interface SetupOptions {
  el: HTMLElement;
  App: ComponentType<AppProps>;
  props: AppProps;
}

export interface CreateAppOptions {
  /** Page component for a name: a module (its default export is used) or the component, or a promise of either. */
  resolve: (name: string) => ResolveResult;
  /** Mounts the app, e.g. `({ el, App, props }) => createRoot(el).render(<App {...props} />)`. */
  setup: (options: SetupOptions) => void | ReactElement | Promise<void>;
  /** Title template, e.g. `(title) => \`${title} | رندر فارم ابری\``. */
  title?: (title: string) => string;
  /** Progress bar options, or `false` to turn it off. */
  progress?: ProgressOptions | false;
  /** Id of the root element and of the `<script data-page>` (default `app`). */
  id?: string;
  /** The initial page, when it is not read from the document. */
  page?: Page;
}

/** The function handed to the router: unwraps ES modules (`import('./Pages/X')`) to their default export. */
export function moduleResolver(resolve: CreateAppOptions['resolve']) {
  return async (name: string): Promise<unknown> => {
    const resolved = await resolve(name);
    if (resolved && typeof resolved === 'object' && 'default' in resolved)
      return (resolved as { default: unknown }).default;
    return resolved;
  };
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
  const el = document.getElementById(id);
  if (!el) throw new InitialPageError(`no element with id "${id}"`);
  let initialPage: Page;
  try {
    initialPage = page ?? readInitialPage(id);
  } catch (error) {
    el.innerHTML =
      '<main role="alert" style="max-width:36rem;margin:15vh auto;font-family:system-ui"><h1 lang="fa" dir="rtl">بارگذاری صفحه ممکن نشد</h1><p dir="ltr">The page could not be loaded. Please reload.</p></main>';
    console.error(error);
    throw error;
  }
  const resolveComponent = moduleResolver(resolve);
  const initialComponent = await resolveComponent(initialPage.component).catch(() => undefined);
  const props: AppProps = {
    initialPage,
    initialComponent,
    resolveComponent,
    ...(title ? { titleCallback: title } : {}),
    ...(progress !== undefined ? { progress } : {}),
  };
  await setup({ el, App, props });
}
