import { createBroadcastAuth, HttpApiError } from '@renderfarm/realtime/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

// The signed-in person as the session put them on the request: platform names no module's types.
type User = NonNullable<FastifyRequest['user']>;

const channelAuthBody = z.object({
  socket_id: z.string().min(1).max(64),
  channel_name: z.string().min(1).max(200),
});
const userAuthBody = z.object({ socket_id: z.string().min(1).max(64) });

/**
 * /broadcasting/auth and /broadcasting/user-auth for laravel-echo / pusher-js and our client:
 * the session says who is asking, CSRF is checked by the page plugin (X-CSRF-TOKEN header).
 */
export async function broadcastingRoutes(app: FastifyInstance): Promise<void> {
  const { config, channels } = app;
  const auth = createBroadcastAuth<User>({
    key: config.REVERB_APP_KEY,
    secret: config.REVERB_APP_SECRET,
    channels,
    userId: (user) => user.id,
  });

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ message });

  const answer = async (request: FastifyRequest, reply: FastifyReply, sign: (user: User) => unknown) => {
    if (!request.user) return refuse(reply, 403, 'برای دریافت اعلان‌ها ابتدا وارد حساب خود شوید.');
    try {
      return reply.send(await sign(request.user));
    } catch (error) {
      if (error instanceof HttpApiError) {
        return refuse(
          reply,
          error.status,
          error.status === 403 ? 'اجازهٔ دسترسی به این کانال را ندارید.' : 'درخواست نامعتبر است.',
        );
      }
      throw error;
    }
  };

  app.post('/broadcasting/auth', async (request, reply) => {
    const body = channelAuthBody.safeParse(request.body);
    if (!body.success) return refuse(reply, 422, 'شناسهٔ اتصال یا نام کانال نامعتبر است.');
    // The app publishes on none (it has no encryption master key): a clear no, not a server error.
    if (body.data.channel_name.startsWith('private-encrypted-'))
      return refuse(reply, 422, 'کانال‌های رمزنگاری‌شده در این سرویس پشتیبانی نمی‌شوند.');
    return answer(request, reply, (user) =>
      auth.authorizeChannel(user, body.data.socket_id, body.data.channel_name),
    );
  });

  app.post('/broadcasting/user-auth', async (request, reply) => {
    const body = userAuthBody.safeParse(request.body);
    if (!body.success) return refuse(reply, 422, 'شناسهٔ اتصال نامعتبر است.');
    return answer(request, reply, (user) =>
      auth.authenticateUser(user, body.data.socket_id, { name: user.name }),
    );
  });
}
