import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { useJsonApiErrors } from '../../http/json-errors';
import { routesOn } from '../../http/named-route';
import { settingsOf, storeRequest } from './submit-request';

const quoteQuery = storeRequest.omit({ check: true, idempotency_key: true });

/**
 * `api.v1.jobs.checks.quote` (GET /api/v1/jobs/checks/{check}/quote?frames=&chunk=&format=&resolution=&priority=):
 * what submitting a done check with these settings would cost, before anything is queued or
 * charged; the same quote as Panel/Jobs/Make's (frames, tasks, estimate with its range, the
 * balance after it). The Blender add-on's "Check and Estimate" shows it. Bad settings are a 422
 * by field, as on submit.
 */
export async function renderApiQuoteRoute(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  useJsonApiErrors(app);
  route(
    {
      name: 'api.v1.jobs.checks.quote',
      method: 'GET',
      uri: '/api/v1/jobs/checks/{check}/quote',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const input = await request.validate(quoteQuery, request.query ?? {});
      const check = String((request.params as { check?: string }).check ?? '');
      return {
        data: await app.services.render.quote(
          { id: request.apiToken!.userId },
          check,
          settingsOf({ ...input, check }),
        ),
      };
    },
  );
}
