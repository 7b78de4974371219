import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/**
 * Starts the app exactly as `pnpm start` does after its build (apps/server/src/main.ts under tsx),
 * on a free port with its own storage directory, and waits for GET /up.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const storageDir = env.STORAGE_DIR ?? mkdtempSync(join(tmpdir(), 'renderfarm-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
  const deadline = Date.now() + Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000);
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
    await new Promise((r) => setTimeout(r, 200));
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
