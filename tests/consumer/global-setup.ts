import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const PACKAGES = resolve(import.meta.dirname, '../../packages');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Package folder name (`react`) → its tarball, packed once for every file of the project. */
    tarballs: Record<string, string>;
  }
}

/**
 * Packs every package once, as a team would publish it: `pnpm pack` (its prepack builds dist/
 * with tsup, the slow part). The tarball checks and the consumer app both use these tarballs, so
 * the builds are not run twice. Two at a time: the machine has two cores.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const out = mkdtempSync(join(tmpdir(), 'rf-pack-'));
  const names = readdirSync(PACKAGES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const tarballs: Record<string, string> = {};
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const folder = join(out, name);
      mkdirSync(folder);
      await run('pnpm', ['pack', '--pack-destination', folder], { cwd: join(PACKAGES, name) });
      const file = readdirSync(folder).find((f) => f.endsWith('.tgz'));
      if (!file) throw new Error(`pnpm pack made no tarball for packages/${name}`);
      tarballs[name] = join(folder, file);
    }
  };
  await Promise.all([worker(), worker()]);
  project.provide('tarballs', tarballs);
  return () => rmSync(out, { recursive: true, force: true });
}
