import { execFile } from 'node:child_process';
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const execFileAsync = promisify(execFile);
const tarballs = inject('tarballs');
/** What the app imports, and what those import: installed from their tarballs, never from the registry. */
const OURS = ['routes', 'router', 'react', 'testing'];

// A team's app in a folder of its own outside the repository, so nothing resolves through the
// workspace: npm installs the packed tarballs and the app's third-party packages (exact versions,
// the workspace's, in app/package.json) from the registry, through npm's cache when it has them.
const dir = mkdtempSync(join(tmpdir(), 'rf-consumer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one of the app's tools; the failure message carries its output. */
async function inApp(command: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, {
      cwd: dir,
      // Not the outer vitest's environment: the app's own vitest must not think it runs inside one.
      env: { ...outerEnv, NO_COLOR: '1', CI: 'true' },
      maxBuffer: 32 * 1024 * 1024,
    });
    return stdout + stderr;
  } catch (error) {
    const {
      stdout = '',
      stderr = '',
      message,
    } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${dir}\n${message}\n${stdout}\n${stderr}`);
  }
}
const outerEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(VITEST|NODE_ENV$|FORCE_COLOR$|TEST$)/.test(key)),
);
const bin = (name: string) => join(dir, 'node_modules/.bin', name);

beforeAll(async () => {
  cpSync(resolve(import.meta.dirname, 'app'), dir, {
    recursive: true,
    filter: (source) => !/node_modules|dist/.test(source),
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const name of OURS) manifest.dependencies[`@renderfarm/${name}`] = `file:${tarballs[name]}`;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  await inApp('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
});

describe('an app outside the workspace, on the packed packages installed with npm', () => {
  it('gets each package as a real folder from its tarball, with its built files', () => {
    for (const name of OURS) {
      const installed = join(dir, 'node_modules/@renderfarm', name);
      expect(lstatSync(installed).isSymbolicLink(), `@renderfarm/${name} is a link`).toBe(false);
      expect(readdirSync(join(installed, 'dist'))).toContain('index.js');
    }
  });

  it('typechecks with tsc against the published .d.ts files', async () => {
    await inApp(bin('tsc'), ['--noEmit', '-p', '.']);
  });

  it('builds with Vite', async () => {
    await inApp(bin('vite'), ['build', '--logLevel', 'warn']);
    const html = readFileSync(join(dir, 'dist/index.html'), 'utf8');
    const script = /src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the built index.html loads a script').toBeTruthy();
    // The router's request headers made it into the bundle: the packages were bundled, not left out.
    expect(readFileSync(join(dir, 'dist', script!), 'utf8')).toContain('X-Inertia');
  });

  it('runs its own tests with renderApp and the mock server', async () => {
    const output = await inApp(bin('vitest'), ['run', '--reporter=verbose']);
    expect(output).toContain('shows the validation error, then sends and lands on the thanks page');
    expect(output).toMatch(/Tests\s+2 passed/);
  });
});
