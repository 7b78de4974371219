import type { FastifyReply } from 'fastify';
import type { PageContracts } from './page-contracts';

/**
 * A prop as a route may give it: the value, or a function the page plugin calls only when the
 * prop is sent, so a partial reload runs only the queries of the props it asks for. The fields of
 * a plain object may be lazy one by one (the plugin resolves nested functions too).
 */
export type Lazy<T> =
  | T
  | (() => T | Promise<T>)
  | (T extends readonly unknown[] ? never : T extends object ? { [K in keyof T]: Lazy<T[K]> } : never);
export type LazyProps<P> = { [K in keyof P]: Lazy<P[K]> };

/** One computation shared by several lazy props of a page, run at most once, and only if asked. */
export function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= compute();
    return result;
  };
}

/** `reply.page` for a page with a contract: the props must be what its React page expects. */
export function render<C extends keyof PageContracts>(
  reply: FastifyReply,
  component: C,
  props: LazyProps<PageContracts[C]>,
  options?: { status?: number; title?: string; head?: string; url?: string },
) {
  // Contracts are interfaces, which TypeScript does not count as plain records.
  return reply.page(component, props as unknown as Record<string, unknown>, options);
}
