import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migratedPgliteTemplateFile } from '../../apps/server/src/testing/migrated-template';
import { compiledServerEntry } from './server-build';

export const ROOT = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  url: string;
  storageDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

export interface ServerProcessOptions {
  /**
   * Runs the server compiled into one JavaScript file (support/server-build.ts) instead of under
   * tsx: the same code, started in about half the time, for tests that start it again and again.
   */
  compiled?: boolean;
}

/**
 * Starts the app as `pnpm start` does after its build (apps/server/src/main.ts under tsx, or its
 * compiled form), on a free port with its own storage directory, and waits for GET /up.
 *
 * Polling /up rather than waiting for the ready message main.ts sends over an IPC channel: with
 * WEB_CONCURRENCY the poll's kept-alive connection belongs to the first app process, which
 * tests/cluster/web-concurrency.test.ts relies on when it kills the second one.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv = {},
  { compiled = false }: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const storageDir = env.STORAGE_DIR ?? mkdtempSync(join(tmpdir(), 'renderfarm-e2e-'));
  const dataDir = join(storageDir, 'db');
  if (!env.DATABASE_URL && !existsSync(dataDir)) {
    // A fresh embedded database starts as a copy of the migrated template (the one database tests
    // use, src/testing/migrated-template.ts): PGlite opens it as an existing cluster, the
    // migrations find nothing to do and the demo seed runs as on any first start. initdb and the
    // migrations on disk cost 10–20 s of a start at a load average of 12; src/server.test.ts
    // still starts from an empty folder. A storage folder that has a database keeps it.
    mkdirSync(dataDir);
    execFileSync('tar', ['-xf', await migratedPgliteTemplateFile(), '-C', dataDir], { stdio: 'pipe' });
  }
  let log = '';
  const entry = compiled
    ? ['--enable-source-maps', await compiledServerEntry('apps/server/src/main.ts')]
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      CAPTCHA_PROVIDER: 'none',
      TESTING_HOOKS: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      REVERB_PORT: String(await freePort()),
      STORAGE_DIR: storageDir,
      DATABASE_URL: '',
      VITE_DEV_SERVER: '',
      // No Blender inside the app unless a test asks: render nodes are the tests' own processes.
      RENDER_NODE_IN_PROCESS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    log += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  // A busy shared machine may need longer to migrate and seed: E2E_START_TIMEOUT_MS says how long.
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 300_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/up`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /up in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    storageDir,
    child,
    output: () => log,
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop(child.exitCode);
        child.once('exit', (code) => {
          if (!env.STORAGE_DIR) rmSync(storageDir, { recursive: true, force: true });
          resolveStop(code);
        });
        child.kill('SIGTERM');
      }),
  };
}
