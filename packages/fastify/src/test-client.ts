import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A cookie-keeping client over `app.inject`, sending the page-visit headers like the browser
 * client does (test helper; not exported from the package).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  version: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { visit?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    if (options.visit) {
      headers['x-inertia'] = 'true';
      headers['x-requested-with'] = 'XMLHttpRequest';
      if (this.version) headers['x-inertia-version'] ??= this.version;
      const xsrf = this.cookies.get('XSRF-TOKEN');
      if (xsrf) headers['x-xsrf-token'] ??= xsrf;
    }
    const { visit: _visit, ...rest } = options;
    const response = await this.app.inject({ ...rest, headers });
    for (const c of response.cookies) this.cookies.set(c.name, c.value);
    return response;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers, visit: true });
  }

  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload: unknown = {},
    headers: Record<string, string> = {},
  ) {
    return this.request({ method, url, payload: payload as Record<string, unknown>, headers, visit: true });
  }
}

export const pageOf = (response: LightMyRequestResponse) =>
  response.json() as {
    component: string;
    props: Record<string, unknown>;
    url: string;
    version: string | null;
  } & Record<string, unknown>;
