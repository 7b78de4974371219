import type { RouteGuard } from '../../http/named-route';
import { authenticateBearer } from './bearer';

/**
 * The guard of every `access: 'api'` route: a valid token of an active account, the ability the
 * route names (read unless said), and the per-token rate limit; the refusal is JSON.
 */
export const bearerGuard: RouteGuard = {
  on: 'api',
  async check(request, reply, { spec, refuse }) {
    const { services } = request.server;
    const outcome = await authenticateBearer(request, services, services.db, spec.ability ?? 'read');
    if (outcome.ok) {
      request.apiToken = outcome.token;
      return undefined;
    }
    const why = outcome.status === 401 ? 'token' : outcome.status === 403 ? 'ability' : 'rate';
    if (outcome.retryAfter) reply.header('retry-after', String(outcome.retryAfter));
    return refuse(reply, why).code(outcome.status).send({ message: outcome.message });
  },
};
