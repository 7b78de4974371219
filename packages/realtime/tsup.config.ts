import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { 'server/index': 'src/server/index.ts', 'client/index': 'src/client/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
