import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf, sourceFiles } from '../lib/import-graph';
import { boundaryCounts, checkModuleRules, moduleOrder } from '../lib/module-rules';
import { BASE_TREE, BROKEN_TREES } from './module-rules.test-support';

/**
 * The module rules of docs/development.md (lib/module-rules.ts), checked on every test run (so in
 * CI) over the server's source, tests left out. Each rule also has a small tree that breaks it
 * (module-rules.test-support.ts), so a rule that stopped catching anything would fail here too.
 */
const ROOT = join(import.meta.dirname, '..');

describe('module boundaries', () => {
  it('keeps every rule on the server: faces, order, no module cycle, layers, tables, no file cycle', () => {
    const offences = checkModuleRules(ROOT).map((o) => `${o.rule}  ${o.at}  ${o.message}`);
    expect(offences).toEqual([]);
  });

  it('counts how imports cross into modules and platform pieces: all through a way in', () => {
    const counts = boundaryCounts(ROOT);
    console.log(`module boundaries: ${JSON.stringify(counts)}`);
    expect(counts.crossings.inside).toBe(0);
    expect(counts.crossings.index).toBeGreaterThan(100);
    expect({ cycles: counts.cycles, upward: counts.upward, sharedToModules: counts.sharedToModules }).toEqual(
      {
        cycles: 0,
        upward: 0,
        sharedToModules: 0,
      },
    );
  });

  it('reads the layering from the module list, the platform pieces outside it', () => {
    const order = moduleOrder(readFileSync(join(ROOT, 'modules/index.ts'), 'utf8'));
    expect(order.slice(0, 2)).toEqual(['users', 'sessions']);
    expect(order).not.toContain('jobs');
    expect(order).not.toContain('broadcasting');
    expect(order).toContain('botcheck');
    expect(new Set(order).size).toBe(order.length);
  });

  for (const [rule, tree] of Object.entries(BROKEN_TREES)) {
    it(`fails a tree that breaks the ${rule} rule, naming the file and line`, () => {
      const root = mkdtempSync(join(tmpdir(), `module-rules-${rule}-`));
      try {
        for (const [path, text] of Object.entries({ ...BASE_TREE, ...tree.files })) {
          mkdirSync(dirname(join(root, path)), { recursive: true });
          writeFileSync(join(root, path), text);
        }
        const found = checkModuleRules(root);
        expect(found.map((o) => `${o.rule}  ${o.at}`)).toEqual(tree.expect);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    });
  }

  it('passes the unbroken tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'module-rules-base-'));
    try {
      for (const [path, text] of Object.entries(BASE_TREE)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      expect(checkModuleRules(root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('has no import cycle in the web app or the packages either', () => {
    const repo = join(ROOT, '../../..');
    const roots = [
      'apps/web/src',
      ...['router', 'react', 'routes', 'fastify', 'realtime'].map((p) => `packages/${p}/src`),
    ];
    for (const root of roots) {
      const dir = join(repo, root);
      const cycles = importCycles(
        importGraph(
          dir,
          sourceFiles(dir, (path) => /\.test\.tsx?$/.test(path)),
        ),
      );
      expect({ root, cycles }).toEqual({ root, cycles: [] });
    }
  });

  it('lets the web app take only types from the server (its contracts), never code', () => {
    const web = join(ROOT, '../../web/src');
    const reaches = importGraph(web, sourceFiles(web))
      .filter((edge) => edge.specifier.startsWith('@server/'))
      .filter((edge) => !edge.typeOnly || !/\/contracts$/.test(edge.specifier))
      .map((edge) => `${edge.from} → ${edge.specifier}`);
    expect(reaches).toEqual([]);
  });

  it('reads imports the way the rules assume', () => {
    const text = [
      "import { b } from './b';",
      "import type { B } from './b';",
      "import { type C, type D } from './b';",
      "import { type E, e } from './b';",
      "import * as z from 'zod';",
      "export { f } from './f';",
      "import './side-effect';",
    ].join('\n');
    expect(importsOf(text).map(({ specifier, typeOnly }) => ({ specifier, typeOnly }))).toEqual([
      { specifier: './b', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: './b', typeOnly: true },
      { specifier: './b', typeOnly: false },
      { specifier: 'zod', typeOnly: false },
      { specifier: './f', typeOnly: false },
      { specifier: './side-effect', typeOnly: false },
    ]);
    const edge = (from: string, to: string, typeOnly = false) => ({
      from,
      to,
      specifier: to,
      typeOnly,
      line: 1,
      names: [],
    });
    expect(importCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([
      ['a', 'b', 'c'],
    ]);
    expect(importCycles([edge('a', 'b'), edge('b', 'a', true)])).toEqual([['a', 'b']]);
    expect(importCycles([edge('a', 'b'), edge('a', 'c')])).toEqual([]);
  });
});
