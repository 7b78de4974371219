/** What one render node needs; `nodeOptionsFromEnvironment()` reads them for `pnpm render-node`. */
export interface RenderNodeOptions {
  /** The farm app's address; the protocol lives under `/render-node/v1` there. */
  managerUrl: string;
  /** The node's own token; without it the token saved in `workDir` at enrolment is used. */
  nodeToken?: string | undefined;
  /** A one-time enrolment token (admin.nodes.make), traded for a node token on the first start. */
  enrolmentToken?: string | undefined;
  name: string;
  blenderPath: string;
  /** Scene cache, task folders and the saved node token. */
  workDir: string;
  concurrency?: 1;
  /** Blender's render threads (`-t`); every core when unset. */
  threads?: number | undefined;
  cacheMaxBytes?: number;
  cores?: number;
  /** How long one claim waits for a task (the manager caps it at 30). */
  claimWaitSeconds?: number;
  /** How often a running task reports progress (the lease needs one at least every 15 s). */
  progressIntervalMs?: number;
  logger?: NodeLogger;
}

export interface NodeLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One line per event on stdout, `key=value` after the message. */
export const consoleLogger: NodeLogger = {
  info: (message, fields) => console.log(line('info', message, fields)),
  warn: (message, fields) => console.warn(line('warn', message, fields)),
  error: (message, fields) => console.error(line('error', message, fields)),
};

function line(level: string, message: string, fields: Record<string, unknown> = {}): string {
  const rest = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${new Date().toISOString()} render-node ${level} ${message}${rest ? ` ${rest}` : ''}`;
}
