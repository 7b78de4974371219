import type { Plugin } from 'vite';

/** The websocket client: effects open it, and the server runs no effects. */
export const REALTIME_CLIENT = '@renderfarm/realtime/client';
const STAND_IN = '\0renderfarm:realtime-client-on-the-server';

/**
 * The server bundle (dist-ssr) leaves the realtime client out: pages reach it only from effects,
 * which a server render never runs, so it would be dead weight there and a socket library in the
 * server process. In its place, a module whose client refuses to be made: were a page ever to
 * open a socket while rendering, the render fails (and the page falls back to the browser) rather
 * than connecting from the server.
 */
export function realtimeStaysInTheBrowser(): Plugin {
  return {
    name: 'renderfarm:realtime-stays-in-the-browser',
    apply: (_config, { isSsrBuild }) => Boolean(isSsrBuild),
    enforce: 'pre',
    resolveId(id) {
      return id === REALTIME_CLIENT ? STAND_IN : null;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return `export function createRealtimeClient() {
  throw new Error('The realtime client runs in the browser only (opened from an effect, never while rendering).');
}
`;
    },
  };
}
