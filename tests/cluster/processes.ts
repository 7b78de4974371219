import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../support/server-process';

/** A child process of the cluster test: its output so far, and a way to stop or kill it. */
export interface Child {
  child: ChildProcess;
  output(): string;
  /** SIGTERM, and the exit code once it has gone. */
  stop(): Promise<number | null>;
  /** SIGKILL (nothing drains), resolved once the process has gone. */
  kill(): Promise<void>;
}

function track(child: ChildProcess, onExit: () => void = () => {}): Child {
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const gone = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      onExit();
      resolve(code);
    }),
  );
  return {
    child,
    output: () => log,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return gone;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await gone;
    },
  };
}

async function until(
  what: string,
  proc: Child,
  ready: () => Promise<boolean> | boolean,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null)
      throw new Error(`${what} exited with ${proc.child.exitCode}:\n${proc.output()}`);
    if (await ready()) return;
    if (Date.now() > deadline) {
      proc.child.kill('SIGKILL');
      throw new Error(`${what} was not ready within ${timeoutMs / 1000} s:\n${proc.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `pnpm worker` (apps/server/src/worker.ts under tsx), ready once it says it runs. */
export async function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<Child> {
  const storageDir = mkdtempSync(join(tmpdir(), 'renderfarm-worker-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      CAPTCHA_PROVIDER: 'none',
      STORAGE_DIR: storageDir,
      VITE_DEV_SERVER: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = track(child, () => rmSync(storageDir, { recursive: true, force: true }));
  await until('the worker', proc, () => /Job worker \S+ running/.test(proc.output()));
  return proc;
}

/** Whether this machine can run a Redis of the test's own (one it may stop and start again). */
export function redisServerInstalled(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A Redis of this test alone on a free port, nothing saved to disk; `restart` keeps the port. */
export async function startRedisServer(): Promise<{
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}> {
  const port = await freePort();
  let proc: Child | undefined;
  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    proc = track(child);
    const started = proc;
    await until('redis-server', started, () => /Ready to accept connections/.test(started.output()), 20_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      await proc?.kill();
      proc = undefined;
    },
  };
}
