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
}

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
    return { tags: tags.filter(Boolean).join('\n'), version: null };
  }
  if (!options.manifestPath) return { tags: '', version: null };
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
  return { tags: tags.join('\n'), version: createHash('sha256').update(raw).digest('hex').slice(0, 20) };
}
