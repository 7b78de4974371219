import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PACKAGES = resolve(import.meta.dirname, '../../packages');
const out = mkdtempSync(join(tmpdir(), 'rf-pack-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Packs one package as a team would publish it: `pnpm pack` (its prepack builds dist/ first). */
function pack(dir: string): { tarball: string; files: string[]; manifest: PackedManifest } {
  const folder = mkdtempSync(join(out, 'p-'));
  execFileSync('pnpm', ['pack', '--pack-destination', folder], { cwd: dir, stdio: 'pipe' });
  const name = readdirSync(folder).find((f) => f.endsWith('.tgz'));
  if (!name) throw new Error(`pnpm pack made no tarball for ${dir}`);
  const tarball = join(folder, name);
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

const names = readdirSync(PACKAGES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe.each(names)('@renderfarm/%s as packed for a consumer', (name) => {
  let packed: ReturnType<typeof pack>;
  beforeAll(() => {
    packed = pack(join(PACKAGES, name));
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
});
