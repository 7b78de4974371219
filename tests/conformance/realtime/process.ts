/** Spawns the realtime CLI as a separate process (through tsx) and waits for its "listening" line. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../../packages/realtime/src/server/cli.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', TSX, CLI], {
    env: { ...process.env, REVERB_PORT: '0', REVERB_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`realtime process did not start: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`realtime process exited with ${code}: ${stderr}`)));
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on [^:]+:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        port: Number(m[1]),
        child,
        stop: (signal = 'SIGTERM') =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill(signal);
          }),
      });
    });
  });
}
