import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { WEB_DIST_DIR } from '../paths';

export const ASSET_BASE = '/build/';
export const VITE_ENTRY = 'src/main.tsx';
export const MANIFEST_PATH = join(WEB_DIST_DIR, '.vite', 'manifest.json');
/** A page component's module in the web app's manifest (apps/web/src/app/resolve-page.ts). */
export const pageModule = (component: string) => `src/pages/${component}.tsx`;

/**
 * Serves the built web app. Vite puts a content hash in every file name under `assets/`, so those
 * are cached for a year and never revalidated; anything else under /build/ must revalidate.
 */
export async function registerAssets(app: FastifyInstance): Promise<void> {
  if (!existsSync(WEB_DIST_DIR)) {
    app.log.warn({ dir: WEB_DIST_DIR }, 'web app is not built: run `pnpm build`');
    return;
  }
  // Its own scope, so asset requests log only warnings (a page load asks for a dozen files) and
  // carry no session: files need none, and a cookieless request must not create a session row.
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, session: false, csrf: false };
      });
      await scope.register(fastifyStatic, {
        root: WEB_DIST_DIR,
        prefix: ASSET_BASE,
        index: false,
        wildcard: true,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    },
    { logLevel: 'warn' },
  );
}
