/**
 * Temporary page client, until @renderfarm/react's createApp lands: it reads the page object the
 * server embedded in the HTML shell, resolves the page and its layout, and renders once. Links are
 * plain anchors, so every navigation is a full page load. Everything the rest of the app uses from
 * here goes through src/app/protocol.ts, so the swap touches that file, main.tsx and this one.
 */
import { type AnchorHTMLAttributes, createContext, type ReactNode, use, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { PageComponent } from './app/page-types';
import { formatTitle } from './app/title';
import type { PageObject } from './types/shared-props';

const PageContext = createContext<PageObject<object> | null>(null);

/** Provides the page object to usePage(); the bootstrap renders it, tests use it directly. */
export function PageProvider({ page, children }: { page: PageObject<object>; children: ReactNode }) {
  return <PageContext value={page}>{children}</PageContext>;
}

/** The current page object: `usePage().props` holds the page's props and the shared props. */
export function usePage<TProps = Record<string, unknown>>(): PageObject<TProps> {
  const page = use(PageContext);
  if (!page) throw new Error('usePage() was called outside a page.');
  return page as PageObject<TProps>;
}

/** Sets the document title («عنوان | رندر فارم ابری»). */
export function Head({ title }: { title?: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title]);
  return null;
}

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A plain anchor: a full page load until the page client takes over navigation. */
export function Link(props: LinkProps) {
  return <a {...props} />;
}

function readCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}

/** Minimal stand-in for the page client's visits: POST (sign out), then load wherever it leads. */
export const router = {
  async post(url: string, data: Record<string, unknown> = {}): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/html' };
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(data),
      credentials: 'same-origin',
    });
    // 409 + X-Inertia-Location is the protocol's "leave the app" answer; otherwise the fetch has
    // followed the 303 and `response.url` is where the server sent us.
    window.location.assign(response.headers.get('X-Inertia-Location') ?? response.url);
  },
};

function readPage(): PageObject {
  const script = document.querySelector('script[data-page="app"]');
  if (!script?.textContent) throw new Error('The page object (script[data-page="app"]) is missing.');
  return JSON.parse(script.textContent) as PageObject;
}

export interface BootstrapOptions {
  resolve: (component: string) => Promise<PageComponent>;
  /** Rendered when the named page cannot be loaded. */
  fallback?: string;
}

export async function bootstrap({ resolve, fallback = 'Public/Blank' }: BootstrapOptions): Promise<void> {
  const element = document.getElementById('app');
  if (!element) throw new Error('The mount point (#app) is missing.');
  let page = readPage();
  let Page: PageComponent;
  try {
    Page = await resolve(page.component);
  } catch (error) {
    // A stale deploy can name a page this build lacks: show the error page instead of nothing.
    console.error(error);
    page = {
      ...page,
      component: fallback,
      props: { ...page.props, status: 500, message: 'این صفحه بارگذاری نشد. لطفاً صفحه را دوباره باز کنید.' },
    };
    Page = await resolve(fallback);
  }
  const Layout = typeof Page.layout === 'function' ? Page.layout : null;
  const content = <Page {...page.props} />;
  createRoot(element).render(
    <PageProvider page={page}>{Layout ? <Layout>{content}</Layout> : content}</PageProvider>,
  );
}
