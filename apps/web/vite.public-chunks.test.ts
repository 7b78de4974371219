import { describe, expect, it } from 'vitest';
import { createReach, entryStaysAlone, type ModuleGraph, publicChunks } from './vite.public-chunks';

/** A module graph as the bundler reports it: each module's (transformed) code and its imports in order. */
function graph(modules: Record<string, { code: string; imports?: string[]; lazy?: string[] }>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const m = modules[id];
      return m ? { code: m.code, importedIds: m.imports ?? [], dynamicallyImportedIds: m.lazy ?? [] } : null;
    },
  };
}

// An icon package's index re-exports every icon; `react` stands for what the entry holds.
const ICONS = {
  icons: {
    code: "export { default as A, default as AIcon } from './a.mjs';\nexport { default as B } from './b.mjs';",
    imports: ['a.mjs', 'b.mjs'],
  },
  'a.mjs': { code: "import { make } from './make.mjs';\nexport default make('a');", imports: ['make.mjs'] },
  'b.mjs': { code: "import { make } from './make.mjs';\nexport default make('b');", imports: ['make.mjs'] },
  'make.mjs': { code: 'export const make = (n) => n;' },
  react: { code: 'export const h = 1;' },
};

describe('createReach', () => {
  it('follows a named import through an index to that module only', () => {
    const reach = createReach(
      graph({
        ...ICONS,
        page: {
          code: "import { A as Icon } from 'icons';\nimport { h } from 'react';",
          imports: ['icons', 'react'],
        },
      }),
    );
    expect([...reach('page')].sort()).toEqual(['a.mjs', 'make.mjs', 'page', 'react']);
    expect([...reach('page', new Set(['react']))].sort()).toEqual(['a.mjs', 'make.mjs', 'page']);
  });

  it('follows all of an index for a namespace import, and all imports of a module it cannot read', () => {
    const reach = createReach(
      graph({
        ...ICONS,
        star: { code: "import * as all from 'icons';", imports: ['icons'] },
        // Two statements, three imports: the statements cannot be matched to the imports.
        odd: { code: "import { A } from 'icons';\nimport './x';", imports: ['icons', 'x', 'react'] },
        x: { code: '' },
      }),
    );
    expect(reach('star')).toEqual(new Set(['star', 'icons', 'a.mjs', 'b.mjs', 'make.mjs']));
    expect(reach('odd').has('b.mjs')).toBe(true);
    expect(reach('odd').has('react')).toBe(true);
  });
});

describe('publicChunks', () => {
  const page = (names: string[]) => ({
    code: names.map((n) => `import { ${n} } from './${n}';`).join('\n'),
    imports: names,
  });
  const modules = {
    main: {
      code: "import { h } from 'react';\nimport { load } from './loader';",
      imports: ['react', 'loader'],
    },
    loader: {
      code: 'export const load = 1;',
      lazy: ['Public/Layout', 'Public/Home', 'Public/Blog', 'Public/Post', 'Public/Prices', 'Admin/Dash'],
    },
    react: { code: 'export const h = 1;' },
    'Public/Layout': page(['header', 'react']),
    'Public/Home': page(['kit', 'hero', 'card']),
    'Public/Blog': page(['kit', 'card', 'react']),
    'Public/Post': page(['kit', 'react']),
    'Public/Prices': page(['kit', 'calc']),
    'Admin/Dash': page(['chart', 'calc', 'kit']),
    header: page([]),
    kit: page([]),
    hero: page([]),
    card: page([]),
    calc: page([]),
    chart: page([]),
  };
  const chunkOf = publicChunks({
    entry: 'main',
    pageLoader: 'loader',
    layout: 'Public/Layout',
    isPublicPage: (id) => id.startsWith('Public/'),
    pageName: (id) => id.replace('/', '-'),
  });
  const plan = (id: string) => chunkOf(id, graph(modules));

  it('puts the layout and what four public pages share in site, what fewer share in a chunk of theirs', () => {
    expect(plan('Public/Layout')).toBe('site');
    expect(plan('header')).toBe('site');
    expect(plan('kit')).toBe('site');
    expect(plan('card')).toBe('site-Public-Blog_Public-Home');
    // Prices alone among public pages, but a staff page too: its own chunk, not Dash's.
    expect(plan('calc')).toBe('site-Public-Prices');
  });

  it("leaves the entry's modules, the pages themselves, page-only code and staff code to the bundler", () => {
    for (const id of ['main', 'react', 'loader', 'Public/Home', 'hero', 'Admin/Dash', 'chart']) {
      expect(plan(id), id).toBeNull();
    }
  });
});

describe('entryStaysAlone', () => {
  const check = (entryImports: string[]) => {
    const errors: string[] = [];
    const plugin = entryStaysAlone();
    const bundle = {
      'main.js': { type: 'chunk', isEntry: true, fileName: 'main.js', name: 'main', imports: entryImports },
      'site.js': { type: 'chunk', isEntry: false, fileName: 'site.js', name: 'site', imports: ['main.js'] },
      'react.js': { type: 'chunk', isEntry: false, fileName: 'react.js', name: 'react', imports: [] },
    };
    const generate = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
    generate.call({ error: (message: string) => errors.push(message) }, {}, bundle);
    return errors;
  };

  it('fails the build when the entry would import a planned chunk', () => {
    expect(check(['react.js'])).toEqual([]);
    expect(check(['react.js', 'site.js'])).toEqual([
      'The entry main.js imports site.js (vite.public-chunks.ts).',
    ]);
  });
});
