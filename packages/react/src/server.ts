import { AsyncLocalStorage } from 'node:async_hooks';
import type { Page } from '@renderfarm/router';
import { renderToReadableStream } from 'react-dom/server';
import { App } from './App';
import { h } from './react';
import { resolveModule } from './resolve-module';

/*
 * The server half of the app (`@renderfarm/react/server`): one page object in, its HTML out.
 * A separate entry so that browsers never load react-dom/server.
 */

export interface RenderPageOptions {
  /** The same `resolve` as createApp's: a page component for a name (module, component or promise). */
  resolve: (name: string) => unknown;
  /** The same title template as createApp's `title`. */
  title?: (title: string) => string;
}

export interface RenderedPage {
  /** Elements for `<head>`: the `<title>` a `<Head title>` set (through the template), then the
   * `<meta>`/`<link>` elements `<Head>` children rendered. */
  head: string[];
  /** The root element's inner HTML; the root gets `data-server-rendered="true"` so createApp hydrates it. */
  body: string;
}

/**
 * React 19 writes the hoistable elements a render meets (`<title>`, `<meta>`, `<link>`, `<base>`)
 * before everything else: the leading run of those is the head, the rest is the page. (No marker
 * element rendered beside the App to tell them apart: a sibling changes the tree path React's
 * useId counts from, so every id of the server's HTML would differ from the browser's.)
 */
const HOISTED = /<(title)\b[^>]*>[\s\S]*?<\/title>|<(meta|link|base)\b[^>]*?\/?>/y;

/** Splits a render's HTML into the hoisted elements it starts with and the body after them. */
function splitHoisted(html: string): { hoisted: string[]; body: string } {
  const hoisted: string[] = [];
  HOISTED.lastIndex = 0;
  let at = 0;
  for (let match = HOISTED.exec(html); match; match = HOISTED.exec(html)) {
    hoisted.push(match[0]);
    at = HOISTED.lastIndex;
  }
  return { hoisted, body: html.slice(at) };
}

/**
 * The title of the render in progress. <Head> calls the title template kept in a module variable
 * (one app per document in a browser); on a server renders of several requests interleave while
 * lazy parts load, so every render installs the same function, which finds its own render's
 * template and records the title through AsyncLocalStorage.
 */
interface RenderInProgress {
  template: ((title: string) => string) | undefined;
  title?: string;
}
const renders = new AsyncLocalStorage<RenderInProgress>();
const titleOfThisRender = (text: string): string => {
  const render = renders.getStore();
  const full = render?.template ? render.template(text) : text;
  if (render) render.title = full;
  return full;
};

const escapeText = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);

/**
 * Renders a page as createApp would show it, with React's server renderer. A component that throws
 * makes the promise reject: the caller sends the page for the browser to render instead.
 */
export function renderPage(page: Page, { resolve, title }: RenderPageOptions): Promise<RenderedPage> {
  const render: RenderInProgress = { template: title };
  return renders.run(render, async () => {
    const resolveComponent = resolveModule(resolve);
    const initialComponent = await resolveComponent(page.component);
    let failure: { error: unknown } | undefined;
    // Exactly the element createApp hydrates, so that useId counts the same path on both sides.
    const app = h(App, {
      initialPage: page,
      initialComponent,
      resolveComponent,
      // Head works its title out while rendering: the last one the page set is the document's.
      titleCallback: titleOfThisRender,
    });
    // The streaming renderer, read whole once everything is ready: unlike renderToString it waits
    // for what suspends (a React.lazy part), so the HTML is complete and hydration has nothing to
    // render again. An error inside a Suspense boundary would otherwise be left for the browser.
    const stream = await renderToReadableStream(app, {
      onError: (error) => {
        failure ??= { error };
      },
      // Every boundary written in place. Once the bytes written pass this size, React sends a later
      // boundary's fallback first and its content after, with an inline <script> to swap them: a
      // CSP without 'unsafe-inline' blocks that script, and hydration meets a boundary still
      // pending (React error 419). apps/server/src/http/ssr.test.ts has the page that showed it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    await stream.allReady;
    const html = await new Response(stream).text();
    if (failure) throw failure.error;
    const { hoisted, body } = splitHoisted(html);
    return {
      head: [
        ...(render.title === undefined ? [] : [`<title>${escapeText(render.title)}</title>`]),
        ...hoisted,
      ],
      body,
    };
  });
}
