import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Budget (issue 4): the browser's route() with its query-string codec stays within 3 KB gzipped.
const BUDGET = 3 * 1024;

describe('bundle size', () => {
  it('route() + query-string codec, minified and gzipped, is at most 3 KB', async () => {
    const result = await build({
      stdin: {
        contents: "export { route, stringifyQuery, parseQuery } from './index';",
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      platform: 'browser',
      write: false,
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    const gzipped = gzipSync(code, { level: 9 }).length;
    console.info(
      `routes client bundle: ${code.length} B minified, ${gzipped} B gzipped (budget ${BUDGET} B)`,
    );
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
  });
});
