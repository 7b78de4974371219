import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { toLatinDigits } from '../../lib/digits';
import { faToman } from '../../lib/persian';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import { readRenderPrices } from '../billing';
import { DriveError, type DriveService } from '../drives';
import { findUser, lockUser } from '../users';
import { approvedIdentityOf } from '../verification';
import { notifyTasksQueued } from './claim-signal';
import type { RenderQuote, SceneFindings } from './contracts';
import { jobNotFound, RenderError } from './errors';
import { chunkFrames, parseFrames } from './frames';
import {
  cancelOpenTasks,
  hasRenderedFrames,
  moveJob,
  type Publish,
  publishJob,
  requeueActiveTasks,
} from './job-ops';
import { taskEstimate } from './manager';
import { estimateCost, scaledFrameSeconds, startupSecondsOf } from './pricing';
import { looksLikeBlend, MAGIC_BYTES } from './scene-magic';
import { checkJobAction, type JobAction } from './state-machine';
import {
  RENDER_FORMATS,
  RENDER_PRIORITIES,
  type RenderFormat,
  type RenderJob,
  type RenderPriority,
  renderJobs,
  renderNodeBlocklist,
  renderTasks,
} from './tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most frames in one task, and samples a customer may ask for. */
export const MAX_CHUNK = 1000;
export const MAX_SAMPLES = 65_536;
const INSERT_BATCH = 1000;

/** The settings of a submission as the form sends them (numbers may come as Persian digits). */
export interface RenderSettingsInput {
  frames: string;
  chunk: unknown;
  format: unknown;
  resolution: unknown;
  samples?: unknown;
  priority: unknown;
}

export interface RenderSettings {
  frames: number[];
  spec: string;
  chunk: number;
  format: RenderFormat;
  resolutionPercent: number;
  samples: number | null;
  priority: RenderPriority;
}

const whole = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = toLatinDigits(value).trim();
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * Checks a submission's settings; every field's problem at once, in Persian, by field
 * (`frames`, `chunk`, `format`, `resolution`, `samples`, `priority`).
 */
export function validateSettings(input: RenderSettingsInput): RenderSettings {
  const errors: Record<string, string> = {};
  const frames = parseFrames(String(input.frames ?? ''));
  if (!frames.ok) errors.frames = frames.error;
  const chunk = whole(input.chunk);
  if (chunk === null || chunk < 1 || chunk > MAX_CHUNK) {
    errors.chunk = 'هر بخش دست‌کم ۱ و حداکثر ۱۰۰۰ فریم است؛ یک عدد صحیح بنویسید.';
  }
  const format = RENDER_FORMATS.find((f) => f === input.format);
  if (!format) errors.format = 'قالب خروجی را از میان PNG، JPEG و OpenEXR انتخاب کنید.';
  const resolution = whole(input.resolution);
  if (resolution === null || resolution < 1 || resolution > 100) {
    errors.resolution = 'درصد وضوح عددی صحیح از ۱ تا ۱۰۰ است.';
  }
  const blank = input.samples === undefined || input.samples === null || input.samples === '';
  const samples = blank ? null : whole(input.samples);
  if (!blank && (samples === null || samples < 1 || samples > MAX_SAMPLES)) {
    errors.samples = 'تعداد نمونه‌ها عددی صحیح از ۱ تا ۶۵٬۵۳۶ است؛ برای نمونه‌های خود صحنه خالی بگذارید.';
  }
  const priority = RENDER_PRIORITIES.find((p) => p === input.priority);
  if (!priority) errors.priority = 'اولویت را عادی یا فوری انتخاب کنید.';
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw new RenderError('RF_RENDER_SETTINGS', errors[fields[0]!]!, fields[0], { errors });
  }
  return {
    frames: frames.ok ? frames.frames : [],
    spec: String(input.frames).trim(),
    chunk: chunk!,
    format: format!,
    resolutionPercent: resolution!,
    samples,
    priority: priority!,
  };
}

export interface RenderServiceOptions {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  drives: DriveService;
  clock?: () => Date;
  onPublishError?: (error: unknown) => void;
}

/** Who acts on a job: its owner, or staff (care, admin), who may act on anyone's. */
export interface RenderActor {
  id: number;
  role?: string;
}

const isStaff = (actor: RenderActor) => actor.role === 'care' || actor.role === 'admin';

/**
 * The customer's side of render jobs (docs/render-jobs.md): check a scene from one of their drives,
 * quote and submit it, and pause, resume, cancel or requeue it; staff act on anyone's. Every write
 * locks the job first (the node protocol does too), and every refusal is a Persian error by field.
 */
export function createRenderService(options: RenderServiceOptions) {
  const { db, broadcaster, storage, drives } = options;
  const clock = options.clock ?? (() => new Date());
  const inTransaction = <T>(work: (tx: Database, publish: Publish) => Promise<T>) =>
    transactionWithBroadcasts(db, broadcaster, work, options.onPublishError);

  const lockJob = async (tx: Database, actor: RenderActor, uuid: string): Promise<RenderJob> => {
    if (!UUID.test(uuid)) throw jobNotFound();
    const [job] = await tx
      .select()
      .from(renderJobs)
      .where(and(eq(renderJobs.uuid, uuid), isStaff(actor) ? undefined : eq(renderJobs.userId, actor.id)))
      .for('update');
    if (!job) throw jobNotFound();
    return job;
  };

  /** The settings' frame time and tier price for a checked job. */
  const pricing = async (tx: Database, job: RenderJob, settings: RenderSettings) => {
    if (job.frameSeconds === null) {
      throw new RenderError(
        'RF_RENDER_NOT_CHECKED',
        'بررسی صحنه هنوز تمام نشده است؛ چند لحظه صبر کنید تا نتیجه‌اش بیاید.',
        'check',
      );
    }
    const findings = (job.findings ?? {}) as SceneFindings;
    const frameSeconds = scaledFrameSeconds(
      {
        frameSeconds: job.frameSeconds,
        sceneResolutionPercent:
          typeof findings.resolution_percentage === 'number' ? findings.resolution_percentage : null,
        sceneSamples: typeof findings.samples === 'number' ? findings.samples : null,
      },
      settings,
    );
    const price = (await readRenderPrices(tx))[settings.priority];
    const tasks = chunkFrames(settings.frames, settings.chunk).length;
    const estimate = estimateCost(settings.frames.length, frameSeconds, price, {
      tasks,
      seconds: startupSecondsOf(findings),
    });
    return { frameSeconds, price, estimate };
  };

  return {
    /**
     * A scene check for a `.blend` of one of the owner's drives: a job in `checking` with one check
     * task, which a node opens, reports on and times. Another's drive or file is «not found».
     */
    async checkScene(
      owner: { id: number },
      input: { drive: string; path: string; name?: string | undefined },
    ): Promise<RenderJob> {
      const path = String(input.path ?? '').trim();
      if (!/\.blend$/i.test(path)) {
        throw new RenderError(
          'RF_RENDER_SCENE',
          'فایل صحنه باید یک فایل Blender با پسوند ‎.blend باشد.',
          'path',
        );
      }
      let found: Awaited<ReturnType<DriveService['findFile']>>;
      try {
        found = await drives.findFile(owner.id, String(input.drive ?? ''), path);
      } catch (error) {
        if (error instanceof DriveError) {
          throw new RenderError('RF_RENDER_NOT_FOUND', 'این فایل در فضاهای شما پیدا نشد.', 'path');
        }
        throw error;
      }
      const { drive, entry } = found;
      if (!entry.objectKey || !entry.sha256) {
        throw new RenderError('RF_RENDER_SCENE', 'این فایل هنوز کامل بارگذاری نشده است.', 'path');
      }
      const head = await readHead(storage, entry.objectKey);
      if (!looksLikeBlend(head)) {
        throw new RenderError(
          'RF_RENDER_SCENE',
          'این فایل صحنهٔ Blender نیست (آغازش با فایل ‎.blend نمی‌خواند)؛ فایل را دوباره از Blender ذخیره کنید.',
          'path',
        );
      }
      const uuid = randomUUID();
      const name = (input.name ?? '').trim() || entry.name.replace(/\.blend$/i, '');
      const job = await inTransaction(async (tx, publish) => {
        const [job] = await tx
          .insert(renderJobs)
          .values({
            uuid,
            userId: owner.id,
            driveId: drive.id,
            name: name.slice(0, 120),
            scenePath: path,
            sceneSha256: entry.sha256!,
            sceneSize: entry.size,
            outputPath: `renders/${uuid}`,
            status: 'checking',
          })
          .returning();
        await tx.insert(renderTasks).values({ jobId: job!.id, kind: 'check' });
        await publishJob(tx, publish, job!);
        return job!;
      });
      notifyTasksQueued();
      return job;
    },

    /** The Make page's estimate for these settings of a checked scene, and the balance after it. */
    async quote(owner: { id: number }, checkUuid: string, input: RenderSettingsInput): Promise<RenderQuote> {
      const settings = validateSettings(input);
      const job = await findOwn(db, owner.id, checkUuid);
      const { frameSeconds, price, estimate } = await pricing(db, job, settings);
      const balance = (await findUser(db, owner.id))?.balance ?? 0;
      return {
        frames: settings.frames.length,
        tasks: chunkFrames(settings.frames, settings.chunk).length,
        frame_seconds: frameSeconds,
        price_per_minute: price,
        estimate: estimate.estimate,
        low: estimate.low,
        high: estimate.high,
        balance,
        balance_after: balance - estimate.estimate,
      };
    },

    /**
     * Submits a checked scene: an approved identity check, valid settings and a balance covering
     * the estimate; the frames are split into tasks and queued. The same idempotency key gives
     * back the job the first submission queued.
     */
    async submit(
      owner: { id: number },
      checkUuid: string,
      input: RenderSettingsInput & { idempotencyKey?: string | undefined },
    ): Promise<RenderJob> {
      const key = input.idempotencyKey?.trim() || null;
      if (key) {
        const [again] = await db
          .select()
          .from(renderJobs)
          .where(and(eq(renderJobs.userId, owner.id), eq(renderJobs.idempotencyKey, key)));
        if (again) return again;
      }
      const settings = validateSettings(input);
      if (!(await approvedIdentityOf(db, owner.id))) {
        throw new RenderError(
          'RF_RENDER_KYC',
          'ثبت رندر پس از تأیید احراز هویت حساب ممکن است؛ نخست مدارک خود را بفرستید.',
          'check',
        );
      }
      const job = await inTransaction(async (tx, publish) => {
        const user = await lockUser(tx, owner.id);
        const job = await lockJob(tx, owner, checkUuid);
        if (job.status !== 'checking')
          throw new RenderError('RF_RENDER_ACTION', notSubmittable(job), 'check');
        const { frameSeconds, price, estimate } = await pricing(tx, job, settings);
        const balance = user?.balance ?? 0;
        if (balance < estimate.estimate) {
          throw new RenderError(
            'RF_RENDER_BALANCE',
            `موجودی کیف پول (${faToman(balance)}) از برآورد این رندر (${faToman(estimate.estimate)}) کمتر است؛ نخست اعتبار بخرید یا فریم‌های کمتری بفرستید.`,
            'frames',
          );
        }
        const now = clock();
        const queued = await moveJob(
          tx,
          publish,
          job,
          'queued',
          {
            frames: settings.spec,
            framesTotal: settings.frames.length,
            chunk: settings.chunk,
            format: settings.format,
            resolutionPercent: settings.resolutionPercent,
            samples: settings.samples,
            priority: settings.priority,
            frameSeconds,
            pricePerMinute: price,
            estimate: estimate.estimate,
            estimateLow: estimate.low,
            estimateHigh: estimate.high,
            idempotencyKey: key,
            submittedAt: now,
          },
          now,
        );
        if (!queued) throw jobNotFound();
        const chunks = chunkFrames(settings.frames, settings.chunk);
        for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
          await tx.insert(renderTasks).values(
            chunks.slice(i, i + INSERT_BATCH).map((c) => ({
              jobId: job.id,
              kind: 'render' as const,
              frameStart: c.start,
              frameEnd: c.end,
              frameStep: c.step,
            })),
          );
        }
        return queued;
      });
      notifyTasksQueued();
      return job;
    },

    /**
     * pause / resume / cancel / requeue (failed tasks), by the owner or staff, as the state machine
     * allows; its refusal is the Persian reason. A pause or a cancel tells the nodes at work on the
     * job to stop (`cancel` on their next call); a resume checks the balance for the next task.
     */
    async act(actor: RenderActor, uuid: string, action: JobAction): Promise<RenderJob> {
      const job = await inTransaction(async (tx, publish) => {
        const job = await lockJob(tx, actor, uuid);
        const started = await hasRenderedFrames(tx, job);
        const check = checkJobAction(job.status, action, { started, pauseReason: job.pauseReason });
        if (!check.allowed) throw new RenderError('RF_RENDER_ACTION', check.reason);
        const now = clock();
        if (action === 'pause') {
          const paused = await moveJob(tx, publish, job, 'paused', { pauseReason: 'customer' }, now);
          await requeueActiveTasks(tx, publish, paused!);
          return paused!;
        }
        if (action === 'cancel') {
          const canceled = await moveJob(tx, publish, job, 'canceled', {}, now);
          await cancelOpenTasks(tx, publish, canceled!, now);
          return canceled!;
        }
        if (action === 'resume') {
          const [next] = await tx
            .select()
            .from(renderTasks)
            .where(and(eq(renderTasks.jobId, job.id), eq(renderTasks.status, 'queued')))
            .orderBy(asc(renderTasks.id))
            .limit(1);
          const owner = await findUser(tx, job.userId);
          const need = next ? taskEstimate(next, job) : 0;
          if ((owner?.balance ?? 0) < need) {
            throw new RenderError(
              'RF_RENDER_BALANCE',
              `موجودی کیف پول برای ادامهٔ این رندر کافی نیست (دست‌کم ${faToman(need)} لازم است)؛ نخست اعتبار بخرید.`,
            );
          }
          return (await moveJob(tx, publish, job, check.next, {}, now))!;
        }
        if (job.submittedAt === null) {
          throw new RenderError(
            'RF_RENDER_ACTION',
            'بررسی صحنهٔ ناموفق دوباره در صف نمی‌رود؛ صحنه را درست کنید و دوباره بررسی کنید.',
          );
        }
        // requeue: the failed tasks, and those the failure cancelled, go back to the queue; the
        // failures before now no longer count toward the 3-node rule and the blocklist.
        await tx
          .update(renderTasks)
          .set({ status: 'queued', nodeId: null, leaseUntil: null, finishedAt: null, outputs: [] })
          .where(and(eq(renderTasks.jobId, job.id), inArray(renderTasks.status, ['failed', 'canceled'])));
        await tx.delete(renderNodeBlocklist).where(eq(renderNodeBlocklist.jobId, job.id));
        return (await moveJob(tx, publish, job, 'queued', { failureReason: null, requeuedAt: now }, now))!;
      });
      if (action === 'resume' || action === 'requeue') notifyTasksQueued();
      return job;
    },

    /** The owner's job by uuid (another's is «not found»). */
    findOwn: (ownerId: number, uuid: string) => findOwn(db, ownerId, uuid),
  };
}

async function findOwn(db: Database, ownerId: number, uuid: string): Promise<RenderJob> {
  if (!UUID.test(uuid)) throw jobNotFound();
  const [job] = await db
    .select()
    .from(renderJobs)
    .where(and(eq(renderJobs.uuid, uuid), eq(renderJobs.userId, ownerId)));
  if (!job) throw jobNotFound();
  return job;
}

async function readHead(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await storage.get(key, { start: 0, end: MAGIC_BYTES - 1 })) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= MAGIC_BYTES) break;
  }
  return Buffer.concat(chunks);
}

/** Why a job that is not a finished check cannot be submitted (again). */
function notSubmittable(job: RenderJob): string {
  if (job.status === 'canceled' || job.status === 'completed') {
    const refused = checkJobAction(job.status, 'resume');
    if (!refused.allowed) return refused.reason;
  }
  if (job.status === 'failed' && job.findings === null) {
    return 'بررسی این صحنه ناموفق ماند؛ گزارش آن را ببینید، صحنه را درست کنید و دوباره بررسی کنید.';
  }
  return 'این صحنه یک بار برای رندر ثبت شده است؛ برای رندری دیگر، صحنه را دوباره بررسی کنید.';
}

export type RenderService = ReturnType<typeof createRenderService>;
