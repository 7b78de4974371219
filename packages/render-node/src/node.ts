import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { blenderVersion } from './blender-process';
import { ManagerClient, ManagerError } from './manager-client';
import { consoleLogger, type RenderNodeOptions } from './options';
import { taskSchema } from './protocol';
import { failReasons } from './reasons';
import { SceneCache } from './scene-cache';
import { TaskRun } from './task-run';
import { resolveNodeToken } from './token';

export interface RenderNode {
  readonly name: string;
  readonly blenderVersion: string;
  /** Settles when the node stopped: after stop(), or rejected when the manager refused its token. */
  readonly finished: Promise<void>;
  /** The task it renders now, with Blender's process id once Blender runs. */
  current(): { uuid: string; kind: string; blenderPid: number | undefined } | null;
  /** Kills Blender, hands the running task back (release) and stops claiming. */
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;
const DISABLED_WAIT_MS = 30_000;

/**
 * Starts one render node: it checks Blender, takes its token (enrolling once when it has only an
 * enrolment token), then claims tasks from the manager one at a time until stopped.
 */
export async function startRenderNode(options: RenderNodeOptions): Promise<RenderNode> {
  const logger = options.logger ?? consoleLogger;
  await mkdir(options.workDir, { recursive: true });
  // A task folder left by a node that died is nobody's now.
  await rm(join(options.workDir, 'tasks'), { recursive: true, force: true });

  const version = await blenderVersion(options.blenderPath);
  const client = new ManagerClient(options.managerUrl);
  const identity = await resolveNodeToken({
    client,
    workDir: options.workDir,
    nodeToken: options.nodeToken,
    enrolmentToken: options.enrolmentToken,
    name: options.name,
    blenderVersion: version,
    cores: options.cores ?? availableParallelism(),
  });
  client.setToken(identity.token);
  logger.info('render node started', {
    name: options.name,
    node: identity.uuid ?? '(token from the environment)',
    blender: version,
    manager: new URL(options.managerUrl).origin,
  });

  const cache = new SceneCache(join(options.workDir, 'scenes'), options.cacheMaxBytes ?? 20 * 1024 ** 3, () =>
    client.authorization(),
  );
  const waitSeconds = Math.min(options.claimWaitSeconds ?? 30, 30);
  let stopping = false;
  let current: TaskRun | null = null;
  const claims = new AbortController();
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function loop(): Promise<void> {
    let backoff = 1000;
    let toldDisabled = false;
    await client.heartbeat('idle', version).catch(() => {});
    while (!stopping) {
      try {
        const raw = await client.claim(waitSeconds, version, claims.signal);
        backoff = 1000;
        toldDisabled = false;
        if (stopping) break;
        if (raw === null) {
          await client.heartbeat('idle', version);
          continue;
        }
        const parsed = taskSchema.safeParse(raw);
        if (!parsed.success) {
          await refuseTask(raw, parsed.error.message);
          continue;
        }
        logger.info('task claimed', {
          task: parsed.data.uuid,
          kind: parsed.data.kind,
          job: parsed.data.job.uuid,
        });
        current = new TaskRun(parsed.data, {
          client,
          cache,
          logger,
          blenderPath: options.blenderPath,
          workDir: options.workDir,
          threads: options.threads,
          progressIntervalMs: options.progressIntervalMs ?? 3000,
        });
        await current.run();
        current = null;
      } catch (error) {
        current = null;
        if (stopping) break;
        if (error instanceof ManagerError && error.unauthorized) {
          logger.error('the manager refused the node token: enrol the node again');
          throw error;
        }
        if (error instanceof ManagerError && error.disabled) {
          if (!toldDisabled) logger.warn('the node is disabled on the manager: waiting to be enabled');
          toldDisabled = true;
          await pause(DISABLED_WAIT_MS);
          continue;
        }
        logger.warn('manager not reachable, trying again', {
          error: (error as Error).message,
          in_seconds: backoff / 1000,
        });
        await pause(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  /** A task this node cannot read is failed at once rather than left to its lease. */
  async function refuseTask(raw: unknown, why: string): Promise<void> {
    logger.error('the manager sent a task this node cannot read', { error: why });
    const uuid = (raw as { uuid?: unknown } | null)?.uuid;
    if (typeof uuid === 'string') {
      await client
        .fail(uuid, { reason: failReasons.badTask(), log: [`render-node: ${why}`] })
        .catch(() => {});
    }
  }

  const finished = loop();
  finished.catch(() => {});
  return {
    name: options.name,
    blenderVersion: version,
    finished,
    current: () =>
      current ? { uuid: current.task.uuid, kind: current.task.kind, blenderPid: current.blenderPid } : null,
    async stop() {
      stopping = true;
      claims.abort();
      wake?.();
      current?.stop();
      await finished.catch(() => {});
      logger.info('render node stopped', { name: options.name });
    },
  };
}
