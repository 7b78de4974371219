import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ASSET_BASE, MANIFEST_PATH, readManifest, VITE_ENTRY } from './assets';

/*
 * A minimal page renderer used until @renderfarm/fastify lands (issue 4): first loads get the HTML
 * shell with the page object; visits with `X-Inertia: true` get the page object as JSON.
 * It is deliberately small and will be replaced by the plugin, not extended.
 */

export type Props = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyReply {
    page(component: string, props?: Props, options?: { status?: number }): FastifyReply;
  }
}

export interface TemporaryPageOptions {
  devServer?: string | undefined;
  sharedProps: (request: FastifyRequest) => Promise<Props>;
  title: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function assetTags(devServer: string | undefined): { tags: string; version: string | null } {
  if (devServer) {
    const base = `${devServer.replace(/\/$/, '')}${ASSET_BASE}`;
    return {
      version: null,
      tags: [
        `<script type="module">import RefreshRuntime from '${base}@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(type)=>type;window.__vite_plugin_react_preamble_installed__=true;</script>`,
        `<script type="module" src="${base}@vite/client"></script>`,
        `<script type="module" src="${base}${VITE_ENTRY}"></script>`,
      ].join('\n    '),
    };
  }
  const manifest = readManifest();
  const entry = manifest?.[VITE_ENTRY];
  if (!manifest || !entry) return { tags: '', version: null };
  const css = new Set(entry.css ?? []);
  for (const name of entry.imports ?? []) for (const file of manifest[name]?.css ?? []) css.add(file);
  const tags = [
    ...[...css].map((file) => `<link rel="stylesheet" href="${ASSET_BASE}${file}">`),
    ...(entry.imports ?? []).map(
      (name) => `<link rel="modulepreload" href="${ASSET_BASE}${manifest[name]!.file}">`,
    ),
    `<script type="module" src="${ASSET_BASE}${entry.file}"></script>`,
  ];
  const version = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16);
  return { tags: tags.join('\n    '), version };
}

async function temporaryPage(app: FastifyInstance, options: TemporaryPageOptions): Promise<void> {
  const assets = assetTags(options.devServer);
  app.decorateReply('page', function page(this: FastifyReply, component, props = {}, pageOptions = {}) {
    const request = this.request;
    const send = async () => {
      const shared = await options.sharedProps(request);
      const pageObject = {
        component,
        props: { ...shared, errors: {}, ...props },
        url: request.url,
        version: assets.version,
      };
      this.code(pageOptions.status ?? 200).header('vary', 'X-Inertia');
      if (request.headers['x-inertia'] === 'true') {
        return this.header('x-inertia', 'true').send(pageObject);
      }
      const json = JSON.stringify(pageObject).replace(/\//g, '\\/');
      const title = typeof props.title === 'string' ? `${props.title} | ${options.title}` : options.title;
      return this.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="fa" dir="rtl">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg">
    ${assets.tags}
  </head>
  <body>
    <div id="app"></div>
    <script data-page="app" type="application/json">${json}</script>
  </body>
</html>`);
    };
    return send() as unknown as FastifyReply;
  });
}

export default fp(temporaryPage, { name: 'temporary-page' });
