import { InstanceDriverError } from './errors';

/**
 * The settings of a Proxmox VE host (`resources.driver_config`, decrypted). The token is an API
 * token (`user@realm!name` and its secret), as Convoy and Terraform use; the secret never leaves
 * this module in a message.
 */
export interface ProxmoxConfig {
  url: string;
  token_id: string;
  token_secret: string;
  node: string;
  /** Target storage of full clones; the template's own when omitted. */
  template_storage?: string;
  /** False for hosts with a self-signed certificate. */
  verify_tls?: boolean;
}

export type ProxmoxParams = Record<string, string | number | boolean | undefined>;

/** A task id (UPID) that a POST/DELETE started; poll it with `waitForTask`. */
export type Upid = string;

/**
 * A small client for the Proxmox VE REST API (`/api2/json`): token header, form-encoded bodies,
 * a timeout per call, and errors an operator can act on (unreachable, refused token, the API's own
 * message) that never contain the token secret.
 */
export class ProxmoxClient {
  constructor(
    private readonly config: ProxmoxConfig,
    private readonly options: { timeoutMs?: number; fetch?: typeof fetch } = {},
  ) {}

  get node(): string {
    return this.config.node;
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    params: ProxmoxParams = {},
  ): Promise<T> {
    const base = this.config.url.replace(/\/+$/, '');
    const entries = Object.entries(params).filter(([, v]) => v !== undefined) as [
      string,
      string | number | boolean,
    ][];
    const encoded = new URLSearchParams(
      entries.map(([k, v]): [string, string] => [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]),
    );
    const inQuery = method === 'GET' || method === 'DELETE';
    const url = `${base}/api2/json${path}${inQuery && entries.length > 0 ? `?${encoded}` : ''}`;
    const where = `${method} ${path} on ${base}`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method,
        headers: {
          authorization: `PVEAPIToken=${this.config.token_id}=${this.config.token_secret}`,
          accept: 'application/json',
          ...(inQuery ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(inQuery ? {} : { body: encoded.toString() }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      throw new InstanceDriverError(`proxmox ${where}: host ${reason}`, {
        cause: scrub(error, this.config),
        failure: reason === 'timed out' ? 'host_timeout' : 'host_unreachable',
      });
    }
    const text = await response.text();
    if (response.status === 401) {
      throw new InstanceDriverError(
        `proxmox ${where}: the API token was refused (401); check token id and secret`,
        { failure: 'host_refused' },
      );
    }
    if (!response.ok) {
      const message = this.redact(
        (safeJson(text) as { message?: string } | null)?.message ?? response.statusText,
      );
      throw new InstanceDriverError(`proxmox ${where}: ${response.status} ${message}`.trim());
    }
    return ((safeJson(text) as { data?: T } | null)?.data ?? null) as T;
  }

  /** Polls a task until it stops; a task that ended with anything but OK is an error. */
  async waitForTask(
    upid: Upid,
    options: { timeoutMs: number; pollMs: number; sleep: (ms: number) => Promise<void> },
  ) {
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const task = await this.call<{ status: string; exitstatus?: string }>(
        'GET',
        `/nodes/${this.node}/tasks/${encodeURIComponent(upid)}/status`,
      );
      if (task.status === 'stopped') {
        if (task.exitstatus && task.exitstatus !== 'OK') {
          throw new InstanceDriverError(`proxmox task ${upid} failed: ${this.redact(task.exitstatus)}`, {
            failure: 'task_failed',
          });
        }
        return;
      }
      if (Date.now() > deadline)
        throw new InstanceDriverError(`proxmox task ${upid} did not finish in ${options.timeoutMs} ms`, {
          failure: 'host_timeout',
        });
      await options.sleep(options.pollMs);
    }
  }

  private redact(text: string): string {
    return this.config.token_secret ? text.split(this.config.token_secret).join('***') : text;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The cause kept for logs, with the secret taken out of its message. */
function scrub(error: unknown, config: ProxmoxConfig): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(config.token_secret ? message.split(config.token_secret).join('***') : message);
}
