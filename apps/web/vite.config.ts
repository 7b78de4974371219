import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { areaOf } from './src/app/area';
import { entryStaysAlone, publicChunks } from './vite.public-chunks';
import { realtimeStaysInTheBrowser } from './vite.server-only';

// The server renders the HTML shell (there is no index.html): it reads dist/.vite/manifest.json
// in production, and in development points its <script> tags at this dev server.
const DEV_PORT = 5173;

const src = (path: string) => join(import.meta.dirname, 'src', path);
const componentOf = (id: string) => id.slice(src('pages/').length).replace(/\.tsx$/, '');
const siteChunk = publicChunks({
  entry: src('main.tsx'),
  pageLoader: src('app/resolve-page.ts'),
  layout: src('layouts/PublicLayout.tsx'),
  // A page's component name is its path under pages/ (app/resolve-page.ts), its area from that.
  isPublicPage: (id) => id.startsWith(src('pages/')) && areaOf(componentOf(id)) === 'public',
  pageName: (id) => componentOf(id).replaceAll('/', '-'),
});

/**
 * `vite build --ssr` (the second half of `pnpm build`): the server-render bundle, src/ssr.tsx into
 * dist-ssr/, outside dist/ so that it is never served as a static file. The server imports it in
 * its own process (apps/server/src/http/ssr.ts). Packages from node_modules stay external (the
 * server resolves them from apps/web/node_modules); the workspace's own are bundled.
 */
const ssrBuild: UserConfig = {
  root: import.meta.dirname,
  base: '/build/',
  plugins: [react(), realtimeStaysInTheBrowser()],
  build: {
    ssr: 'src/ssr.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    // The server reads the browser build's manifest (dist/), never this one's.
    manifest: false,
    copyPublicDir: false,
  },
};

const browserBuild: UserConfig = {
  root: import.meta.dirname,
  base: '/build/',
  plugins: [react(), tailwindcss(), entryStaysAlone()],
  server: {
    port: DEV_PORT,
    strictPort: true,
    // The page is served from :8000, so asset URLs in CSS and dynamic imports must carry this
    // origin, and the browser fetches them cross-origin.
    origin: `http://localhost:${DEV_PORT}`,
    cors: true,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No map of every page's chunks in the entry (4 KiB gzipped on every first load): the server
    // names the first page's chunks in the HTML (modulepreload), and a later visit's page chunk
    // brings its own imports.
    modulePreload: false,
    // Vite 8 name for rollupOptions (same shape; the old name is deprecated).
    rolldownOptions: {
      input: 'src/main.tsx',
      output: {
        codeSplitting: {
          // The public site's shared code in one chunk (vite.public-chunks.ts). Its modules'
          // own imports that the entry holds stay in the entry, so the group must not pull them in.
          groups: [{ name: siteChunk, debugName: 'public-site', includeDependenciesRecursively: false }],
        },
      },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));
