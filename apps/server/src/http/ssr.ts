import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrOptions } from '@renderfarm/fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ROOT_DIR } from '../paths';

/** The web app's server-render bundle (`vite build --ssr`, apps/web/vite.config.ts). */
export const SSR_BUNDLE = join(ROOT_DIR, 'apps/web/dist-ssr/ssr.js');

interface SsrBundle {
  render: SsrOptions['render'];
}

/**
 * The page plugin's server renderer: the web app's SSR bundle, imported into this process (no
 * separate render server to run or reach). None with SSR=false, under the Vite dev server, or
 * without a built bundle (a checkout before `pnpm build`): pages then go out for the browser to
 * render, as before.
 */
export async function loadServerRenderer(
  config: Pick<Config, 'SSR' | 'SSR_TIMEOUT_MS' | 'VITE_DEV_SERVER'>,
  log: FastifyBaseLogger,
  bundle: string = SSR_BUNDLE,
): Promise<SsrOptions | undefined> {
  if (!config.SSR) return undefined;
  // Under `pnpm dev` the browser runs the sources as they are now; a bundle built earlier would
  // render other HTML than they hydrate.
  if (config.VITE_DEV_SERVER) return undefined;
  if (!existsSync(bundle)) {
    log.warn({ bundle }, 'server rendering is on but the web app has no SSR bundle: run `pnpm build`');
    return undefined;
  }
  const { render } = (await import(pathToFileURL(bundle).href)) as SsrBundle;
  return { render, timeoutMs: config.SSR_TIMEOUT_MS };
}
