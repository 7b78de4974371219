import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ProtocolError } from './errors';

export interface ViteOptions {
  /** Path of Vite's `.vite/manifest.json` (production builds). */
  manifestPath?: string;
  /** The entry module, as a manifest key. */
  entry?: string;
  /** Public path the built assets are served under. */
  base?: string;
  /** Vite dev server origin (`http://localhost:5173`); when set, the manifest is not read. */
  devServer?: string;
  /** Inject @vitejs/plugin-react's refresh preamble in dev (default true). */
  reactRefresh?: boolean;
  /**
   * The manifest key of a page component's module (`Public/Home` → `src/pages/Public/Home.tsx`),
   * so the first-load HTML names that page's chunks (`pageTags`); unset, it names none.
   */
  pageModule?: (component: string) => string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** Files the chunk's CSS refers to (fonts, images). */
  assets?: string[];
}

export interface Assets {
  /** `<link>`/`<script>` tags for the document head. */
  tags: string;
  /** The asset version: a hash of the manifest, or null in dev (no 409 version checks). */
  version: string | null;
  /**
   * `<link>` tags for a page's own chunk, its static imports and their CSS, beyond what `tags`
   * loads already ('' in dev, without `pageModule`, or for a component the manifest lacks).
   */
  pageTags: (component: string) => string;
}

const noPageTags = () => '';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Tags and version for a Vite build (from its manifest) or a running dev server. */
export function loadAssets(options: ViteOptions = {}): Assets {
  const entry = options.entry ?? 'src/main.tsx';
  const base = (options.base ?? '/build/').replace(/\/?$/, '/');
  if (options.devServer) {
    const origin = `${options.devServer.replace(/\/$/, '')}${base}`;
    const tags = [
      options.reactRefresh === false
        ? ''
        : `<script type="module">import RefreshRuntime from "${attr(origin)}@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(type)=>type;window.__vite_plugin_react_preamble_installed__=true;</script>`,
      `<script type="module" src="${attr(origin)}@vite/client"></script>`,
      `<script type="module" src="${attr(origin + entry)}"></script>`,
    ];
    return { tags: tags.filter(Boolean).join('\n'), version: null, pageTags: noPageTags };
  }
  if (!options.manifestPath) return { tags: '', version: null, pageTags: noPageTags };
  let raw: string;
  let manifest: Record<string, ManifestChunk>;
  try {
    raw = readFileSync(options.manifestPath, 'utf8');
    manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
  } catch (cause) {
    throw new ProtocolError(
      'VITE_MANIFEST_UNREADABLE',
      `Cannot read the Vite manifest at ${options.manifestPath}: ${(cause as Error).message}`,
    );
  }
  const chunk = manifest[entry];
  if (!chunk) {
    throw new ProtocolError('VITE_ENTRY_MISSING', `The Vite manifest has no entry '${entry}'.`);
  }
  // CSS of the entry and of every chunk it imports (recursively), then preloads, then the entry.
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    if (!c) return;
    for (const file of c.css ?? []) css.add(file);
    for (const imported of c.imports ?? []) {
      const importedChunk = manifest[imported];
      if (importedChunk) preloads.add(importedChunk.file);
      visit(imported, seen);
    }
  };
  visit(entry, new Set());
  // The entry stylesheet's web fonts start downloading with the HTML, beside the script: a page
  // that renders before its font arrives draws in the fallback and shifts when the font swaps in.
  const fonts = (chunk.assets ?? []).filter((f) => f.endsWith('.woff2'));
  const tags = [
    ...fonts.map(
      (f) => `<link rel="preload" href="${attr(base + f)}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...[...css].map((f) => `<link rel="stylesheet" href="${attr(base + f)}">`),
    ...[...preloads].map((f) => `<link rel="modulepreload" href="${attr(base + f)}">`),
    `<script type="module" src="${attr(base + chunk.file)}"></script>`,
  ];
  return {
    tags: tags.join('\n'),
    version: createHash('sha256').update(raw).digest('hex').slice(0, 20),
    pageTags: options.pageModule
      ? pageTagsFrom(manifest, options.pageModule, base, new Set([chunk.file, ...preloads]), css)
      : noPageTags,
  };
}

/*
 * The entry imports pages lazily, so without these tags a first load fetches the entry, runs it,
 * and only then asks for the page's chunk and, once that arrives, for its imports: a round trip
 * per level. Named in the HTML, they download beside the entry. (Vite's own answer, a map of
 * every page's chunks inside the entry, cost each first load 4 KiB of gzipped JS; the web build
 * turns it off: apps/web/vite.config.ts.) Client-side visits still import the page's chunk,
 * which brings its imports.
 */
function pageTagsFrom(
  manifest: Record<string, ManifestChunk>,
  pageModule: (component: string) => string,
  base: string,
  entryFiles: ReadonlySet<string>,
  entryCss: ReadonlySet<string>,
): (component: string) => string {
  const cache = new Map<string, string>();
  return (component) => {
    let tags = cache.get(component);
    if (tags !== undefined) return tags;
    const css = new Set<string>();
    const files = new Set<string>();
    const visit = (key: string) => {
      const c = manifest[key];
      if (!c || files.has(c.file) || entryFiles.has(c.file)) return;
      files.add(c.file);
      for (const file of c.css ?? []) if (!entryCss.has(file)) css.add(file);
      for (const imported of c.imports ?? []) visit(imported);
    };
    visit(pageModule(component));
    tags = [
      ...[...css].map((f) => `<link rel="stylesheet" href="${attr(base + f)}">`),
      ...[...files].map((f) => `<link rel="modulepreload" href="${attr(base + f)}">`),
    ].join('\n');
    // Components come from the server's own code, so the cache is bounded by the page count.
    cache.set(component, tags);
    return tags;
  };
}
