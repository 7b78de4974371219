import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import of a source file: where it points and whether only types come through it. */
export interface ImportEdge {
  from: string;
  /** The resolved file, relative to the scanned root; null for packages. */
  to: string | null;
  specifier: string;
  typeOnly: boolean;
  /** The line of the import, from 1. */
  line: number;
  /** The names it brings (`{ a, b as c }` → a, b), empty for `*`, a default or a side effect. */
  names: string[];
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

/** Every `.ts` file under `root` (tests included unless `skip` says otherwise), relative paths. */
export function sourceFiles(root: string, skip: (path: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist') walk(path);
      } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
        const rel = relative(root, path);
        if (!skip(rel)) out.push(rel);
      }
    }
  };
  walk(root);
  return out.sort();
}

function resolveRelative(root: string, from: string, specifier: string): string | null {
  const base = resolve(root, dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    try {
      if (statSync(candidate).isFile()) return relative(root, candidate);
    } catch {}
  }
  return null;
}

/** The specifiers a source text imports or re-exports, and whether only types come through each. */
export function importsOf(
  text: string,
): { specifier: string; typeOnly: boolean; line: number; names: string[] }[] {
  return [...text.matchAll(IMPORT)].map((match) => {
    const [whole, , typeKeyword, specifier] = match as unknown as [
      string,
      string,
      string | undefined,
      string,
    ];
    const clause = whole.trim().replace(/^(import|export)\s+/, '');
    // `import { type A, type B } from` brings only types too; a default or `* as` import does not.
    const namedTypesOnly =
      clause.startsWith('{') &&
      clause
        .slice(1, clause.indexOf('}'))
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    const names = clause.startsWith('{')
      ? clause
          .slice(1, clause.indexOf('}'))
          .split(',')
          .map(
            (name) =>
              name
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0]!,
          )
          .filter(Boolean)
      : [];
    // The match may start at the newline before the statement.
    const at = match.index + (whole.startsWith('\n') ? 1 : 0);
    const line = text.slice(0, at).split('\n').length;
    return { specifier, typeOnly: Boolean(typeKeyword) || namedTypesOnly, line, names };
  });
}

/**
 * The static imports and re-exports of each file, read as text (no compiler needed): enough for
 * boundary rules and cycle checks.
 */
export function importGraph(root: string, files: string[]): ImportEdge[] {
  return files.flatMap((from) =>
    importsOf(readFileSync(join(root, from), 'utf8')).map(({ specifier, typeOnly, line, names }) => ({
      from,
      line,
      names,
      to: specifier.startsWith('.') ? resolveRelative(root, from, specifier) : null,
      specifier,
      typeOnly,
    })),
  );
}

/**
 * The cycles among files, type-only imports included: a type cycle costs nothing at run time but
 * ties the files' design together just the same.
 */
export function importCycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (!edge.to) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }
  // Tarjan's strongly connected components: each component of more than one file is a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!indices.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, indices.get(to)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (next.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of next.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}
