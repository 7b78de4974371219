import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { requestContext } from '../../http/route-helpers';
import { SESSION_KEYS } from '../../http/session-keys';
import { recordActivity } from '../activity';
import type { User } from '../users';
import { findActiveUserById } from '../users';
import type { RememberSecret, RememberTokenService } from './remember-tokens';

export const REMEMBER_COOKIE = 'renderfarm_remember';

/** What a remember cookie names: the user, the token row and the token's secret. */
export interface RememberCookieValue {
  userId: number;
  tokenId: number;
  secret: string;
}

/**
 * The remember-me cookie: `<userId>.<tokenId>.<secret>.<hmac>`, signed with a key derived from
 * APP_KEY for this one purpose, so neither a session cookie nor any other signed value of the app
 * can be passed off as one. The signature stops a forged user id before any database read; the
 * secret (checked against its stored hash) is what actually proves the browser.
 */
export function createRememberCookie(options: {
  appKey: string;
  secure: boolean;
  db: Database;
  tokens: RememberTokenService;
}) {
  const key = createHmac('sha256', options.appKey).update('renderfarm remember-me cookie v1').digest();
  const signature = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const { tokens, db } = options;

  const encode = ({ userId, tokenId, secret }: RememberCookieValue) => {
    const payload = `${userId}.${tokenId}.${secret}`;
    return `${payload}.${signature(payload)}`;
  };

  /** The cookie's contents when its signature holds; null for anything else. */
  const decode = (raw: string | undefined): RememberCookieValue | null => {
    if (!raw || raw.length > 300) return null;
    const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(raw);
    if (!match) return null;
    const [, userId, tokenId, secret, given] = match as unknown as [string, string, string, string, string];
    const expected = signature(`${userId}.${tokenId}.${secret}`);
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given))) return null;
    return { userId: Number(userId), tokenId: Number(tokenId), secret };
  };

  const write = (reply: FastifyReply, userId: number, token: RememberSecret) => {
    const maxAge = Math.max(1, Math.floor((token.expiresAt.getTime() - Date.now()) / 1000));
    reply.setCookie(REMEMBER_COOKIE, encode({ userId, tokenId: token.tokenId, secret: token.secret }), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      maxAge,
    });
  };

  const clear = (reply: FastifyReply) =>
    reply.clearCookie(REMEMBER_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
    });

  return {
    encode,
    decode,
    clear,

    /** After a sign-in with "remember me" ticked: a new token for this browser. */
    async remember(request: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
      const agent = request.headers['user-agent'];
      const token = await tokens.issue(user.id, typeof agent === 'string' ? agent : null);
      request.session?.set(SESSION_KEYS.rememberTokenId, token.tokenId);
      write(reply, user.id, token);
    },

    /** The token id of this browser's cookie, when the cookie is genuine and belongs to `userId`. */
    currentTokenId(request: FastifyRequest, userId: number): number | null {
      const value = decode(request.cookies[REMEMBER_COOKIE]);
      return value && value.userId === userId ? value.tokenId : null;
    },

    /**
     * A request with no signed-in user but a remember cookie: a valid one signs the user in on a
     * fresh session (new id and CSRF token, as any sign-in) and rotates the secret; a forged,
     * expired or revoked one is dropped. The password is not counted as confirmed.
     */
    async restore(request: FastifyRequest, reply: FastifyReply): Promise<User | null> {
      const raw = request.cookies[REMEMBER_COOKIE];
      if (raw === undefined || !request.session) return null;
      const value = decode(raw);
      const outcome = value ? await tokens.consume(value) : ({ status: 'invalid' } as const);
      const user = outcome.status === 'ok' ? await findActiveUserById(db, outcome.userId) : undefined;
      if (outcome.status !== 'ok' || !user) {
        if (outcome.status === 'ok' && value) await tokens.revoke(value.tokenId);
        clear(reply);
        return null;
      }
      const session = request.session;
      session.regenerate();
      session.regenerateToken();
      session.userId = user.id;
      session.forget(SESSION_KEYS.pendingTwoFactor);
      session.set(SESSION_KEYS.rememberTokenId, value!.tokenId);
      if (outcome.next) write(reply, user.id, outcome.next);
      await recordActivity(db, {
        event: 'auth:login',
        actorId: user.id,
        properties: { via: 'remember' },
        ...requestContext(request),
      });
      return user;
    },
  };
}

export type RememberCookie = ReturnType<typeof createRememberCookie>;
