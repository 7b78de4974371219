import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { checkArguments, EXTENSIONS, renderArguments } from './blender-command';
import { BlenderOutput, frameFromName } from './blender-output';
import { type BlenderExit, BlenderProcess, LogTail } from './blender-process';
import { type ManagerClient, ManagerError } from './manager-client';
import type { NodeLogger } from './options';
import type { CompleteReport, Task } from './protocol';
import { failReasons } from './reasons';
import { type SceneCache, SceneDownloadError, SceneHashError } from './scene-cache';
import { UploadError, uploadFile } from './transfer';

/** How a task ended on this node. */
export type TaskEnd = 'completed' | 'failed' | 'canceled' | 'released';

export interface TaskRunContext {
  client: ManagerClient;
  cache: SceneCache;
  logger: NodeLogger;
  blenderPath: string;
  workDir: string;
  threads: number | undefined;
  progressIntervalMs: number;
}

/** Lines of log each progress, complete and fail call carries (the first and the last: not a delta). */
export const LOG_LINES = 50;
const UPLOAD_ATTEMPTS = 3;
const COMPLETE_ATTEMPTS = 5;

/** The task is over for this node, for the reason the manager gets. */
class TaskFailure extends Error {}

/**
 * One claimed task from scene download to its last call: Blender runs with the task's frames,
 * each saved frame uploads at once, progress goes to the manager every few seconds and a
 * `cancel` from it kills Blender. `stop()` (SIGTERM) kills Blender and hands the task back.
 */
export class TaskRun {
  readonly log = new LogTail();
  readonly #abort = new AbortController();
  readonly #output = new BlenderOutput();
  readonly #uploaded = new Set<number>();
  #blender: BlenderProcess | undefined;
  #uploads: Promise<void> = Promise.resolve();
  #uploadFailure: TaskFailure | undefined;
  /** The scene's cached path and the task folder here: never part of a reason the customer reads. */
  #localPaths: string[] = [];
  #reporting = false;
  #stopping = false;
  #canceled = false;
  /** complete or fail is on its way: a progress answer after it says nothing about this run. */
  #ending = false;

  constructor(
    readonly task: Task,
    private readonly context: TaskRunContext,
  ) {}

  get blenderPid(): number | undefined {
    return this.#blender?.pid;
  }

  /** SIGTERM: Blender dies now, run() hands the task back and resolves 'released'. */
  stop(): void {
    this.#stopping = true;
    this.#halt();
  }

  async run(): Promise<TaskEnd> {
    const { task, context } = this;
    const dir = join(context.workDir, 'tasks', task.uuid);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const ticker = setInterval(() => void this.#report(), context.progressIntervalMs);
    void this.#report();
    try {
      const end = await this.#execute(dir);
      return end;
    } catch (error) {
      if (this.#canceled) return this.#end('canceled');
      if (this.#stopping) return this.#end('released');
      const reason = error instanceof TaskFailure ? error.message : this.#unexpected(error);
      return await this.#fail(reason);
    } finally {
      clearInterval(ticker);
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  async #execute(dir: string): Promise<TaskEnd> {
    const { task, context } = this;
    this.#note(`downloading the scene ${task.scene.filename} (${task.scene.size} bytes)`);
    const scene = await this.#scene();
    this.#localPaths = [scene, `${dir}/`];
    this.#check();

    const outputs = task.outputs ?? [];
    if (task.kind === 'render' && (!task.settings || outputs.length === 0)) {
      throw new TaskFailure(failReasons.badTask());
    }
    const args =
      task.kind === 'check'
        ? checkArguments(scene, context.threads)
        : renderArguments({
            scene,
            frames: outputs.map((output) => output.frame),
            output: join(dir, 'frame_####'),
            format: task.settings!.format,
            resolutionPercentage: task.settings!.resolution_percentage,
            samples: task.settings!.samples,
            denoise: task.settings!.denoise,
            failOnMissing: task.settings!.fail_on_missing === true,
            threads: context.threads,
          });
    this.#note(`blender ${args.join(' ')}`);
    const blender = new BlenderProcess(context.blenderPath, args, {
      cwd: dir,
      onLine: (line) => this.#line(line),
    });
    this.#blender = blender;
    context.logger.info('blender started', { task: task.uuid, kind: task.kind, pid: blender.pid });
    const exit = await blender.exited;
    await this.#uploads;
    this.#check();
    if (this.#uploadFailure) throw this.#uploadFailure;
    if (exit.code !== 0) throw new TaskFailure(this.#blenderReason(exit));

    if (task.kind === 'check') {
      if (!this.#output.findings) throw new TaskFailure(failReasons.noFindings());
      await this.#complete({
        render_seconds: round(exit.seconds),
        log: this.log.lines(LOG_LINES),
        findings: this.#output.findings,
      });
      return this.#end('completed', exit.seconds);
    }

    // A frame whose Saved line was missed is still on disk: upload it now, or say it is missing.
    const left = outputs.filter((output) => !this.#uploaded.has(output.frame));
    if (left.length > 0) {
      const files = await readdir(dir);
      for (const output of left) {
        const file = files.find(
          (name) => name.endsWith(EXTENSIONS[task.settings!.format]) && frameFromName(name) === output.frame,
        );
        if (!file) throw new TaskFailure(failReasons.frameNotSaved(output.frame));
        this.#enqueueUpload(output.frame, join(dir, file));
      }
      await this.#uploads;
      if (this.#uploadFailure) throw this.#uploadFailure;
    }
    await this.#complete({ render_seconds: round(exit.seconds), log: this.log.lines(LOG_LINES) });
    return this.#end('completed', exit.seconds);
  }

  /** The work is done and paid for only once complete arrives: a lost answer is asked again. */
  async #complete(report: CompleteReport): Promise<void> {
    this.#ending = true;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.context.client.complete(this.task.uuid, report);
        return;
      } catch (error) {
        const refused = error instanceof ManagerError && error.status < 500;
        if (refused || attempt >= COMPLETE_ATTEMPTS) throw error;
        this.#note(`complete not sent: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
      }
    }
  }

  async #scene(): Promise<string> {
    const { scene } = this.task;
    try {
      return await this.context.cache.get(
        { url: this.context.client.resolve(scene.url), sha256: scene.sha256, size: scene.size },
        this.#abort.signal,
      );
    } catch (error) {
      this.#check();
      if (error instanceof SceneHashError) throw new TaskFailure(failReasons.sceneChanged());
      if (error instanceof SceneDownloadError) throw new TaskFailure(failReasons.sceneDownload(error.status));
      this.#note(`scene download failed: ${(error as Error).message}`);
      throw new TaskFailure(failReasons.sceneUnreachable());
    }
  }

  #line(line: string): void {
    this.log.push(line);
    for (const event of this.#output.read(line)) {
      if (event.type !== 'saved' || event.frame === null) continue;
      const expected = this.task.outputs?.some((output) => output.frame === event.frame);
      if (expected) this.#enqueueUpload(event.frame, event.path);
      else this.#note(`Blender saved ${event.path}, which is not one of the task's frames`);
    }
  }

  /** Uploads go one after another, in the order Blender saved the frames, while it renders on. */
  #enqueueUpload(frame: number, path: string): void {
    const output = this.task.outputs?.find((entry) => entry.frame === frame);
    if (!output || this.#uploaded.has(frame)) return;
    this.#uploaded.add(frame);
    this.#uploads = this.#uploads.then(async () => {
      if (this.#uploadFailure || this.#abort.signal.aborted) return;
      for (let attempt = 1; ; attempt++) {
        try {
          await uploadFile(
            this.context.client.resolve(output.upload_url),
            path,
            this.context.client.authorization(),
            this.#abort.signal,
          );
          this.#note(`uploaded ${output.name}`);
          return;
        } catch (error) {
          if (this.#abort.signal.aborted) return;
          this.#note(`upload of ${output.name} failed: ${(error as Error).message}`);
          const permanent = error instanceof UploadError && error.permanent;
          if (permanent || attempt >= UPLOAD_ATTEMPTS) {
            this.#uploadFailure = new TaskFailure(
              error instanceof UploadError
                ? failReasons.uploadRefused(frame, error.status)
                : failReasons.uploadFailed(frame),
            );
            this.#blender?.kill();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    });
  }

  /** One progress call at a time; `cancel: true` (or 409: no longer ours) ends the task here. */
  async #report(): Promise<void> {
    if (this.#reporting || this.#stopping || this.#canceled || this.#ending) return;
    this.#reporting = true;
    try {
      const output = this.#output;
      const answer = await this.context.client.progress(this.task.uuid, {
        log: this.log.lines(LOG_LINES),
        ...(output.frame !== null ? { frame: output.frame } : {}),
        ...(output.sample ? { sample: output.sample } : {}),
      });
      if (answer.cancel && !this.#stopping && !this.#ending) {
        this.#canceled = true;
        this.context.logger.info('the manager cancelled the task: killing Blender', { task: this.task.uuid });
        this.#halt();
      }
    } catch (error) {
      // A missed progress costs nothing while the lease lasts; the next tick tries again.
      this.context.logger.warn('progress not sent', {
        task: this.task.uuid,
        error: (error as Error).message,
      });
    } finally {
      this.#reporting = false;
    }
  }

  #halt(): void {
    this.#abort.abort();
    this.#blender?.kill();
  }

  /** Throws once the task stopped being this node's to finish. */
  #check(): void {
    if (this.#canceled || this.#stopping) throw new TaskFailure('stopped');
  }

  async #end(end: TaskEnd, seconds?: number): Promise<TaskEnd> {
    if (end === 'released') {
      try {
        await this.context.client.release(this.task.uuid);
      } catch (error) {
        // The lease runs out on its own and the task goes back to the queue then.
        this.context.logger.warn('release not sent', {
          task: this.task.uuid,
          error: (error as Error).message,
        });
      }
    }
    this.context.logger.info(`task ${end}`, {
      task: this.task.uuid,
      kind: this.task.kind,
      ...(seconds !== undefined ? { seconds: round(seconds) } : {}),
    });
    return end;
  }

  async #fail(reason: string): Promise<TaskEnd> {
    this.#ending = true;
    try {
      await this.context.client.fail(this.task.uuid, { reason, log: this.log.lines(LOG_LINES) });
    } catch (error) {
      this.context.logger.warn('fail not sent', { task: this.task.uuid, error: (error as Error).message });
    }
    this.context.logger.warn('task failed', { task: this.task.uuid, reason });
    return 'failed';
  }

  #blenderReason(exit: BlenderExit): string {
    const errors = this.#output.errors;
    const missing = errors.find((message) => message.startsWith('RENDERFARM_MISSING_FILES'));
    if (missing)
      return failReasons.missingFiles(
        missing.replace(/^RENDERFARM_MISSING_FILES missing external files: /, ''),
      );
    if (errors.some((message) => message.includes('OpenImageDenoise'))) return failReasons.noDenoiser();
    const told = errors.find((message) => !/^Python: Traceback|^script failed/.test(message));
    if (told) return failReasons.blenderError(this.#customerWords(told));
    if (exit.code === null && exit.signal === null) return failReasons.blenderDidNotStart();
    if (exit.signal) return failReasons.blenderSignal(exit.signal);
    return failReasons.blenderExit(exit.code ?? -1);
  }

  /**
   * Blender's words as the customer reads them: the cached scene's path on this node
   * (`…/scenes/<sha256>.blend`) becomes the scene's own file name, and the task folder goes.
   */
  #customerWords(message: string): string {
    const [scene, dir] = this.#localPaths;
    let words = message;
    if (dir) words = words.replaceAll(dir, '');
    if (scene) words = words.replaceAll(scene, this.task.scene.filename);
    return words;
  }

  #unexpected(error: unknown): string {
    this.context.logger.error('task error', { task: this.task.uuid, error: (error as Error).message });
    this.#note((error as Error).message);
    return failReasons.nodeError();
  }

  /** The node's own lines go into the task's log beside Blender's. */
  #note(message: string): void {
    this.log.push(`render-node: ${message}`);
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
