import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism, hostname } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { type NodeLogger, type RenderNode, startRenderNode } from '@renderfarm/render-node';
import type { RenderManager } from './modules/render';

/** The few logger calls this needs (the app's pino logger has them). */
export interface InProcessLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The render node the app runs inside its own process (RENDER_NODE_IN_PROCESS). */
export interface InProcessNode {
  /** The running node, or null when it did not start (no Blender, or Blender did not answer). */
  readonly started: Promise<RenderNode | null>;
  /** Kills Blender, hands the running task back and stops claiming (before the app stops listening). */
  stop(): Promise<void>;
}

/** Where the node's uuid is kept between starts (the token is made anew each start, never stored). */
export const IDENTITY_FILE = 'in-process-node.json';

/**
 * Blender's program: BLENDER_PATH (a path, or a name looked up on PATH), else `blender` on PATH;
 * null when there is no such executable file.
 */
export async function findBlender(
  blenderPath: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | null> {
  const wanted = blenderPath ?? 'blender';
  const executable = (file: string) =>
    access(file, constants.X_OK).then(
      () => true,
      () => false,
    );
  if (wanted.includes('/')) return (await executable(wanted)) ? resolve(wanted) : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    const file = join(dir, wanted);
    if (await executable(file)) return file;
  }
  return null;
}

/** The address the node reaches the app at: its own listening socket, a wildcard as loopback. */
export function ownUrl(address: { address: string; family: string; port: number }): string {
  if (address.family === 'IPv6' || address.address.includes(':')) {
    return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  }
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

/**
 * Starts one render node inside the app when Blender is on this machine, so a fresh checkout's
 * farm renders without a render machine (issue 26, "Embedded default"). The app enrols it itself
 * (`renderManager.inProcessNode`: no enrolment token over HTTP) and the node speaks the node
 * protocol to the app's own URL like any other. Without Blender it says once that render jobs
 * wait for a node. It starts in the background: the app does not wait for Blender to answer.
 */
export function startInProcessNode(options: {
  manager: RenderManager;
  url: string;
  blenderPath: string | undefined;
  /** The node's work folder: the scene cache, its task folders and its uuid. */
  workDir: string;
  log: InProcessLog;
  /** How long a claim waits (30 s; tests shorten it). */
  claimWaitSeconds?: number;
  progressIntervalMs?: number;
}): InProcessNode {
  const { log } = options;
  const started = (async (): Promise<RenderNode | null> => {
    const blender = await findBlender(options.blenderPath);
    if (!blender) {
      log.warn(
        { blender: options.blenderPath ?? 'blender (on PATH)' },
        'Blender not found: render jobs wait for a render node (install Blender or set BLENDER_PATH, or run `pnpm render-node` on a render machine)',
      );
      return null;
    }
    try {
      await mkdir(options.workDir, { recursive: true });
      const identityFile = join(options.workDir, IDENTITY_FILE);
      const saved = await readFile(identityFile, 'utf8')
        .then((text) => String((JSON.parse(text) as { uuid?: unknown }).uuid ?? ''))
        .catch(() => '');
      const { node, token } = await options.manager.inProcessNode({
        uuid: saved || null,
        name: `${hostname()} (in the app)`.slice(0, 100),
        cores: availableParallelism(),
      });
      if (node.uuid !== saved) {
        await writeFile(`${identityFile}.tmp`, `${JSON.stringify({ uuid: node.uuid })}\n`);
        await rename(`${identityFile}.tmp`, identityFile);
      }
      return await startRenderNode({
        managerUrl: options.url,
        nodeToken: token,
        name: node.name,
        blenderPath: blender,
        workDir: options.workDir,
        logger: nodeLogger(log),
        ...(options.claimWaitSeconds !== undefined ? { claimWaitSeconds: options.claimWaitSeconds } : {}),
        ...(options.progressIntervalMs !== undefined
          ? { progressIntervalMs: options.progressIntervalMs }
          : {}),
      });
    } catch (error) {
      log.error(
        { err: error, blender },
        'the in-process render node did not start: render jobs wait for a render node',
      );
      return null;
    }
  })();
  let stopping: Promise<void> | undefined;
  return {
    started,
    stop: () => {
      stopping ??= started.then((node) => node?.stop());
      return stopping;
    },
  };
}

function nodeLogger(log: InProcessLog): NodeLogger {
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
