import type { FastifyBaseLogger } from 'fastify';

/** What a server renderer gives for one page (as `@renderfarm/react/server`'s renderPage). */
export interface RenderedPage {
  /** Elements for `<head>`; a `<title>` among them replaces the document's default title. */
  head: string[];
  /** The root element's inner HTML. */
  body: string;
}

export interface SsrOptions {
  /** Renders a page object to HTML; a throw or a rejection means «let the browser render it». */
  render: (page: Record<string, unknown>) => Promise<RenderedPage> | RenderedPage;
  /** Longest wait for `render` before the page goes out without server HTML (default 1500 ms). */
  timeoutMs?: number;
}

export const SSR_TIMEOUT_MS = 1500;

class SsrTimeoutError extends Error {
  constructor(ms: number) {
    super(`server render took longer than ${ms} ms`);
    this.name = 'SsrTimeoutError';
  }
}

/**
 * The server-render step of a first load. It never fails the request: a renderer that throws or
 * is too slow gives `null` and the page goes out as before, for the browser to render. Each
 * component's failure is logged once per process, not on every request that meets it (a broken
 * page visited a thousand times is one line, not a thousand).
 */
export function serverRenderer({ render, timeoutMs = SSR_TIMEOUT_MS }: SsrOptions) {
  const reported = new Set<string>();
  return async (page: Record<string, unknown>, log: FastifyBaseLogger): Promise<RenderedPage | null> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SsrTimeoutError(timeoutMs)), timeoutMs);
      });
      // `render` may throw synchronously: inside the async arrow that becomes a rejection.
      return await Promise.race([(async () => render(page))(), timeout]);
    } catch (error) {
      const component = String(page.component);
      if (!reported.has(component)) {
        reported.add(component);
        log.error(
          { err: error, component },
          'server render failed: the page is sent for the browser to render (logged once per component)',
        );
      }
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
