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

/** A module (`modules/<m>/`) or a platform piece (`platform/<p>/`): the units a face guards. */
const unitPath = (path: string) => /^((?:modules|platform)\/[^/]+)\//.exec(path)?.[1];

/**
 * How an import into another module or platform piece goes in: its face (`index.ts`), or one of
 * the ways in beside it: contract types between `contracts.ts` files, a foreign key between
 * `tables.ts` files, and the lists that alone import module objects (`modules/index.ts` for the
 * modules, `platform/modules.ts` for the platform pieces). `inside` is an offence.
 */
export type Crossing = 'index' | 'contract-types' | 'foreign-key' | 'listing' | 'inside';

function crossing(edge: ImportEdge & { to: string }, unit: string): Crossing {
  if (edge.to === `${unit}/index.ts`) return 'index';
  // Contracts are the wire's types, read by the web app too: a contracts file may name another
  // module's contract types directly, so the web's typecheck never pulls in a module's code.
  if (edge.typeOnly && /\/contracts\.ts$/.test(edge.from) && /\/contracts\.ts$/.test(edge.to)) {
    return 'contract-types';
  }
  // Tables point at other tables (foreign keys) directly, so drizzle-kit and the web's typecheck
  // of the contracts read tables alone, never a module's code.
  if (/(^|\/)tables\.ts$/.test(edge.from) && edge.to === `${unit}/tables.ts`) return 'foreign-key';
  const list = unit.startsWith('platform/') ? 'platform/modules.ts' : 'modules/index.ts';
  if (edge.from === list && edge.to === `${unit}/module.ts`) return 'listing';
  return 'inside';
}

/** What the boundary test prints of the source: how imports cross, and what the rules found. */
export interface BoundaryCounts {
  /** Imports into another module or platform piece (tests left out), by the way they go in. */
  crossings: Record<Crossing, number>;
  /** Cycles between modules (or platform pieces) through value imports. */
  cycles: number;
  /** Value imports of a module listed below the importer in `modules/index.ts`. */
  upward: number;
  /** Imports of a module from `http/`, `lib/`, `db/` or `platform/`. */
  sharedToModules: number;
}

export function boundaryCounts(root: string): BoundaryCounts {
  const { offences, crossings } = check(root);
  const count = (rule: Offence['rule']) => offences.filter((o) => o.rule === rule).length;
  return {
    crossings,
    cycles: count('module-cycle'),
    upward: count('order'),
    sharedToModules: offences.filter((o) => o.rule === 'layer' && / imports the module /.test(o.message))
      .length,
  };
}

/**
 * The module rules of docs/development.md over a source tree (`apps/server/src`, or a test's
 * fixture), tests left out:
 * - face: a file imports another module, or a platform piece (`platform/<p>/`), only through its
 *   `index.ts` (`../<m>`, `../../platform/<p>`); the lists alone import the module objects
 *   (`modules/index.ts` a module's `module.ts`, `platform/modules.ts` a platform piece's); a
 *   `contracts.ts` may take another module's contract types from its `contracts.ts`, and a
 *   `tables.ts` another one's tables from its `tables.ts` (foreign keys): the web and drizzle-kit
 *   read those alone;
 * - order: a value import reaches only modules listed above (types may cross, for contracts);
 * - module-cycle: no cycle between modules (or platform pieces) through value imports;
 * - layer: `http/`, `lib/`, `db/` and `platform/` import no module, not even a type, and `lib/`
 *   nothing of `http/` (platform sits below every module: infrastructure that knows no business);
 * - tables: another module's (or platform piece's) tables are for foreign keys: only a `tables.ts`
 *   imports them;
 * - file-cycle: no cycle between files through value imports.
 */
export function checkModuleRules(root: string): Offence[] {
  return check(root).offences;
}

function check(root: string): { offences: Offence[]; crossings: Record<Crossing, number> } {
  const files = sourceFiles(root, (path) => /\.test\.tsx?$|test-support\.ts$|^testing\//.test(path));
  const edges = importGraph(root, files);
  const order = moduleOrder(readFileSync(join(root, 'modules/index.ts'), 'utf8'));
  const rank = (m: string) => order.indexOf(m);
  const offences: Offence[] = [];
  const crossings: Record<Crossing, number> = {
    index: 0,
    'contract-types': 0,
    'foreign-key': 0,
    listing: 0,
    inside: 0,
  };
  const at = (edge: ImportEdge) => `${edge.from}:${edge.line}`;
  const tableNames = new Map<string, Set<string>>();
  const tablesOf = (unit: string) => {
    if (!tableNames.has(unit)) {
      let text = '';
      try {
        text = readFileSync(join(root, unit, 'tables.ts'), 'utf8');
      } catch {}
      tableNames.set(unit, new Set([...text.matchAll(/export const (\w+) = pgTable\(/g)].map((x) => x[1]!)));
    }
    return tableNames.get(unit)!;
  };

  for (const edge of edges) {
    if (!edge.to) continue;
    if (edge.from.startsWith('lib/') && edge.to.startsWith('http/')) {
      offences.push({ rule: 'layer', at: at(edge), message: 'lib/ imports http/: lib is generic' });
    }
    const fromUnit = unitPath(edge.from);
    const toUnit = unitPath(edge.to);
    if (!toUnit || fromUnit === toUnit) continue;
    const name = toUnit.split('/')[1]!;
    const kind = crossing({ ...edge, to: edge.to }, toUnit);
    crossings[kind]++;
    if (kind === 'inside') {
      const face = toUnit.startsWith('platform/') ? `platform/${name}` : `../${name}`;
      offences.push({
        rule: 'face',
        at: at(edge),
        message: `imports ${edge.to}: use ${face} (its index.ts)`,
      });
    }
    const from = moduleOf(edge.from);
    const to = moduleOf(edge.to);
    if (to && /^(http|lib|db|platform)\//.test(edge.from)) {
      offences.push({
        rule: 'layer',
        at: at(edge),
        message: `${edge.from.split('/')[0]}/ imports the module ${to}`,
      });
    }
    if (from && to && !edge.typeOnly && rank(to) > rank(from)) {
      offences.push({
        rule: 'order',
        at: at(edge),
        message: `${from} imports ${to}, which modules/index.ts lists below it`,
      });
    }
    if (!edge.typeOnly && !/(^|\/)tables\.ts$/.test(edge.from)) {
      const tables = edge.names.filter((n) => tablesOf(toUnit).has(n));
      if (tables.length > 0) {
        offences.push({
          rule: 'tables',
          at: at(edge),
          message: `reads ${name}'s table ${tables.join(', ')}: ask ${name} for the data (a query or service)`,
        });
      }
    }
  }

  const values = edges.filter((edge) => !edge.typeOnly);
  const unitName = (unit: string) => (unit.startsWith('modules/') ? unit.slice('modules/'.length) : unit);
  const unitEdges = values.flatMap((edge) => {
    const from = unitPath(edge.from);
    const to = edge.to ? unitPath(edge.to) : undefined;
    return from && to && from !== to ? [{ ...edge, from: unitName(from), to: unitName(to) }] : [];
  });
  for (const cycle of importCycles(unitEdges)) {
    offences.push({
      rule: 'module-cycle',
      at: cycle.join(' → '),
      message: 'these modules import each other',
    });
  }
  for (const cycle of importCycles(values)) {
    offences.push({ rule: 'file-cycle', at: cycle.join(' → '), message: 'these files import each other' });
  }
  return { offences, crossings };
}
