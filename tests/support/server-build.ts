import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/*
 * The server's TypeScript compiled once into one JavaScript file, for tests that start the app many
 * times (tests/crash: a start after every kill). Under tsx each start spends most of its time
 * loading and transforming ~500 source files through the loader hooks; the compiled file starts in
 * about half the time (docs/development.md, Tests). The code is the same: esbuild only removes the
 * types and joins the app's own files (and the workspace packages, which export TypeScript source);
 * every npm package stays outside, imported from where the source file would find it.
 */

/**
 * Each source file keeps its own location: paths.ts finds the repository root from
 * `import.meta.dirname`, the seed reads files beside its module, and those must not become the
 * bundle's folder.
 */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind === 'entry-point' || args.pluginData === 'resolving') return undefined;
      if (args.path.startsWith('node:')) return { external: true };
      // Workspace code is TypeScript: compiled in. The rest as Node would find it from that file.
      if (args.path.startsWith('@renderfarm/') || args.path.startsWith('@server/')) return undefined;
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (found.errors.length) return { errors: found.errors };
      return { path: found.path, external: true };
    });
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

const ROOT = resolve(import.meta.dirname, '../..');
const builds = new Map<string, Promise<string>>();

/**
 * The compiled form of a server entry (a path under apps/server/src), built on first use in this
 * test process into a temporary folder removed when the process ends. Run it with
 * `node --enable-source-maps <file>`: stack traces then name the TypeScript lines.
 */
export function compiledServerEntry(entry: string): Promise<string> {
  let built = builds.get(entry);
  if (!built) {
    built = (async () => {
      const outdir = mkdtempSync(join(tmpdir(), 'renderfarm-server-build-'));
      process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
      const outfile = join(outdir, basename(entry).replace(/\.ts$/, '.mjs'));
      await build({
        entryPoints: [join(ROOT, entry)],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: 'linked',
        logLevel: 'warning',
        plugins: [ownLocation],
      });
      return outfile;
    })();
    builds.set(entry, built);
  }
  return built;
}
