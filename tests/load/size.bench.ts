import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/*
 * Browser cost of the page-visit client: @renderfarm/router + @renderfarm/react against
 * @inertiajs/react + @inertiajs/core (3.x), both bundled the same way: esbuild, ESM, minified,
 * es2022, React/ReactDOM external (the app pays for React either way; axios too, optional in
 * Inertia 3), then gzip level 9 and brotli. Everything else a package imports at run time is in
 * its bundle (our query-string codec from @renderfarm/routes included).
 *
 * `npx tsx tests/load/size.bench.ts` prints the section; `pnpm bench` collects it.
 */

/** Issue 3: router + react, minified and gzipped, at most 10 KB. */
export const BUDGET_BYTES = 10 * 1024;

const EXTERNAL = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'axios'];
/**
 * @renderfarm/routes (route() and the query-string codec the router shares with it) has its own
 * 3 KB budget, checked by its own size test; the 10 KB line is measured without it, and the
 * total an app pays is shown beside it.
 */
const ROUTES = '@renderfarm/routes';

export interface Size {
  minified: number;
  gzip: number;
  brotli: number;
}

/** Bundles `contents` (an entry module written as source) and measures it. */
export async function measure(contents: string, external: string[] = []): Promise<Size> {
  const result = await build({
    stdin: { contents, resolveDir: import.meta.dirname, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: [...EXTERNAL, ...external],
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    // As Vite builds: text stays UTF-8 rather than \uXXXX escapes (6 bytes for each Persian letter).
    charset: 'utf8',
  });
  const code = result.outputFiles[0]!.contents;
  return {
    minified: code.byteLength,
    gzip: gzipSync(code, { level: 9 }).byteLength,
    brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

export const ENTRIES = {
  ours: {
    all: "export * from '@renderfarm/react'; export * from '@renderfarm/router';",
    typical: "export { createApp, Link, useForm, router, Head, usePage } from '@renderfarm/react';",
  },
  inertia: {
    all: "export * from '@inertiajs/react-v3'; export * from '@inertiajs/core';",
    typical: "export { createInertiaApp, Link, useForm, router, Head, usePage } from '@inertiajs/react-v3';",
  },
} as const;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

export async function run(): Promise<string> {
  const [oursAll, oursTypical, oursWithRoutes, inertiaAll, inertiaTypical] = await Promise.all([
    measure(ENTRIES.ours.all, [ROUTES]),
    measure(ENTRIES.ours.typical, [ROUTES]),
    measure(ENTRIES.ours.all),
    measure(ENTRIES.inertia.all),
    measure(ENTRIES.inertia.typical),
  ]);
  const row = (label: string, size: Size) =>
    `| ${label} | ${size.minified.toLocaleString('en')} B | ${size.gzip.toLocaleString('en')} B (${kb(size.gzip)}) | ${size.brotli.toLocaleString('en')} B |`;
  const within = oursAll.gzip <= BUDGET_BYTES;
  const section = [
    '## Client bundle size: @renderfarm/router + @renderfarm/react vs @inertiajs/react + @inertiajs/core',
    '',
    "esbuild, ESM, minified, es2022, UTF-8 output, React/ReactDOM (and Inertia's optional axios) external; gzip level 9, brotli quality 11.",
    '',
    '| bundle | minified | gzip | brotli |',
    '|---|---|---|---|',
    row('ours: router + react, everything exported', oursAll),
    row('ours: createApp, Link, useForm, router, Head, usePage', oursTypical),
    row('ours + @renderfarm/routes (route(), query codec): what an app pays', oursWithRoutes),
    row('@inertiajs 3.x: react + core, everything exported', inertiaAll),
    row('@inertiajs 3.x: createInertiaApp, Link, useForm, router, Head, usePage', inertiaTypical),
    '',
    `Ratio (gzip): Inertia is ${(inertiaAll.gzip / oursWithRoutes.gzip).toFixed(1)}× ours with routes included ` +
      `(${(inertiaAll.gzip / oursAll.gzip).toFixed(1)}× router + react alone; typical import ${(inertiaTypical.gzip / oursTypical.gzip).toFixed(1)}×).`,
    '',
    `Budget: router + react ≤ ${kb(BUDGET_BYTES)} gzipped (React excluded; @renderfarm/routes has its own 3 KB budget): ` +
      `${within ? 'met' : 'EXCEEDED'} (${kb(oursAll.gzip)}).`,
  ].join('\n');
  if (!within) throw new Error(`size budget exceeded\n\n${section}`);
  return section;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
}
