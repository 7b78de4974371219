import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../testing/app';

/** A test app whose mail and SMS land in its own temporary storage directory. */
export async function createAuthTestApp(
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp & { storageDir: string }> {
  const storageDir = await mkdtemp(join(tmpdir(), 'rf-auth-'));
  const t = await createTestApp({ env: { STORAGE_DIR: storageDir, ...env } });
  return {
    ...t,
    storageDir,
    close: async () => {
      await t.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export interface PageObject {
  component: string;
  props: Record<string, any>;
  url: string;
  version?: string | null;
}

/**
 * A browser for inject tests: keeps its cookies (session, XSRF) across requests as a real one does,
 * sends the XSRF token on writes, and reads page objects from the HTML shell.
 */
export class TestBrowser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    private readonly defaults: { ip?: string; userAgent?: string } = {},
  ) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get sessionId(): string | undefined {
    return this.jar.get('renderfarm_session');
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const xsrf = this.jar.get('XSRF-TOKEN');
    const res = await this.t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      ...(this.defaults.ip ? { remoteAddress: this.defaults.ip } : {}),
      headers: {
        cookie: this.cookie,
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(this.defaults.userAgent ? { 'user-agent': this.defaults.userAgent } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.value === '' || c.maxAge === 0) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }

  /** A first load of `url`: the page object from the HTML (throws when the answer is not a page). */
  async page(url: string): Promise<PageObject & { status: number }> {
    const res = await this.request('GET', url);
    const json = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    if (!json)
      throw new Error(`GET ${url} answered ${res.statusCode} ${res.headers.location ?? ''} without a page`);
    return { ...JSON.parse(json), status: res.statusCode };
  }

  post(url: string, payload: unknown = {}, headers: Record<string, string> = {}) {
    return this.request('POST', url, payload, headers);
  }

  /** A write as the page client sends it (X-Inertia), so sign-in/out answer 409. */
  visit(
    method: InjectOptions['method'],
    url: string,
    payload: unknown = {},
    headers: Record<string, string> = {},
  ) {
    return this.request(method, url, payload, { 'x-inertia': 'true', ...headers });
  }

  /** The errors flashed by the previous request, as the next page shows them. */
  async errorsOn(url: string): Promise<Record<string, string>> {
    return (await this.page(url)).props.errors;
  }
}

/** A guest browser that has loaded one page (so it has a session and an XSRF token). */
export async function newBrowser(t: TestApp, defaults: { ip?: string; userAgent?: string } = {}) {
  const browser = new TestBrowser(t, defaults);
  await browser.request('GET', '/login');
  return browser;
}

/** Signs a browser in through the real login form. */
export async function logIn(t: TestApp, email: string, password = 'password', defaults = {}) {
  const browser = await newBrowser(t, defaults);
  const res = await browser.post('/login', { email, password });
  if (res.statusCode !== 302)
    throw new Error(`login of ${email} answered ${res.statusCode}: ${res.headers.location}`);
  return browser;
}
