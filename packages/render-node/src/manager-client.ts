import {
  type CompleteReport,
  enrolResponseSchema,
  type FailReport,
  PROTOCOL_PREFIX,
  type ProgressReport,
  type ProgressResponse,
  progressResponseSchema,
} from './protocol';

/** An answer of the manager that is not the one the call expects. */
export class ManagerError extends Error {
  readonly code = 'RF_MANAGER';
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ManagerError';
  }
  /** 403 `{error: 'disabled'}`: an admin disabled this node; it claims nothing until enabled. */
  get disabled(): boolean {
    return this.status === 403 && (this.body as { error?: unknown } | null)?.error === 'disabled';
  }
  /** The token is not (or no longer) a node's: waiting does not help. */
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

/**
 * The node's side of the JSON calls of /render-node/v1. The token stays inside: it goes only
 * into the Authorization header, never into a message or an error.
 */
export class ManagerClient {
  readonly #base: URL;
  #token: string | undefined;

  constructor(managerUrl: string, token?: string) {
    this.#base = new URL(managerUrl.endsWith('/') ? managerUrl : `${managerUrl}/`);
    this.#token = token;
  }

  setToken(token: string): void {
    this.#token = token;
  }

  /** An address the manager gave (relative, as the signed URLs are) made absolute. */
  resolve(path: string): URL {
    return new URL(path, this.#base);
  }

  authorization(): Record<string, string> {
    return this.#token ? { authorization: `Bearer ${this.#token}` } : {};
  }

  async enrol(body: { enrolment_token: string; name: string; blender_version: string; cores: number }) {
    const { json } = await this.#call('POST', '/enrol', body, { expect: [201, 200], auth: false });
    return enrolResponseSchema.parse(json);
  }

  /** Long-polls for one task: the raw task (checked by the caller), or null when none came. */
  async claim(waitSeconds: number, blenderVersion: string, signal?: AbortSignal): Promise<unknown | null> {
    const { status, json } = await this.#call(
      'POST',
      '/claim',
      { wait_seconds: waitSeconds, blender_version: blenderVersion },
      { expect: [200, 204], signal, timeoutMs: (waitSeconds + 30) * 1000 },
    );
    if (status === 204) return null;
    return (json as { task?: unknown } | null)?.task ?? null;
  }

  async heartbeat(status: 'idle' | 'busy', blenderVersion: string): Promise<void> {
    await this.#call(
      'POST',
      '/heartbeat',
      { status, blender_version: blenderVersion },
      { expect: [200, 204] },
    );
  }

  /** 409 means the node no longer holds the task: the same as being told to cancel. */
  async progress(task: string, report: ProgressReport): Promise<ProgressResponse> {
    const { status, json } = await this.#call('POST', `/tasks/${encodeURIComponent(task)}/progress`, report, {
      expect: [200, 409],
    });
    if (status === 409) return { cancel: true, lease_until: null };
    return progressResponseSchema.parse(json);
  }

  async complete(task: string, report: CompleteReport): Promise<void> {
    await this.#call('POST', `/tasks/${encodeURIComponent(task)}/complete`, report, { expect: [200, 204] });
  }

  async fail(task: string, report: FailReport): Promise<void> {
    await this.#call('POST', `/tasks/${encodeURIComponent(task)}/fail`, report, { expect: [200, 204] });
  }

  async release(task: string): Promise<void> {
    await this.#call('POST', `/tasks/${encodeURIComponent(task)}/release`, {}, { expect: [200, 204] });
  }

  async #call(
    method: string,
    path: string,
    body: unknown,
    options: { expect: number[]; auth?: boolean; signal?: AbortSignal | undefined; timeoutMs?: number },
  ): Promise<{ status: number; json: unknown }> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    const response = await fetch(this.resolve(`${PROTOCOL_PREFIX.slice(1)}${path}`), {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.auth === false ? {} : this.authorization()),
      },
      body: JSON.stringify(body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    if (!options.expect.includes(response.status)) {
      throw new ManagerError(
        response.status,
        json,
        `${method} ${PROTOCOL_PREFIX}${path} answered ${response.status}`,
      );
    }
    return { status: response.status, json };
  }
}
