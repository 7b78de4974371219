import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAssets } from './assets';
import { ProtocolError } from './errors';

const write = (content: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'rf-assets-')), 'manifest.json');
  writeFileSync(path, content);
  return path;
};

describe('loadAssets', () => {
  it('version is a hash of the manifest: same manifest, same version; changed manifest, new version', () => {
    const m = JSON.stringify({ 'src/main.tsx': { file: 'assets/a.js' } });
    const a = loadAssets({ manifestPath: write(m) });
    const b = loadAssets({ manifestPath: write(m) });
    const c = loadAssets({ manifestPath: write(m.replace('a.js', 'b.js')) });
    expect(a.version).toBe(b.version);
    expect(a.version).not.toBe(c.version);
    expect(a.tags).toBe('<script type="module" src="/build/assets/a.js"></script>');
  });

  it("preloads the entry's woff2 fonts before its stylesheet, and no other asset", () => {
    const m = JSON.stringify({
      'src/main.tsx': {
        file: 'assets/a.js',
        css: ['assets/a.css'],
        assets: ['assets/Vazirmatn-x.woff2', 'assets/logo.svg'],
      },
    });
    expect(loadAssets({ manifestPath: write(m) }).tags.split('\n')).toEqual([
      '<link rel="preload" href="/build/assets/Vazirmatn-x.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="stylesheet" href="/build/assets/a.css">',
      '<script type="module" src="/build/assets/a.js"></script>',
    ]);
  });

  it('dev server: Vite client, React refresh preamble and the entry, no version', () => {
    const dev = loadAssets({ devServer: 'http://localhost:5173/', entry: 'src/main.tsx', base: '/build/' });
    expect(dev.version).toBeNull();
    expect(dev.tags).toContain(
      '<script type="module" src="http://localhost:5173/build/@vite/client"></script>',
    );
    expect(dev.tags).toContain(
      '<script type="module" src="http://localhost:5173/build/src/main.tsx"></script>',
    );
    expect(dev.tags).toContain('@react-refresh');
    expect(loadAssets({ devServer: 'http://localhost:5173', reactRefresh: false }).tags).not.toContain(
      '@react-refresh',
    );
  });

  it('errors with stable codes on a missing manifest or entry', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as ProtocolError).code;
      }
    };
    expect(code(() => loadAssets({ manifestPath: '/nonexistent/manifest.json' }))).toBe(
      'VITE_MANIFEST_UNREADABLE',
    );
    expect(code(() => loadAssets({ manifestPath: write('{}') }))).toBe('VITE_ENTRY_MISSING');
    expect(new ProtocolError('VITE_ENTRY_MISSING', 'x')).toBeInstanceOf(Error);
  });

  it('no manifest and no dev server: no tags, no version', () => {
    const assets = loadAssets({ pageModule: (component) => `src/pages/${component}.tsx` });
    expect([assets.tags, assets.version, assets.pageTags('Public/Home')]).toEqual(['', null, '']);
  });

  it("names a page's chunk, its static imports and their CSS, beyond what the entry loads", () => {
    const manifest = {
      'src/main.tsx': { file: 'assets/main.js', css: ['assets/main.css'], imports: ['_react.js'] },
      _react: { file: 'assets/unused.js' },
      '_react.js': { file: 'assets/react.js' },
      'src/pages/Public/Home.tsx': {
        file: 'assets/Home.js',
        css: ['assets/main.css', 'assets/Home.css'],
        imports: ['src/main.tsx', '_site.js', '_react.js'],
      },
      '_site.js': { file: 'assets/site.js', imports: ['src/main.tsx', '_icons.js'] },
      '_icons.js': { file: 'assets/icons.js', imports: ['_site.js'] },
      'src/pages/Admin/Dash.tsx': { file: 'assets/Dash.js', imports: ['src/main.tsx'] },
    };
    const assets = loadAssets({
      manifestPath: write(JSON.stringify(manifest)),
      pageModule: (component) => `src/pages/${component}.tsx`,
    });
    expect(assets.pageTags('Public/Home').split('\n')).toEqual([
      '<link rel="stylesheet" href="/build/assets/Home.css">',
      '<link rel="modulepreload" href="/build/assets/Home.js">',
      '<link rel="modulepreload" href="/build/assets/site.js">',
      '<link rel="modulepreload" href="/build/assets/icons.js">',
    ]);
    expect(assets.pageTags('Admin/Dash')).toBe('<link rel="modulepreload" href="/build/assets/Dash.js">');
    // A component this build lacks (a stale deploy) names nothing; the client reports it.
    expect(assets.pageTags('Public/Gone')).toBe('');
    // Without `pageModule` the document names the entry's files only.
    expect(loadAssets({ manifestPath: write(JSON.stringify(manifest)) }).pageTags('Public/Home')).toBe('');
  });
});
