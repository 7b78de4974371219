import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';

/**
 * A test double of the manager's half of /render-node/v1 (docs/decisions/0014): enough state to
 * hand out tasks, check tokens and signatures, serve a scene with Range, take uploads and record
 * every call the node makes. Tests only; the real manager lives in the app.
 */
export interface FakeTaskInput {
  kind: 'render' | 'check';
  scene: string;
  frames?: number[];
  settings?: Record<string, unknown>;
  leaseSeconds?: number;
}

export interface FakeTask {
  uuid: string;
  body: Record<string, unknown>;
  scene: Buffer;
  signature: string;
  expected: Map<string, number>;
  uploads: Map<string, Buffer>;
  status: 'queued' | 'active' | 'completed' | 'failed' | 'released' | 'canceled';
  cancel: boolean;
  progress: Record<string, unknown>[];
  end?: { kind: 'complete' | 'fail' | 'release'; body: Record<string, unknown> };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingMessage['headers'];
}

const PREFIX = '/render-node/v1';

export class FakeManager {
  readonly calls: Call[] = [];
  readonly tasks = new Map<string, FakeTask>();
  readonly nodeToken = `node-${randomUUID()}-${randomUUID()}`;
  readonly enrolmentToken = `enrol-${randomUUID()}`;
  enrolled = false;
  /** Cut the scene download after this many bytes, once (to prove the resume). */
  cutSceneAfter: number | null = null;
  /** Called as an output arrives, before it is answered: the node is still waiting on it then. */
  onUpload: ((task: FakeTask, name: string) => void) | null = null;
  #queue: string[] = [];
  #waiters: (() => void)[] = [];
  #listeners: (() => void)[] = [];
  #server: Server;
  url = '';

  constructor() {
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: error.message }));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const wake of this.#waiters.splice(0)) wake();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Queues a task for the next claim. */
  addTask(input: FakeTaskInput): FakeTask {
    const uuid = randomUUID();
    const scene = readFileSync(input.scene);
    const signature = randomUUID();
    const sign = (path: string) => `${path}?expires=9999999999&signature=${signature}`;
    const format = (input.settings?.format as string | undefined) ?? 'PNG';
    const extension = { PNG: 'png', JPEG: 'jpg', OPEN_EXR: 'exr' }[format] ?? 'png';
    const outputs = (input.frames ?? []).map((frame) => {
      const name = `frame_${String(frame).padStart(4, '0')}.${extension}`;
      return { frame, name, upload_url: sign(`${PREFIX}/tasks/${uuid}/outputs/${name}`) };
    });
    const body: Record<string, unknown> = {
      uuid,
      kind: input.kind,
      lease_seconds: input.leaseSeconds ?? 60,
      job: { uuid: randomUUID(), name: 'test job' },
      scene: {
        url: sign(`${PREFIX}/tasks/${uuid}/scene`),
        sha256: createHash('sha256').update(scene).digest('hex'),
        size: scene.length,
        filename: basename(input.scene),
      },
    };
    if (input.kind === 'render') {
      const frames = input.frames ?? [];
      body.frames = { start: Math.min(...frames), end: Math.max(...frames) };
      body.settings = {
        format,
        resolution_percentage: 100,
        samples: null,
        denoise: false,
        ...input.settings,
      };
      body.outputs = outputs;
    }
    const task: FakeTask = {
      uuid,
      body,
      scene,
      signature,
      expected: new Map(outputs.map((output) => [output.name, output.frame])),
      uploads: new Map(),
      status: 'queued',
      cancel: false,
      progress: [],
    };
    this.tasks.set(uuid, task);
    this.#queue.push(uuid);
    for (const wake of this.#waiters.splice(0)) wake();
    return task;
  }

  /** Resolves once `check` holds, looked at after every call the node makes. */
  waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 60_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listeners = this.#listeners.filter((l) => l !== listener);
        reject(
          new Error(
            `waited ${timeoutMs} ms; last calls: ${this.calls
              .slice(-20)
              .map((c) => `${c.method} ${c.path}`)
              .join(', ')}`,
          ),
        );
      }, timeoutMs);
      const listener = () => {
        const value = check();
        if (value) {
          clearTimeout(timer);
          this.#listeners = this.#listeners.filter((l) => l !== listener);
          resolve(value);
        }
      };
      this.#listeners.push(listener);
      listener();
    });
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const raw = await readBody(req);
    const isJson = (req.headers['content-type'] ?? '').includes('application/json');
    const body = isJson && raw.length ? JSON.parse(raw.toString('utf8')) : null;
    this.calls.push({ method: req.method ?? '', path: url.pathname, body, headers: req.headers });
    try {
      await this.#route(req, res, url, body, raw);
    } finally {
      this.#changed();
    }
  }

  async #route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Record<string, unknown> | null,
    raw: Buffer,
  ): Promise<void> {
    const path = url.pathname;
    if (req.method === 'POST' && path === `${PREFIX}/enrol`) {
      if (body?.enrolment_token !== this.enrolmentToken || this.enrolled)
        return json(res, 401, { error: 'bad' });
      this.enrolled = true;
      return json(res, 201, { node: { uuid: randomUUID(), name: body.name }, token: this.nodeToken });
    }
    if (req.headers.authorization !== `Bearer ${this.nodeToken}`) return json(res, 401, { error: 'token' });

    if (req.method === 'POST' && path === `${PREFIX}/claim`) {
      const wait = Math.min(Number(body?.wait_seconds ?? 30), 30) * 1000;
      let uuid = this.#queue.shift();
      if (!uuid) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.#waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        uuid = this.#queue.shift();
      }
      if (!uuid || res.destroyed || req.socket.destroyed) {
        if (uuid) this.#queue.unshift(uuid);
        res.writeHead(204).end();
        return;
      }
      const task = this.tasks.get(uuid)!;
      task.status = 'active';
      return json(res, 200, { task: task.body });
    }
    if (req.method === 'POST' && path === `${PREFIX}/heartbeat`) return json(res, 200, {});

    const taskPath =
      /^\/render-node\/v1\/tasks\/([^/]+)\/(progress|complete|fail|release|scene|outputs\/(.+))$/.exec(path);
    const task = taskPath ? this.tasks.get(taskPath[1] ?? '') : undefined;
    if (!taskPath || !task) return json(res, 404, { error: 'not found' });
    const action = taskPath[2] ?? '';
    const held = task.status === 'active';

    if (action === 'scene' || action.startsWith('outputs/')) {
      if (url.searchParams.get('signature') !== task.signature) return json(res, 403, { error: 'signature' });
    }
    if (req.method === 'GET' && action === 'scene') return this.#serveScene(req, res, task);
    if (req.method === 'PUT' && action.startsWith('outputs/')) {
      const name = decodeURIComponent(taskPath[3] ?? '');
      if (!held) return json(res, 409, { cancel: true });
      if (!task.expected.has(name)) return json(res, 422, { error: 'unexpected name' });
      const length = req.headers['content-length'];
      if (length === undefined || Number(length) !== raw.length) return json(res, 411, { error: 'length' });
      task.uploads.set(name, raw);
      this.onUpload?.(task, name);
      return json(res, 201, {});
    }
    if (req.method !== 'POST') return json(res, 405, {});
    if (action === 'progress') {
      if (!held) return json(res, 409, { cancel: true });
      task.progress.push(body ?? {});
      return json(res, 200, {
        lease_until: new Date(Date.now() + 60_000).toISOString(),
        cancel: task.cancel,
      });
    }
    if (!held) return json(res, 409, { cancel: true });
    if (action === 'complete') {
      const missing = [...task.expected.keys()].filter((name) => !task.uploads.has(name));
      if (missing.length > 0) return json(res, 409, { error: 'outputs missing', missing });
      task.status = 'completed';
    } else if (action === 'fail') {
      task.status = 'failed';
    } else {
      task.status = 'released';
    }
    task.end = { kind: action as 'complete' | 'fail' | 'release', body: body ?? {} };
    return json(res, 200, {});
  }

  #serveScene(req: IncomingMessage, res: ServerResponse, task: FakeTask): void {
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    if (start >= task.scene.length && task.scene.length > 0) {
      res.writeHead(416).end();
      return;
    }
    const bytes = task.scene.subarray(start);
    const headers: Record<string, string | number> = {
      'content-type': 'application/octet-stream',
      'content-length': bytes.length,
      'accept-ranges': 'bytes',
    };
    if (range) headers['content-range'] = `bytes ${start}-${task.scene.length - 1}/${task.scene.length}`;
    res.writeHead(range ? 206 : 200, headers);
    const cut = this.cutSceneAfter;
    if (cut !== null && cut < bytes.length) {
      this.cutSceneAfter = null;
      // Half the bytes, then the connection drops: the node must resume, not start over.
      res.write(bytes.subarray(0, cut), () => res.destroy());
      return;
    }
    res.end(bytes);
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
