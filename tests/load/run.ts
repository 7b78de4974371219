import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * `pnpm bench`: runs every tests/load/*.bench.ts in turn (each exports `run(): Promise<string>`,
 * a markdown section) and writes them to docs/benchmarks.md. Speeds are reported as ratios
 * against a baseline measured in the same run, because these machines are shared and noisy.
 * `pnpm bench <name>` runs only the benchmarks whose file name contains <name>. A section is
 * replaced by the one of the same `## ` heading; the others stay (earlier runs, hand-written notes).
 */
const dir = import.meta.dirname;
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !filter || name.includes(filter))
  .sort();

const sections: string[] = [];
let failed = 0;
for (const file of files) {
  const started = Date.now();
  process.stdout.write(`bench ${file} … `);
  try {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run: () => Promise<string> };
    sections.push((await mod.run()).trim());
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    failed++;
    console.log('FAILED');
    console.error(error);
    sections.push(`## ${file}\n\nFailed: ${(error as Error).message}`);
  }
}

const header = [
  '# Benchmarks',
  '',
  `Written by \`pnpm bench\` on ${new Date().toISOString()}: Node ${process.version}, ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB. ` +
    'Shared machines are noisy: compare the ratios, which are measured against a baseline in the same run.',
].join('\n');
const out = join(dir, '../../docs/benchmarks.md');
writeFileSync(
  out,
  `${header}\n\n${mergeSections(existsSync(out) ? readFileSync(out, 'utf8') : '', sections).join('\n\n')}\n`,
);

/** The file's `## ` sections with this run's in place of those of the same heading, new ones last. */
function mergeSections(previous: string, fresh: string[]): string[] {
  const heading = (section: string) => section.split('\n', 1)[0]!.trim();
  const kept = previous
    .split(/\n(?=## )/)
    .filter((part) => part.startsWith('## '))
    .map((part) => part.trim());
  const byHeading = new Map(fresh.map((section) => [heading(section), section]));
  const merged = kept.map((section) => {
    const replacement = byHeading.get(heading(section));
    byHeading.delete(heading(section));
    return replacement ?? section;
  });
  return [...merged, ...byHeading.values()];
}
console.log(`\nWrote ${out}${failed ? ` (${failed} failed)` : ''}`);
if (failed) process.exitCode = 1;
