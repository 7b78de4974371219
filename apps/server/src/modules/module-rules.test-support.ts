/**
 * Small source trees for the module rules (module-boundaries.test.ts): one that keeps every rule
 * and, per rule, the files that break it (added to or replacing the base tree's), with the
 * offences the check must report.
 */

const list = (...names: string[]) =>
  [
    "import { platformModules } from '../platform/modules';",
    ...names.map((m) => `import { ${m}Module } from './${m}/module';`),
    '',
    'export const modules = [',
    '  ...platformModules,',
    ...names.map((m) => `  ${m}Module,`),
    '];',
    '',
  ].join('\n');

/**
 * Two modules, `a` below `b`: b uses a's query and points at a's table; a uses a type of b's.
 * One platform piece, `q`, listed by `platform/modules.ts`: b enqueues through its face.
 */
export const BASE_TREE: Record<string, string> = {
  'modules/index.ts': list('a', 'b'),
  'modules/a/module.ts': 'export const aModule = {};\n',
  'modules/a/index.ts': "export { findA } from './queries';\nexport { as } from './tables';\n",
  'modules/a/queries.ts': "import { as } from './tables';\n\nexport const findA = () => as;\n",
  'modules/a/tables.ts': "export const as = pgTable('as', {});\n",
  'modules/a/contract.ts': "import type { B } from '../b';\n\nexport type Pair = [B, B];\n",
  'modules/b/module.ts': 'export const bModule = {};\n',
  'modules/b/index.ts': "export { type B, makeB } from './service';\n",
  'modules/b/service.ts':
    "import { findA } from '../a';\nimport { enqueue } from '../../platform/q';\n\nexport type B = number;\nexport const makeB = () => enqueue(findA());\n",
  'modules/b/tables.ts': "import { as } from '../a';\n\nexport const bs = pgTable('bs', { a: as });\n",
  'platform/modules.ts':
    "import { qModule } from './q/module';\n\nexport const platformModules = [qModule];\n",
  'platform/q/module.ts': "import { run } from './queue';\n\nexport const qModule = { jobs: run };\n",
  'platform/q/index.ts': "export { enqueue } from './queue';\n",
  'platform/q/queue.ts':
    "import { y } from '../../lib/util';\n\nexport const enqueue = (x: unknown) => [x, y];\nexport const run = 1;\n",
  'http/route.ts': 'export const x = 1;\n',
  'lib/util.ts': 'export const y = 2;\n',
};

export const BROKEN_TREES: Record<string, { files: Record<string, string>; expect: string[] }> = {
  face: {
    files: { 'modules/b/other.ts': "import { findA } from '../a/queries';\n\nexport const o = findA;\n" },
    expect: ['face  modules/b/other.ts:1'],
  },
  order: {
    files: { 'modules/index.ts': list('b', 'a') },
    expect: ['order  modules/b/service.ts:1', 'order  modules/b/tables.ts:1'],
  },
  'module-cycle': {
    files: { 'modules/a/uses-b.ts': "import { makeB } from '../b';\n\nexport const u = makeB;\n" },
    expect: ['order  modules/a/uses-b.ts:1', 'module-cycle  a → b'],
  },
  layer: {
    files: {
      'http/route.ts': "import type { B } from '../modules/b';\n\nexport const x: B = 1;\n",
      'lib/util.ts': "import { x } from '../http/route';\n\nexport const y = x;\n",
    },
    expect: ['layer  http/route.ts:1', 'layer  lib/util.ts:1'],
  },
  'platform-face': {
    files: {
      'modules/b/other.ts': "import { run } from '../../platform/q/queue';\n\nexport const o = run;\n",
    },
    expect: ['face  modules/b/other.ts:1'],
  },
  'platform-layer': {
    files: {
      'platform/q/queue.ts':
        "import type { B } from '../../modules/b';\n\nexport const enqueue = (x: B) => x;\nexport const run = 1;\n",
    },
    expect: ['layer  platform/q/queue.ts:1'],
  },
  tables: {
    files: { 'modules/b/read.ts': "import { as } from '../a';\n\nexport const r = as;\n" },
    expect: ['tables  modules/b/read.ts:1'],
  },
  'file-cycle': {
    files: {
      'modules/a/x.ts': "import { yv } from './y';\n\nexport const xv = 1 + yv;\n",
      'modules/a/y.ts': "import { xv } from './x';\n\nexport const yv = xv;\n",
    },
    expect: ['file-cycle  modules/a/x.ts → modules/a/y.ts'],
  },
};
