import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const tarballs = inject('tarballs');
const ATTW = resolve(import.meta.dirname, '../node_modules/.bin/attw');

/** One package's tarball (packed by global-setup.ts with `pnpm pack`, whose prepack builds dist/). */
function read(tarball: string): { tarball: string; files: string[]; manifest: PackedManifest } {
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  ) as PackedManifest;
  return { tarball, files, manifest };
}

interface PackedManifest {
  name: string;
  exports: Record<string, string | Record<string, string>>;
  types?: string;
  private?: boolean;
  dependencies?: Record<string, string>;
}

/** Every file an `exports` entry (or `types`) names, as paths inside the package. */
function exportTargets(manifest: PackedManifest): string[] {
  const targets = Object.values(manifest.exports).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : Object.values(entry),
  );
  if (manifest.types) targets.push(manifest.types);
  return targets.map((t) => t.replace(/^\.\//, ''));
}

const names = Object.keys(tarballs).sort();

describe.each(names)('@renderfarm/%s as packed for a consumer', (name) => {
  let packed: ReturnType<typeof read>;
  beforeAll(() => {
    packed = read(tarballs[name]!);
  });

  it('holds every file its exports name, built, and none of its sources', () => {
    const missing = exportTargets(packed.manifest).filter((t) => !packed.files.includes(t));
    expect(missing, `exports point at files the tarball lacks: ${missing.join(', ')}`).toEqual([]);
    expect(exportTargets(packed.manifest).every((t) => t.startsWith('dist/'))).toBe(true);
    expect(packed.files.filter((f) => f.startsWith('src/') || f.includes('.test.'))).toEqual([]);
  });

  it('names real versions of its workspace siblings, not workspace links', () => {
    const links = Object.entries(packed.manifest.dependencies ?? {}).filter(([, v]) =>
      v.startsWith('workspace:'),
    );
    expect(links).toEqual([]);
  });

  it('passes publint', async () => {
    const tarball = readFileSync(packed.tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((m) => formatMessage(m, pkg) ?? m.code)).toEqual([]);
  });

  it('has types every resolver finds (attw: node16 ESM, bundler)', async (context) => {
    if (packed.manifest.private) context.skip();
    // ESM-only packages: the esm-only profile leaves out node10 and require() from CommonJS, which
    // no ESM-only package can serve (docs/decisions/0018-releases-and-testing-package.md).
    // attw exits non-zero on a problem the profile counts; its table says which resolver failed.
    const failure = await run(ATTW, [packed.tarball, '--profile', 'esm-only', '--no-color']).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(failure).toBe('');
  });
});
