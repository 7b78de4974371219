import type { Plugin } from 'vite';

/*
 * Chunks for the public site (issue 15: a public page's first render within 100 KB of gzipped JS).
 * Left to itself the bundler splits every module that two lazy chunks share into a chunk of its
 * own, so Home fetched 45 files, most of them one icon or one kit part of a few hundred bytes, and
 * each file gzipped alone costs far more than its share of one joined file. Here:
 *   - `site`: the public layout with everything it imports, and what four or more public pages
 *     import, in one chunk;
 *   - what fewer public pages import (and the bundler would split off, because a staff page or
 *     another public page imports it too) in one chunk per such set of pages, named after them
 *     (`site-Public-Home`, `site-Public-Career_Public-Contact`);
 *   - the rest as the bundler splits it.
 * Only modules that a public page or the public layout reaches through static imports are taken,
 * so staff code cannot enter these chunks: anything behind a dynamic import (the header's submenu,
 * the signed-in parts) or used only elsewhere stays where the bundler puts it. What the entry
 * itself reaches stays in the entry. Signed-in areas that use a kit part fetch `site` too, cached
 * after the first public page.
 */

/** What the planner reads of the bundler's module graph (rolldown's `getModuleInfo`). */
export interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
  } | null;
}

export interface PublicChunkOptions {
  /** The app's entry module (absolute id): what it reaches is in the entry chunk already. */
  entry: string;
  /** The module that imports every page lazily (absolute id). */
  pageLoader: string;
  /** The public layout (absolute id): in every public first render. */
  layout: string;
  /** Whether a lazily imported page is in the public area. */
  isPublicPage: (id: string) => boolean;
  /** A public page's name, for the chunk of what it alone (or with one other) imports. */
  pageName: (id: string) => string;
  /**
   * What this many public pages import joins `site` (default 4): fewer pages put more into every
   * public page's `site`, more pages split it into more files (4 gave the lowest largest page).
   */
  minPages?: number;
}

export const SITE_CHUNK = 'site';

/** Every name a module exports: `import * as`, `export *`, a side-effect import. */
const ALL = '*';

/** `import … from 's'`, `import 's'`, `export {…} from 's'`, `export * from 's'`. */
const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import\s*((?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?)\s*(?:from\s*)?|export\s*(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*)['"]([^'"]+)['"]/g;

interface Statement {
  kind: 'import' | 'export';
  clause: string;
  specifier: string;
}

interface Parsed {
  statements: Statement[];
  /** Imports a plugin added that the code does not show. */
  added: string[];
  idOf: (specifier: string) => string;
}

function statementsOf(code: string): Statement[] {
  return [...code.matchAll(STATIC_IMPORT)].map((m) =>
    m[2] === undefined
      ? { kind: 'import', clause: (m[1] ?? '').trim(), specifier: m[3]! }
      : { kind: 'export', clause: m[2].trim(), specifier: m[3]! },
  );
}

/** `{ a, b as c }` → [[a, a], [b, c]] (imported, local or exported name); types dropped. */
function namePairs(braces: string): [string, string][] {
  return braces
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/);
      return [imported!, local!];
    });
}

/** What an import or export-from clause takes from its module: names, or all of it. */
function namesTaken(statement: Statement): string[] {
  const { clause } = statement;
  if (clause === '' || clause.startsWith('*')) return [ALL];
  const braces = /\{([^}]*)\}/.exec(clause)?.[1];
  const names = braces === undefined ? [] : namePairs(braces).map(([imported]) => imported);
  // `import d from` / `import d, { a } from`: the default export.
  if (statement.kind === 'import' && /^[\w$]/.test(clause)) names.push('default');
  return names;
}

/** A module with nothing but import and export statements (a package's index) passes names through. */
function passesNamesThrough(code: string): boolean {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(STATIC_IMPORT, ';')
    .replace(/export\s*\{[^}]*\}/g, '')
    .replace(/["']use strict["']/, '');
  return code !== '' && /^[\s;]*$/.test(rest);
}

/**
 * Modules statically reachable from a root, following only what each import names through modules
 * that merely re-export (`export { a } from './a'`, a package's index): importing one icon from
 * `lucide-react` reaches that icon, not the ~2,000 the index re-exports. When a module's statements
 * cannot be matched to its imports, all of them are followed (more, never less).
 */
export function createReach(graph: ModuleGraph) {
  const cache = new Map<string, Parsed | null>();
  const parsed = (id: string) => {
    if (cache.has(id)) return cache.get(id)!;
    const info = graph.getModuleInfo(id);
    let result: Parsed | null = null;
    if (info?.code) {
      const statements = statementsOf(info.code);
      const specifiers = [...new Set(statements.map((s) => s.specifier))];
      // The bundler lists a module's imports in the order its statements first name them, then
      // any a plugin added that the code does not show (`\0vite/preload-helper.js`).
      const named = info.importedIds.filter((dep) => !dep.startsWith('\0'));
      if (specifiers.length === named.length) {
        const ids = new Map(specifiers.map((specifier, i) => [specifier, named[i]!]));
        const added = info.importedIds.filter((dep) => dep.startsWith('\0'));
        result = { statements, added, idOf: (specifier) => ids.get(specifier)! };
      }
    }
    cache.set(id, result);
    return result;
  };
  const reexporters = new Map<string, boolean>();
  const isReexporter = (id: string) => {
    if (!reexporters.has(id)) reexporters.set(id, passesNamesThrough(graph.getModuleInfo(id)?.code ?? ''));
    return reexporters.get(id)!;
  };

  /** The modules a module's whole code needs, with the names it takes from each. */
  const uses = (id: string): [string, string][] => {
    const module = parsed(id);
    if (!module)
      return (graph.getModuleInfo(id)?.importedIds ?? []).map((dep): [string, string] => [dep, ALL]);
    return [
      ...module.statements.flatMap((s) =>
        namesTaken(s).map((name): [string, string] => [module.idOf(s.specifier), name]),
      ),
      ...module.added.map((dep): [string, string] => [dep, ALL]),
    ];
  };
  /** Where a re-exporting module gets `name` from; undefined when it cannot tell. */
  const source = (id: string, name: string): [string, string][] | undefined => {
    const module = parsed(id);
    if (!module || name === ALL) return undefined;
    const stars: [string, string][] = [];
    for (const s of module.statements) {
      if (s.kind !== 'export') continue;
      if (s.clause.startsWith('*') && !/\bas\b/.test(s.clause)) {
        stars.push([module.idOf(s.specifier), name]);
        continue;
      }
      for (const [imported, exported] of namePairs(/\{([^}]*)\}/.exec(s.clause)?.[1] ?? '')) {
        if (exported === name) return [[module.idOf(s.specifier), imported]];
      }
    }
    return stars.length ? stars : undefined;
  };

  return (root: string, stop: ReadonlySet<string> = new Set()): Set<string> => {
    const modules = new Set<string>();
    const seenNames = new Set<string>();
    const stack: [string, string][] = [[root, ALL]];
    while (stack.length) {
      const [id, name] = stack.pop()!;
      if (stop.has(id)) continue;
      if (isReexporter(id)) {
        const key = `${id}\0${name}`;
        if (seenNames.has(key)) continue;
        seenNames.add(key);
        const from = source(id, name);
        if (from) {
          stack.push(...from);
          continue;
        }
      }
      if (modules.has(id)) continue;
      modules.add(id);
      stack.push(...uses(id));
    }
    return modules;
  };
}

/**
 * The chunk name for each module (a codeSplitting group's `name`): computed once, on the first
 * call, from the whole module graph; null leaves a module to the bundler.
 */
export function publicChunks(options: PublicChunkOptions) {
  let plan: Map<string, string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    plan ??= planChunks(options, graph);
    return plan.get(id) ?? null;
  };
}

function planChunks(options: PublicChunkOptions, graph: ModuleGraph): Map<string, string> {
  const reach = createReach(graph);
  const inEntry = reach(options.entry);
  const lazy = graph.getModuleInfo(options.pageLoader)?.dynamicallyImportedIds ?? [];
  const pages = lazy.filter(options.isPublicPage);
  const elsewhere = new Set<string>();
  for (const id of lazy) {
    if (id !== options.layout && !pages.includes(id)) for (const m of reach(id, inEntry)) elsewhere.add(m);
  }
  const plan = new Map<string, string>();
  for (const id of reach(options.layout, inEntry)) plan.set(id, SITE_CHUNK);
  const pagesUsing = new Map<string, string[]>();
  for (const page of pages) {
    const name = options.pageName(page);
    for (const id of reach(page, inEntry)) pagesUsing.set(id, [...(pagesUsing.get(id) ?? []), name]);
  }
  const minPages = options.minPages ?? 4;
  for (const [id, names] of pagesUsing) {
    // A page stays its own chunk's entry (the manifest names it by its source), and what only it
    // imports stays in that chunk already.
    if (plan.has(id) || pages.includes(id)) continue;
    if (names.length === 1 && !elsewhere.has(id)) continue;
    plan.set(id, names.length >= minPages ? SITE_CHUNK : `${SITE_CHUNK}-${names.sort().join('_')}`);
  }
  return plan;
}

/**
 * Fails the build if the entry chunk imports a planned chunk: the plan took a module the entry
 * needs (a statement it could not follow), and every page of every area would fetch it first.
 */
export function entryStaysAlone(): Plugin {
  return {
    name: 'renderfarm:entry-stays-alone',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const planned = chunk.imports.filter((file) => {
          const imported = bundle[file];
          return (
            imported?.type === 'chunk' &&
            (imported.name === SITE_CHUNK || imported.name.startsWith(`${SITE_CHUNK}-`))
          );
        });
        if (planned.length) {
          this.error(`The entry ${chunk.fileName} imports ${planned.join(', ')} (vite.public-chunks.ts).`);
        }
      }
    },
  };
}
