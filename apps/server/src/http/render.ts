import type { PropWrapper } from '@renderfarm/fastify';
import type { FastifyReply } from 'fastify';
import type { PageContracts } from './page-contracts';

/**
 * A prop as a handler may give it: the value, or a function (a prop wrapper) that the page plugin
 * runs only when the response sends the prop, so a partial reload reads only what it asks for;
 * the fields of a plain object may be lazy one by one. Whatever runs must yield the contract's type.
 */
export type LazyProp<T> =
  | T
  | (() => T | Promise<T>)
  | PropWrapper<T>
  | (T extends readonly unknown[] ? never : T extends object ? { [K in keyof T]: LazyProp<T[K]> } : never);

/** `reply.page` for a page with a contract: the props must be what its React page expects. */
export function render<C extends keyof PageContracts>(
  reply: FastifyReply,
  component: C,
  props: { [K in keyof PageContracts[C]]: LazyProp<PageContracts[C][K]> },
  options?: { status?: number },
) {
  // Contracts are interfaces, which TypeScript does not count as plain records.
  return reply.page(component, props as unknown as Record<string, unknown>, options);
}
