export { auditActor, requestContext } from './request-context';

import { ValidationError } from '@renderfarm/fastify';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fails the form with one field's Persian message: 303 back with `props.errors` (bags kept). */
export function fieldError(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

/** A redirect to a named route: 303 so a POST is followed by a GET. */
export function seeOther(reply: FastifyReply, registry: RouteRegistry, name: string, params = {}) {
  return reply.redirect(registry.url(name, params, false), 303);
}
