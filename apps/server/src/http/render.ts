import type { FastifyReply } from 'fastify';
import type { PageContracts } from './page-contracts';

/** `reply.page` for a page with a contract: the props must be what its React page expects. */
export function render<C extends keyof PageContracts>(
  reply: FastifyReply,
  component: C,
  props: PageContracts[C],
  options?: { status?: number },
) {
  // Contracts are interfaces, which TypeScript does not count as plain records.
  return reply.page(component, props as unknown as Record<string, unknown>, options);
}
