/**
 * One browser that talks to several app servers of one farm (as behind a load balancer): a cookie
 * jar shared by all of them, the XSRF token echoed on writes, and the page object of an answer.
 */
export class Visitor {
  readonly jar = new Map<string, string>();

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get xsrf(): string {
    return decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '');
  }

  async request(
    server: string,
    method: string,
    path: string,
    body?: Record<string, unknown>,
  ): Promise<Response> {
    const response = await fetch(`${server}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: this.cookie,
        ...(this.jar.has('XSRF-TOKEN') ? { 'x-xsrf-token': this.xsrf } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }

  /** GET as a first visit: the status, where it redirects, and the page object of the HTML. */
  async visit(
    server: string,
    path: string,
  ): Promise<{
    status: number;
    location: string | null;
    page: { component: string; props: Record<string, any> } | null;
  }> {
    const response = await this.request(server, 'GET', path);
    const html = await response.text();
    const json = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    return {
      status: response.status,
      location: response.headers.get('location'),
      page: json ? JSON.parse(json) : null,
    };
  }

  /** The e-mail sign-in; `remember` ticks «مرا به خاطر بسپار». */
  async signIn(
    server: string,
    email: string,
    password = 'password',
    { remember = false } = {},
  ): Promise<void> {
    await this.request(server, 'GET', '/login');
    const response = await this.request(server, 'POST', '/login', {
      email,
      password,
      ...(remember ? { remember: true } : {}),
    });
    if (response.status !== 302 && response.status !== 303) {
      throw new Error(`sign-in of ${email} on ${server} answered ${response.status}`);
    }
    const after = await this.visit(server, '/login');
    if (after.status === 200)
      throw new Error(
        `sign-in of ${email} on ${server} did not take: ${JSON.stringify(after.page?.props.errors)}`,
      );
  }
}
