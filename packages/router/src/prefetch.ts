import type { HttpResponse } from './http';

/** How long a prefetched page is served without asking the server again (as Inertia: 30 s). */
export const PREFETCH_CACHE_FOR = 30_000;

interface Entry {
  response: Promise<HttpResponse>;
  expires: number;
}

/**
 * Prefetched GET answers, keyed by URL and partial-reload headers. Entries expire after `cacheFor`
 * and the whole cache is dropped after any non-GET visit: after a change on the server, a page
 * prefetched before it would show stale data (inertiajs/inertia#2017, #2126).
 */
export class PrefetchCache {
  readonly #entries = new Map<string, Entry>();

  get(key: string): Promise<HttpResponse> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.response;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  add(key: string, response: Promise<HttpResponse>, cacheFor: number): void {
    this.#entries.set(key, { response, expires: Date.now() + cacheFor });
    // A failed prefetch must not be served later.
    response.then(
      (result) => {
        if (result.status >= 400 || !('x-inertia' in result.headers)) this.#entries.delete(key);
      },
      () => this.#entries.delete(key),
    );
  }

  flush(): void {
    this.#entries.clear();
  }
}
