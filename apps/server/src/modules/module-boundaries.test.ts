import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf, sourceFiles } from '../lib/import-graph';

/**
 * The module rules of docs/development.md, checked on every test run (so in CI):
 * - a module reads another module's data only through what that module exports (a service or a
 *   query function), never through its tables; only tables may point at other tables (foreign keys);
 * - src/lib is generic: it imports no module and nothing of src/http;
 * - no file imports itself back through a chain of imports (type-only ones included).
 */
const ROOT = join(import.meta.dirname, '..');
// Tests and their helpers may set up any module's rows directly.
const files = sourceFiles(ROOT, (path) => /\.test\.tsx?$|test-support\.ts$/.test(path));
const edges = importGraph(ROOT, files);
const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

describe('module boundaries', () => {
  it('never reads another module’s tables (foreign keys between tables excepted)', () => {
    const crossings = edges
      .filter((edge) => edge.to && /^modules\/[^/]+\/tables\.ts$/.test(edge.to))
      .filter((edge) => moduleOf(edge.from) && moduleOf(edge.from) !== moduleOf(edge.to!))
      .filter((edge) => !/^modules\/[^/]+\/tables\.ts$/.test(edge.from))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(crossings).toEqual([]);
  });

  it('keeps src/lib free of modules and HTTP', () => {
    const reaches = edges
      .filter((edge) => edge.from.startsWith('lib/') && edge.to && /^(modules|http)\//.test(edge.to))
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(reaches).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(importCycles(edges)).toEqual([]);
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
    expect(importsOf(text)).toEqual([
      { specifier: './b', typeOnly: false },
      { specifier: './b', typeOnly: true },
      { specifier: './b', typeOnly: true },
      { specifier: './b', typeOnly: false },
      { specifier: 'zod', typeOnly: false },
      { specifier: './f', typeOnly: false },
      { specifier: './side-effect', typeOnly: false },
    ]);
    const edge = (from: string, to: string, typeOnly = false) => ({ from, to, specifier: to, typeOnly });
    expect(importCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([
      ['a', 'b', 'c'],
    ]);
    expect(importCycles([edge('a', 'b'), edge('b', 'a', true)])).toEqual([['a', 'b']]);
    expect(importCycles([edge('a', 'b'), edge('a', 'c')])).toEqual([]);
  });
});
