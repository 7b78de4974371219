import { defineConfig, type Options } from 'tsup';

/** The one build every library package uses: ESM + .d.ts with source maps, for Node 20 and browsers. */
export function libraryConfig(entry: Options['entry'] = ['src/index.ts']) {
  return defineConfig({ entry, format: ['esm'], dts: true, clean: true, sourcemap: true, target: 'es2022' });
}
