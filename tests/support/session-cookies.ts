import type { BrowserContext } from 'playwright-core';

/** The server's cookie names (apps/server: the session plugin and auth/remember-cookie.ts). */
export const SESSION_COOKIE = 'renderfarm_session';
export const REMEMBER_COOKIE = 'renderfarm_remember';

/**
 * What a browser has after its session cookie is gone (closed and reopened, or the session ran
 * out): every other cookie, the remember cookie among them, is kept.
 */
export async function dropSessionCookie(context: BrowserContext): Promise<void> {
  const before = await context.cookies();
  if (!before.some((c) => c.name === SESSION_COOKIE)) throw new Error('no session cookie to drop');
  await context.clearCookies({ name: SESSION_COOKIE });
}

/** Whether the browser holds a remember-me cookie now. */
export async function hasRememberCookie(context: BrowserContext): Promise<boolean> {
  return (await context.cookies()).some((c) => c.name === REMEMBER_COOKIE);
}
