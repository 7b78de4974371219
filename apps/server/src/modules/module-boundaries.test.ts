import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, runtimeCycles, sourceFiles } from '../lib/import-graph';

/**
 * The module rules of docs/development.md, checked on every test run (so in CI):
 * - a module reads another module's data only through what that module exports (a service or a
 *   query function), never through its tables; only tables may point at other tables (foreign keys);
 * - src/lib is generic: it imports no module and nothing of src/http;
 * - no file imports itself back through a chain of run-time imports.
 */
const ROOT = join(import.meta.dirname, '..');
const files = sourceFiles(ROOT, (path) => /\.test\.tsx?$|(^|\/)testdata\//.test(path));
const edges = importGraph(ROOT, files);
const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

describe('module boundaries', () => {
  it('never reads another module’s tables (foreign keys between tables excepted)', () => {
    const crossings = edges
      .filter((edge) => edge.to && /^modules\/[^/]+\/tables\.ts$/.test(edge.to))
      .filter((edge) => moduleOf(edge.from) !== moduleOf(edge.to!))
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

  it('has no import cycle between files at run time', () => {
    expect(runtimeCycles(edges)).toEqual([]);
  });

  it('reads imports the way the rules assume', () => {
    const graph = importGraph(join(ROOT, 'lib/testdata'), ['a.ts', 'b.ts']);
    expect(graph.map(({ from, to, typeOnly }) => [from, to, typeOnly])).toEqual([
      ['a.ts', 'b.ts', false],
      ['a.ts', 'b.ts', true],
      ['a.ts', 'b.ts', true],
      ['a.ts', null, false],
      ['b.ts', 'a.ts', false],
    ]);
    expect(runtimeCycles(graph)).toEqual([['a.ts', 'b.ts']]);
  });
});
