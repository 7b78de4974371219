#!/usr/bin/env node
// `pnpm test`: every project, with the browser tests (tests/e2e) in a vitest process of their own
// beside the rest.
//
// One vitest process runs the projects whose files go one at a time (fileParallelism: false: e2e
// and crash) in a group of their own after every other project has finished: the browser tests
// then held the whole run for their ~19 minutes while Chromium, their server and vitest used a
// quarter of a core (docs/development.md, Tests, has the measurements). Two processes overlap
// them: the browser tests still run one file at a time against their one server, the other
// projects (crash last among them) as before.
//
// The web app is built once first (as deployed, NODE_ENV=production): the server's page tests and
// the cluster's browser test read apps/web/dist, and the e2e setup then skips its own build.
// Arguments (`pnpm test -- some.test.ts`, `--project web`) run one plain `vitest run` instead.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

/** Runs a command, each output line prefixed with `label`; resolves with its exit code and output. */
function run(label, command, commandArgs, env = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, commandArgs, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const relay = (stream, target) => {
      let pending = '';
      stream.on('data', (chunk) => {
        output += chunk;
        const lines = (pending + chunk).split('\n');
        pending = lines.pop();
        for (const line of lines) target.write(`${label}${line}\n`);
      });
      stream.on('end', () => {
        if (pending) target.write(`${label}${pending}\n`);
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code, signal) => resolveRun({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const vitest = (label, vitestArgs, env) => run(label, 'npx', ['vitest', 'run', ...vitestArgs], env);

if (args.length > 0) {
  const { code } = await vitest('', args);
  process.exit(code);
}

const build = await run('[build] ', 'npx', ['--yes', 'pnpm@10', '--filter', '@renderfarm/web', 'build'], {
  NODE_ENV: 'production',
});
if (build.code !== 0) process.exit(build.code);

const [browser, rest] = await Promise.all([
  vitest('[e2e] ', ['--project', 'e2e'], { E2E_SKIP_BUILD: '1' }),
  vitest('[rest] ', ['--project', '!e2e']),
]);

// Each run closes with the summary reporter's line (scripts/summary-reporter.ts); CI reads one.
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const { code, output } of [browser, rest]) {
  const line = [...output.matchAll(/^Tests: (\d+) passed, (\d+) failed, (\d+) skipped$/gm)].at(-1);
  if (!line) {
    // A run that died before its summary failed as a whole.
    totals.failed += 1;
    continue;
  }
  totals.passed += Number(line[1]);
  totals.failed += Number(line[2]) + (code !== 0 && Number(line[2]) === 0 ? 1 : 0);
  totals.skipped += Number(line[3]);
}
process.stdout.write(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(browser.code !== 0 || rest.code !== 0 ? 1 : 0);
