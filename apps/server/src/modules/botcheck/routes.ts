import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance } from 'fastify';
import { routesOn } from '../../http/named-route';
import { BOT_CHECK_ACTIONS, type BotCheckAction } from './provider';

/**
 * `botcheck.challenge`: a fresh ALTCHA challenge for one form's action, fetched by the bot-check
 * client before it solves and sends the form. Not in docs/screens.md's tables because it is not a
 * screen action; with reCAPTCHA or `none` configured it answers 404 (the client uses Google's script).
 */
export async function botCheckRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  route(
    { name: 'botcheck.challenge', method: 'GET', uri: '/botcheck/challenge', access: 'anyone', json: true },
    (request, reply) => {
      const altcha = app.services.altcha;
      const action = (request.query as { action?: unknown }).action;
      if (!altcha) return reply.code(404).send({ message: 'بررسی امنیتی با چالش محلی فعال نیست.' });
      if (typeof action !== 'string' || !BOT_CHECK_ACTIONS.includes(action as BotCheckAction)) {
        return reply.code(422).send({ message: 'نام فرم برای بررسی امنیتی معتبر نیست.' });
      }
      // Each challenge is single use and short-lived: never cached.
      reply.header('cache-control', 'no-store');
      return altcha.createChallenge(action as BotCheckAction);
    },
  );
}
