import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pages } from './plugin';
import { MemorySessionStore } from './session-store';
import type { SsrOptions } from './ssr';

const SECRET = 'test-secret-test-secret-test-secret-0123';

/** An app whose pages go through `render`; `logs` collects what the plugin logged. */
async function build(ssr: Partial<SsrOptions> & Pick<SsrOptions, 'render'>) {
  const logs: { level: number; msg: string; component?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(pages, { session: { store: new MemorySessionStore(), secret: SECRET }, ssr });
  app.get('/', (_request, reply) => reply.page('Home', { greeting: 'سلام' }));
  app.get('/broken', (_request, reply) => reply.page('Broken'));
  await app.ready();
  return { app, logs, errors: () => logs.filter((line) => line.level >= 50) };
}

const homeHtml = async (page: Record<string, unknown>) => ({
  head: ['<title>خانه | رندر فارم ابری</title>', '<meta name="description" content="صفحهٔ اول"/>'],
  body: `<h1>${(page.props as { greeting: string }).greeting}</h1>`,
});

describe('server rendering in the page plugin', () => {
  it('puts the HTML into the root, marked for hydration, and the head elements into <head>', async () => {
    const { app } = await build({ render: homeHtml });
    const html = (await app.inject('/')).body;
    expect(html).toContain('<div id="app" data-page="');
    expect(html).toMatch(/data-server-rendered="true" inert><h1>سلام<\/h1><\/div>/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="description" content="صفحهٔ اول"/>');
    // The page's own title replaces the default one: one <title> in the document.
    expect(head).toContain('<title>خانه | رندر فارم ابری</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page object still travels with the HTML: the browser needs it to hydrate.
    expect(html).toContain('<script data-page="app" type="application/json">');
  });

  it('keeps the default title when the page set none', async () => {
    const { app } = await build({ render: async () => ({ head: [], body: '<p>x</p>' }) });
    const html = (await app.inject('/')).body;
    expect(html).toContain('<title>رندر فارم ابری</title>');
    expect(html).toContain('data-server-rendered="true" inert><p>x</p></div>');
  });

  it('never renders a page visit (X-Inertia): the JSON answer is unchanged', async () => {
    let calls = 0;
    const { app } = await build({
      render: async (page) => {
        calls += 1;
        return homeHtml(page);
      },
    });
    const response = await app.inject({ url: '/', headers: { 'x-inertia': 'true' } });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().component).toBe('Home');
    expect(calls).toBe(0);
  });

  it('a renderer that throws leaves the page to the browser and is logged once per component', async () => {
    const { app, errors } = await build({
      render: (page) => {
        if (page.component === 'Broken') throw new Error('window is not defined');
        return homeHtml(page);
      },
    });
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject('/broken');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="app" data-page="');
      expect(response.body).not.toContain('data-server-rendered');
      expect(response.body).toContain('&quot;component&quot;:&quot;Broken&quot;');
    }
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ component: 'Broken' });
    // Other pages still render on the server.
    expect((await app.inject('/')).body).toContain('data-server-rendered="true"');
  });

  it('a renderer slower than timeoutMs is not waited for', async () => {
    const { app, errors } = await build({
      timeoutMs: 50,
      render: (page) => new Promise((resolve) => setTimeout(() => resolve(homeHtml(page)), 10_000).unref()),
    });
    const html = (await app.inject('/')).body;
    expect(html).not.toContain('data-server-rendered');
    expect(html).toContain('<title>رندر فارم ابری</title>');
    expect(errors()).toEqual([expect.objectContaining({ component: 'Home' })]);
    expect(errors()[0]!.msg).toContain('server render failed');
  });
});
