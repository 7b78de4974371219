/**
 * A minimal browser over fetch for tests that drive a real server process: keeps cookies, sends
 * the XSRF token on writes as the page client does, and reads the page object of an HTML answer.
 */
export class HttpSession {
  private readonly jar = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: Record<string, unknown>): Promise<Response> {
    const xsrf = this.jar.get('XSRF-TOKEN');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
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

  /** The page object of a first load (the JSON in the HTML shell). */
  async page(path: string): Promise<{ component: string; props: Record<string, any> } | null> {
    const response = await this.request('GET', path);
    const html = await response.text();
    const json = /<script data-page="app" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
    return json ? JSON.parse(json) : null;
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.request('GET', '/login');
    const response = await this.request('POST', '/login', { email, password });
    if (response.status !== 302 && response.status !== 303) {
      throw new Error(`sign-in of ${email} answered ${response.status}`);
    }
  }
}
