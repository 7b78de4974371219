import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Environment variables Blender never gets: the node's secrets (our scripts need none of them). */
const SECRET_VARIABLES = /^RENDER_(NODE|ENROLMENT)_TOKEN$/;

export interface BlenderExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
}

/**
 * A task's log as the manager gets it: its first lines (the Blender version, the file read, what
 * the load skipped) and its last ones, each cut to a length a log column can hold.
 */
export class LogTail {
  readonly #head: string[] = [];
  readonly #tail: string[] = [];
  #dropped = 0;
  constructor(
    private readonly headSize = 12,
    private readonly tailSize = 200,
  ) {}
  push(line: string): void {
    const cut = line.length > 500 ? `${line.slice(0, 500)}…` : line;
    if (this.#head.length < this.headSize) {
      this.#head.push(cut);
      return;
    }
    this.#tail.push(cut);
    if (this.#tail.length > this.tailSize) {
      this.#tail.shift();
      this.#dropped++;
    }
  }
  /** The first lines and the last ones, `count` in all, with a marker where lines were left out. */
  lines(count: number): string[] {
    const head = this.#head.slice(0, Math.min(this.headSize, Math.floor(count / 4)));
    const all = [...this.#head, ...this.#tail];
    if (all.length <= count) return all;
    const tail = this.#tail.slice(-(count - head.length - 1));
    const left = all.length + this.#dropped - head.length - tail.length;
    return [...head, `… ${left} lines …`, ...tail];
  }
}

/**
 * Blender as a child process in a process group of its own: a kill reaches Blender even when
 * BLENDER_PATH is a wrapper script, and the terminal's Ctrl+C goes to the node, which decides.
 */
export class BlenderProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<BlenderExit>;
  readonly log = new LogTail();
  #killed = false;

  constructor(blenderPath: string, args: string[], options: { cwd: string; onLine: (line: string) => void }) {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !SECRET_VARIABLES.test(name)),
    );
    const started = performance.now();
    this.child = spawn(blenderPath, args, {
      cwd: options.cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = (stream: NodeJS.ReadableStream | null) => {
      if (!stream) return Promise.resolve();
      const reader = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
      reader.on('line', (line) => {
        this.log.push(line);
        options.onLine(line);
      });
      return new Promise<void>((resolve) => reader.on('close', resolve));
    };
    const outputs = Promise.all([lines(this.child.stdout), lines(this.child.stderr)]);
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        this.log.push(`render-node: Blender did not start: ${error.message}`);
        resolve({ code: null, signal: null, seconds: 0 });
      });
      this.child.on('close', async (code, signal) => {
        await outputs;
        resolve({ code, signal, seconds: (performance.now() - started) / 1000 });
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get killed(): boolean {
    return this.#killed;
  }

  /** Ends Blender at once: it holds nothing worth saving, and a cancel must free the node now. */
  kill(): void {
    this.#killed = true;
    const pid = this.child.pid;
    if (pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

/** `Blender 3.4.1` from `blender --version`, or an error saying why Blender did not answer. */
export async function blenderVersion(blenderPath: string): Promise<string> {
  const blender = new BlenderProcess(blenderPath, ['-b', '--factory-startup', '--version'], {
    cwd: process.cwd(),
    onLine: () => {},
  });
  const timer = setTimeout(() => blender.kill(), 60_000);
  const exit = await blender.exited;
  clearTimeout(timer);
  const version = blender.log
    .lines(50)
    .map((line) => /^Blender (\d+\.\d+(?:\.\d+)?)/.exec(line)?.[1])
    .find(Boolean);
  if (exit.code !== 0 || !version) {
    throw Object.assign(
      new Error(
        `Blender at "${blenderPath}" did not answer --version (${exit.code === null ? 'it did not start' : `exit code ${exit.code}`}): set BLENDER_PATH to Blender's program`,
      ),
      { code: 'RF_BLENDER' },
    );
  }
  return version;
}
