import type { FastifyRequest } from 'fastify';
import { assertHuman, type BotCheckAction } from './service';

/** The bot check comes before anything else the form does; a refusal is `errors.captcha_token`. */
export async function requireHuman(request: FastifyRequest, action: BotCheckAction): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  await assertHuman(request.server.services.botCheck, body?.captcha_token, action, request.ip);
}
