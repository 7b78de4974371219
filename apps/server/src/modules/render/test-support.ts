import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../testing/app';
import { postLedgerEntry } from '../billing';
import { drives } from '../drives/tables';
import { users } from '../users/tables';
import { verificationRequests } from '../verification/tables';
import type { NodeTask } from './manager';
import { renderJobs, renderTasks } from './tables';

/**
 * A render node as the tests' stand-in (tests only): it speaks the node protocol to the app over
 * `inject`, with the bytes a real node would upload, but runs no Blender.
 */
export class SimulatedNode {
  token = '';
  uuid = '';
  constructor(
    private readonly t: TestApp,
    readonly name: string,
  ) {}

  private call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  }

  async enrol(): Promise<this> {
    const { token } = await this.t.app.services.renderManager.issueEnrolmentToken();
    const res = await this.t.app.inject({
      method: 'POST',
      url: '/render-node/v1/enrol',
      payload: { enrolment_token: token, name: this.name, blender_version: '3.4.1', cores: 2 },
    });
    if (res.statusCode !== 201) throw new Error(`enrol: ${res.statusCode} ${res.body}`);
    const body = res.json();
    this.token = body.token;
    this.uuid = body.node.uuid;
    return this;
  }

  /** The next task, or null on 204. */
  async claim(waitSeconds = 0): Promise<NodeTask | null> {
    const res = await this.call('POST', '/render-node/v1/claim', { wait_seconds: waitSeconds });
    if (res.statusCode === 204) return null;
    if (res.statusCode !== 200) throw new Error(`claim: ${res.statusCode} ${res.body}`);
    return res.json().task;
  }

  heartbeat(status: 'idle' | 'busy' | 'asleep' = 'idle') {
    return this.call('POST', '/render-node/v1/heartbeat', { status, blender_version: '3.4.1' });
  }

  progress(task: NodeTask, body: Record<string, unknown> = {}) {
    return this.call('POST', `/render-node/v1/tasks/${task.uuid}/progress`, {
      log: ['Fra:1 Mem:12M'],
      ...body,
    });
  }

  download(task: NodeTask, headers: Record<string, string> = {}) {
    return this.call('GET', task.scene.url, undefined, headers);
  }

  upload(url: string, bytes: Buffer, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.call('PUT', url, bytes, { 'content-type': 'application/octet-stream', ...headers });
  }

  /** Uploads every expected output (a small PNG-like file per frame). */
  async uploadAll(task: NodeTask): Promise<void> {
    for (const output of task.outputs ?? []) {
      const res = await this.upload(output.upload_url, frameBytes(output.frame));
      if (res.statusCode !== 201) throw new Error(`upload ${output.name}: ${res.statusCode} ${res.body}`);
    }
  }

  complete(task: NodeTask, renderSeconds: number, findings?: Record<string, unknown>) {
    return this.call('POST', `/render-node/v1/tasks/${task.uuid}/complete`, {
      render_seconds: renderSeconds,
      log: ['Saved: frame', 'Blender quit'],
      ...(findings ? { findings } : {}),
    });
  }

  fail(
    task: NodeTask,
    reason = 'Blender exited with code 1',
    log: string[] = ['Error: cannot read texture'],
  ) {
    return this.call('POST', `/render-node/v1/tasks/${task.uuid}/fail`, { reason, log });
  }

  release(task: NodeTask) {
    return this.call('POST', `/render-node/v1/tasks/${task.uuid}/release`, {});
  }

  /** Claims (no wait), uploads and completes whatever it gets; returns the task or null. */
  async renderOne(seconds = 6): Promise<NodeTask | null> {
    const task = await this.claim();
    if (!task) return null;
    if (task.kind === 'check') {
      await this.complete(task, 2, CHECK_FINDINGS);
      return task;
    }
    await this.uploadAll(task);
    const res = await this.complete(task, seconds);
    if (res.statusCode !== 200) throw new Error(`complete: ${res.statusCode} ${res.body}`);
    return task;
  }
}

/**
 * What a node's scene check reports for the test scene. Tests complete the check in exactly its
 * sample frame's seconds (no start-up), so their estimates are frames × 0.5 s.
 */
export const CHECK_FINDINGS = {
  blender_version: '3.4.1',
  engine: 'CYCLES',
  frame_start: 1,
  frame_end: 6,
  resolution_x: 64,
  resolution_y: 48,
  resolution_percentage: 100,
  cameras: ['Camera'],
  output_format: 'PNG',
  samples: 4,
  denoise: { enabled: false, kind: null, available: false },
  missing_files: [],
  sample_frame: 1,
  sample_seconds: 0.5,
};

/** Bytes standing for a rendered frame: a PNG signature and the frame number. */
export const frameBytes = (frame: number) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(`frame ${frame}`),
  ]);

/** A scene file's bytes: the `.blend` header and some filler. */
export const blendBytes = (filler = 'scene') =>
  Buffer.concat([Buffer.from('BLENDER-v304RENDH'), Buffer.from(filler)]);

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

export async function setBalance(t: TestApp, userId: number, target: number): Promise<void> {
  const [user] = await t.database.db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  const delta = target - user!.balance;
  if (delta === 0) return;
  await postLedgerEntry(t.database.db, {
    userId,
    type: 'adjustment',
    amount: delta,
    description: 'test',
    idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
    allowNegative: true,
  });
}

/**
 * A second customer for tests (the demo has one): verified, identity approved, with a 10 GB drive
 * in the same place as the demo customer's.
 */
export async function makeCustomer(t: TestApp, email: string): Promise<{ id: number; driveUuid: string }> {
  const db = t.database.db;
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({ name: 'مشتری دوم', email, emailVerifiedAt: now, kycStatus: 'approved' })
    .returning();
  await db
    .insert(verificationRequests)
    .values({ userId: user!.id, status: 'approved', firstName: 'مینا', lastName: 'رادمنش' });
  const [template] = await db.select().from(drives).orderBy(drives.id).limit(1);
  const [drive] = await db
    .insert(drives)
    .values({
      userId: user!.id,
      locationId: template!.locationId,
      name: 'فضای آزمایشی',
      sizeGb: 10,
      periodStartedAt: now,
      paidUntil: new Date(now.getTime() + 30 * 24 * 3600 * 1000),
    })
    .returning();
  return { id: user!.id, driveUuid: drive!.uuid };
}

/** The user's first drive (the demo gives the customer two). */
export async function driveOf(t: TestApp, userId: number) {
  const [drive] = await t.database.db
    .select()
    .from(drives)
    .where(eq(drives.userId, userId))
    .orderBy(drives.id);
  return drive!;
}

/** Puts a file into a drive the way a finished upload does (reserve, store, finish). */
export async function putFile(t: TestApp, userId: number, driveUuid: string, name: string, bytes: Buffer) {
  const id = randomBytes(16).toString('hex');
  const { objectKey } = await t.app.services.drives.reserveUpload(userId, driveUuid, {
    id,
    parent: '',
    name,
    length: bytes.length,
    replace: true,
  });
  await t.app.services.storage.put(objectKey, bytes);
  await t.app.services.drives.finishUpload(id, {
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    objectKey,
  });
}

/** Cancels every open job, so a test starts with an empty queue. */
export async function emptyQueue(t: TestApp): Promise<void> {
  const db = t.database.db;
  await db
    .update(renderTasks)
    .set({ status: 'canceled', nodeId: null, leaseUntil: null })
    .where(inArray(renderTasks.status, ['queued', 'active']));
  await db
    .update(renderJobs)
    .set({ status: 'canceled' })
    .where(and(sql`${renderJobs.status} not in ('completed', 'failed', 'canceled')`));
}
