import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';

// A proxy's id is kept only when it is short and plain, so it cannot inject into logs or headers.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(req: RawRequestDefaultExpression): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id on every response, errors and 404s included. */
export function addRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
