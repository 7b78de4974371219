import { availableParallelism, hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { RenderNodeOptions } from './options';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const managerUrl = z
  .url({
    protocol: /^https?$/,
    error: 'must be the http(s) address of the farm app, e.g. https://farm.example',
  })
  .refine(
    (value) => {
      const url = new URL(value);
      // The node token travels in every request: plain HTTP only on this machine.
      return url.protocol !== 'http:' || LOOPBACK_HOSTS.has(url.hostname);
    },
    { message: 'must use https:// unless the manager runs on this machine (localhost)' },
  );

const wholeNumber = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[1-9][0-9]*$/, `must be a whole number of ${what}, 1 or more`)
    .transform(Number);

/** The node's settings as the environment gives them (names fixed by docs/render-jobs.md). */
export const nodeEnvironmentSchema = z.object({
  RENDER_MANAGER_URL: managerUrl,
  RENDER_NODE_TOKEN: z.string().trim().min(20, 'must be the node token the enrolment gave').optional(),
  RENDER_ENROLMENT_TOKEN: z.string().trim().min(1).optional(),
  RENDER_NODE_NAME: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  BLENDER_PATH: z.string().trim().min(1).default('blender'),
  RENDER_WORK_DIR: z.string().trim().min(1).default('storage/render-node'),
  // One task at a time: Blender uses every core for one frame already.
  RENDER_NODE_CONCURRENCY: z
    .literal('1', { error: 'must be 1: a node renders one task at a time' })
    .default('1')
    .transform(() => 1 as const),
  RENDER_THREADS: wholeNumber('threads').optional(),
  RENDER_CACHE_MAX_GB: wholeNumber('gigabytes').default(20),
});

export class NodeSettingsError extends Error {
  readonly code = 'RF_RENDER_NODE_SETTINGS';
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `render node settings are not valid:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`,
    );
    this.name = 'NodeSettingsError';
  }
}

/**
 * The node's options from the environment; empty values count as unset (as in an env file's
 * `NAME=`). Throws NodeSettingsError naming each bad variable (never its value: one is a secret).
 */
export function nodeOptionsFromEnvironment(env: NodeJS.ProcessEnv = process.env): RenderNodeOptions {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = nodeEnvironmentSchema.safeParse(cleaned);
  if (!result.success) {
    throw new NodeSettingsError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const s = result.data;
  return {
    managerUrl: s.RENDER_MANAGER_URL,
    nodeToken: s.RENDER_NODE_TOKEN,
    enrolmentToken: s.RENDER_ENROLMENT_TOKEN,
    name: s.RENDER_NODE_NAME ?? hostname(),
    blenderPath: s.BLENDER_PATH,
    // `pnpm render-node` runs in the package's folder; a relative path means the caller's folder.
    workDir: resolve(env.INIT_CWD ?? process.cwd(), s.RENDER_WORK_DIR),
    concurrency: s.RENDER_NODE_CONCURRENCY,
    threads: s.RENDER_THREADS,
    cacheMaxBytes: s.RENDER_CACHE_MAX_GB * 1024 ** 3,
    cores: availableParallelism(),
  };
}
