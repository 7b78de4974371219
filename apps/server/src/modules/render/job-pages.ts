import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { ObjectNotFoundError, type ObjectStorage } from '../../lib/storage';
import { DriveError, type DriveService } from '../drives';
import type { RenderJobView, RenderTaskView } from './contracts';
import { RenderError } from './errors';
import type { RenderJob, RenderTask } from './tables';
import { jobView } from './views';

/*
 * What the job pages of every area (panel, care, admin) share: the drive a job's scene and frames
 * are in, the job as its pages show it, the last frame rendered and its picture.
 */

/** The drive of a job, by name; a drive deleted since reads as such. */
export type JobDrive = { uuid: string; name: string; live: boolean };

const GONE: JobDrive = { uuid: '', name: 'فضای حذف‌شده', live: false };

/** A frame a node may have uploaded (the manager accepts no other names). */
export const FRAME_NAME = /^frame_\d{4,}\.(png|jpg|exr)$/;

/** The drives of these jobs, looked up once each (a page of jobs is a handful of drives). */
export async function jobDrives(drives: DriveService, jobs: RenderJob[]): Promise<Map<number, JobDrive>> {
  const found = new Map<number, JobDrive>();
  for (const job of jobs) {
    if (found.has(job.driveId)) continue;
    try {
      const drive = await drives.findDriveById(job.userId, job.driveId);
      found.set(job.driveId, { uuid: drive.uuid, name: drive.name, live: true });
    } catch (error) {
      if (!(error instanceof DriveError)) throw error;
      found.set(job.driveId, GONE);
    }
  }
  return found;
}

export async function jobViews(
  db: Database,
  drives: DriveService,
  jobs: RenderJob[],
): Promise<RenderJobView[]> {
  const names = await jobDrives(drives, jobs);
  const views: RenderJobView[] = [];
  // One after another: the same connection may be a transaction's (pg-overlap-guard).
  for (const job of jobs) {
    const drive = names.get(job.driveId) ?? GONE;
    views.push(await jobView(db, job, { uuid: drive.uuid, name: drive.name }));
  }
  return views;
}

/**
 * The frame uploaded last: the newest output of the task that moved last (a running task's
 * frames arrive one by one, so it is the frame a customer watching wants to see).
 */
export function lastFrameOf(tasks: (RenderTask | RenderTaskView)[]): string | null {
  const at = (task: RenderTask | RenderTaskView) => {
    const when =
      'finishedAt' in task ? (task.finishedAt ?? task.startedAt) : (task.finished_at ?? task.started_at);
    return when ? new Date(when).getTime() : 0;
  };
  const withFrames = tasks.filter((t) => t.outputs.length > 0).sort((a, b) => at(b) - at(a));
  const outputs = withFrames[0]?.outputs ?? [];
  return [...outputs].sort().at(-1) ?? null;
}

/** The picture type of a frame a browser can show; null for OpenEXR, which none does. */
export function frameImageType(name: string): string | null {
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg')) return 'image/jpeg';
  return null;
}

const noFrame = () => new RenderError('RF_RENDER_NOT_FOUND', 'این فریم پیدا نشد.');

/** One frame of a job, from its owner's drive: its bytes, size and type (PNG and JPEG only). */
export async function openFrame(
  drives: DriveService,
  storage: ObjectStorage,
  job: RenderJob,
  drive: JobDrive,
  name: string,
): Promise<{ stream: Readable; size: number; type: string }> {
  const type = frameImageType(name);
  if (!FRAME_NAME.test(name) || !type || !drive.live) throw noFrame();
  try {
    const { entry } = await drives.findFile(job.userId, drive.uuid, `${job.outputPath}/${name}`);
    if (!entry.objectKey) throw noFrame();
    return { stream: await storage.get(entry.objectKey), size: entry.size, type };
  } catch (error) {
    if (error instanceof DriveError || error instanceof ObjectNotFoundError) throw noFrame();
    throw error;
  }
}

/** A frame's bytes as the answer, with how long the browser may keep it (the customer's own: a while). */
export function sendFrame(
  reply: FastifyReply,
  frame: Awaited<ReturnType<typeof openFrame>>,
  cacheControl: string,
) {
  return reply
    .header('content-type', frame.type)
    .header('content-length', String(frame.size))
    .header('cache-control', cacheControl)
    .send(frame.stream);
}
