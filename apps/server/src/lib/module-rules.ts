import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ImportEdge, importCycles, importGraph, sourceFiles } from './import-graph';

/** One broken rule, with where it is: what the boundary test prints. */
export interface Offence {
  rule: 'face' | 'order' | 'module-cycle' | 'layer' | 'tables' | 'file-cycle';
  at: string;
  message: string;
}

/**
 * The module order of `modules/index.ts`: the folders, in the order the `modules` list names the
 * module objects (`import { botCheckModule } from './botcheck/module'` gives the folder).
 */
export function moduleOrder(indexText: string): string[] {
  const folderOf = new Map(
    [...indexText.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/module'/g)].map((m) => [m[1]!, m[2]!]),
  );
  const list = indexText.slice(indexText.indexOf('export const modules'));
  return [...list.matchAll(/^\s+(\w+Module),$/gm)].map((m) => folderOf.get(m[1]!) ?? m[1]!);
}

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

/**
 * The module rules of docs/development.md over a source tree (`apps/server/src`, or a test's
 * fixture), tests left out:
 * - face: a file imports another module only through its `index.ts` (`../<m>`); the module list
 *   (`modules/index.ts`) alone imports the module objects (`<m>/module.ts`); a `contracts.ts` may
 *   take another module's contract types from its `contracts.ts`, and a `tables.ts` another
 *   module's tables from its `tables.ts` (foreign keys): the web and drizzle-kit read those alone;
 * - order: a value import reaches only modules listed above (types may cross, for contracts);
 * - module-cycle: no cycle between modules through value imports;
 * - layer: `http/`, `lib/` and `db/` import no module, not even a type, and `lib/` nothing of `http/`;
 * - tables: another module's tables are for foreign keys: only a `tables.ts` imports them;
 * - file-cycle: no cycle between files through value imports.
 */
export function checkModuleRules(root: string): Offence[] {
  const files = sourceFiles(root, (path) => /\.test\.tsx?$|test-support\.ts$|^testing\//.test(path));
  const edges = importGraph(root, files);
  const order = moduleOrder(readFileSync(join(root, 'modules/index.ts'), 'utf8'));
  const rank = (m: string) => order.indexOf(m);
  const offences: Offence[] = [];
  const at = (edge: ImportEdge) => `${edge.from}:${edge.line}`;
  const tableNames = new Map<string, Set<string>>();
  const tablesOf = (m: string) => {
    if (!tableNames.has(m)) {
      let text = '';
      try {
        text = readFileSync(join(root, 'modules', m, 'tables.ts'), 'utf8');
      } catch {}
      tableNames.set(m, new Set([...text.matchAll(/export const (\w+) = pgTable\(/g)].map((x) => x[1]!)));
    }
    return tableNames.get(m)!;
  };

  for (const edge of edges) {
    if (!edge.to) continue;
    if (edge.from.startsWith('lib/') && edge.to.startsWith('http/')) {
      offences.push({ rule: 'layer', at: at(edge), message: 'lib/ imports http/: lib is generic' });
    }
    const from = moduleOf(edge.from);
    const to = moduleOf(edge.to);
    if (!to || from === to) continue;
    // Contracts are the wire's types, read by the web app too: a contracts file may name another
    // module's contract types directly, so the web's typecheck never pulls in a module's code.
    const contractTypes =
      edge.typeOnly && /\/contracts\.ts$/.test(edge.from) && /\/contracts\.ts$/.test(edge.to);
    // Tables point at other tables (foreign keys) directly, so drizzle-kit and the web's typecheck
    // of the contracts read tables alone, never a module's code.
    const foreignKey = /(^|\/)tables\.ts$/.test(edge.from) && edge.to === `modules/${to}/tables.ts`;
    const intoFace = edge.to === `modules/${to}/index.ts` || contractTypes || foreignKey;
    const listing = edge.from === 'modules/index.ts' && edge.to === `modules/${to}/module.ts`;
    if (!intoFace && !listing) {
      offences.push({
        rule: 'face',
        at: at(edge),
        message: `imports ${edge.to}: use ../${to} (its index.ts)`,
      });
    }
    if (/^(http|lib|db)\//.test(edge.from)) {
      offences.push({
        rule: 'layer',
        at: at(edge),
        message: `${edge.from.split('/')[0]}/ imports the module ${to}`,
      });
    }
    if (from && !edge.typeOnly && rank(to) > rank(from)) {
      offences.push({
        rule: 'order',
        at: at(edge),
        message: `${from} imports ${to}, which modules/index.ts lists below it`,
      });
    }
    if (!edge.typeOnly && !/(^|\/)tables\.ts$/.test(edge.from)) {
      const tables = edge.names.filter((name) => tablesOf(to).has(name));
      if (tables.length > 0) {
        offences.push({
          rule: 'tables',
          at: at(edge),
          message: `reads ${to}'s table ${tables.join(', ')}: ask ${to} for the data (a query or service)`,
        });
      }
    }
  }

  const values = edges.filter((edge) => !edge.typeOnly);
  const moduleEdges = values.flatMap((edge) => {
    const from = moduleOf(edge.from);
    const to = edge.to ? moduleOf(edge.to) : undefined;
    return from && to && from !== to ? [{ ...edge, from, to }] : [];
  });
  for (const cycle of importCycles(moduleEdges)) {
    offences.push({
      rule: 'module-cycle',
      at: cycle.join(' → '),
      message: 'these modules import each other',
    });
  }
  for (const cycle of importCycles(values)) {
    offences.push({ rule: 'file-cycle', at: cycle.join(' → '), message: 'these files import each other' });
  }
  return offences;
}
