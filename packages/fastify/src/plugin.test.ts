import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pages, SESSION_EXPIRED_MESSAGE } from './plugin';
import { always, defer, merge, optional } from './props';
import { MemorySessionStore } from './session-store';
import { pageOf, TestClient } from './test-client';

const SECRET = 'test-secret-test-secret-test-secret-0123';

function manifest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rf-manifest-'));
  const path = join(dir, 'manifest.json');
  writeFileSync(
    path,
    JSON.stringify({
      'src/main.tsx': {
        file: 'assets/main-abc.js',
        isEntry: true,
        css: ['assets/main-abc.css'],
        imports: ['_vendor'],
      },
      _vendor: { file: 'assets/vendor-def.js', css: ['assets/vendor.css'] },
      'src/pages/Home.tsx': { file: 'assets/Home-1.js', imports: ['src/main.tsx', '_vendor', '_cards'] },
      _cards: { file: 'assets/cards-2.js' },
      'src/pages/Other.tsx': { file: 'assets/Other-3.js', imports: ['src/main.tsx'] },
    }),
  );
  return path;
}

interface Counters {
  [name: string]: number;
}

async function build(extra: { secure?: boolean; touchAfterSeconds?: number } = {}) {
  const store = new MemorySessionStore();
  const calls: Counters = {};
  const count =
    <T>(name: string, value: T) =>
    () => {
      calls[name] = (calls[name] ?? 0) + 1;
      return value;
    };
  const app = Fastify();
  await app.register(pages, {
    session: { store, secret: SECRET, ...extra },
    vite: {
      manifestPath: manifest(),
      entry: 'src/main.tsx',
      base: '/build/',
      pageModule: (component) => `src/pages/${component}.tsx`,
    },
    share: (request) => ({
      auth: { user: request.session.userId === null ? null : { id: request.session.userId } },
      locale: 'fa',
      unread: count('unread', 3),
    }),
    csrf: { exempt: ['/gateway/callback', /^\/webhooks\//] },
  });
  app.get('/seo', (_req, reply) =>
    reply.page(
      'About',
      {},
      { title: 'درباره ما | رندر فارم ابری', head: '<meta name="description" content="d">' },
    ),
  );
  app.get('/', (_req, reply) =>
    reply.page('Home', {
      title: '</script><script>alert(1)</script>',
      plans: count('plans', [{ id: 1 }]),
      stats: count('stats', { users: 10, hosts: 2 }),
      estimate: optional(count('estimate', 42)),
      now: always(count('now', 'always')),
      posts: defer(count('posts', ['p']), 'content'),
      tags: defer(count('tags', ['t']), 'content'),
      chart: defer(count('chart', [1, 2])),
      feed: merge(count('feed', [{ id: 1 }]), { matchOn: 'id' }),
      settings: merge({ a: { b: 1 } }, { deep: true }),
    }),
  );
  app.get('/other', (_req, reply) => reply.page('Other', { x: 1 }));
  const schema = z.object({
    name: z.string().min(3, 'نام باید حداقل ۳ حرف باشد').max(5, 'نام طولانی است'),
    email: z.email('ایمیل معتبر نیست'),
    items: z.array(z.object({ qty: z.number().int('تعداد باید عدد صحیح باشد') })).default([]),
  });
  app.post('/contact', async (request, reply) => {
    const data = await request.validate(schema);
    request.session.flash('success', `پیام ${data.name} ثبت شد`);
    return reply.redirect('/', 302);
  });
  for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
    app.route({ method, url: '/items/1', handler: (_r, reply) => reply.redirect('/', 302) });
  }
  app.post('/login', async (request, reply) => {
    request.session.regenerate();
    request.session.userId = 7;
    return reply.location('/panel');
  });
  app.post('/logout', async (request, reply) => {
    request.session.invalidate();
    return reply.location('/');
  });
  app.get('/pay', (_req, reply) => reply.location('https://gateway.example/pay/123'));
  app.post('/gateway/callback', async () => ({ ok: true }));
  app.post('/webhooks/sms', async () => ({ ok: true }));
  app.get('/record', async (request) => ({
    record: request.sessionRecord?.id ?? null,
    session: request.session.id,
  }));
  app.get('/up', { config: { session: false } }, async () => ({ status: 'ok' }));
  await app.ready();
  return { app, store, calls };
}

let ctx: Awaited<ReturnType<typeof build>>;
let client: TestClient;
beforeEach(async () => {
  ctx = await build();
  client = new TestClient(ctx.app);
});
afterEach(async () => {
  await ctx.app.close();
});

/** First load to get cookies and the version, as a browser would. */
async function boot() {
  const html = await client.request({ method: 'GET', url: '/' });
  const json =
    html.body.match(/<script data-page="app" type="application\/json">(.*?)<\/script>/s)?.[1] ?? '{}';
  client.version = (JSON.parse(json) as { version: string }).version;
  return html;
}

describe('first load (HTML)', () => {
  it("writes a page's own title and head tags on the first load only", async () => {
    await boot();
    const res = await client.request({ method: 'GET', url: '/seo' });
    expect(res.body).toContain('<title>درباره ما | رندر فارم ابری</title>');
    expect(res.body).toMatch(/<meta name="description" content="d">\n[\s\S]*<\/head>/);
    const visit = await client.get('/seo');
    expect(visit.body).not.toContain('description');
  });

  it("names the page's own chunks in the first-load HTML, and no other page's", async () => {
    const home = (await boot()).body;
    expect(home).toContain('<link rel="modulepreload" href="/build/assets/Home-1.js">');
    expect(home).toContain('<link rel="modulepreload" href="/build/assets/cards-2.js">');
    expect(home.match(/vendor-def\.js/g)).toHaveLength(1);
    expect(home).not.toContain('Other-3.js');
    const other = await ctx.app.inject({ url: '/other' });
    expect(other.body).toContain('<link rel="modulepreload" href="/build/assets/Other-3.js">');
    expect(other.body).not.toContain('Home-1.js');
    // A client-side visit gets the page object only: its chunk brings its own imports.
    expect((await client.get('/other')).body).not.toContain('modulepreload');
  });

  it('renders the shell: script and attribute page, csrf meta, rtl, title, assets, Vary', async () => {
    const res = await boot();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('X-Inertia');
    const body = res.body;
    expect(body).toContain('<html lang="fa" dir="rtl">');
    expect(body).toContain('<title>رندر فارم ابری</title>');
    expect(body).toContain(`<meta name="csrf-token" content="${client.cookies.get('XSRF-TOKEN')}">`);
    expect(body).toContain('<link rel="stylesheet" href="/build/assets/main-abc.css">');
    expect(body).toContain('<link rel="stylesheet" href="/build/assets/vendor.css">');
    expect(body).toContain('<link rel="modulepreload" href="/build/assets/vendor-def.js">');
    expect(body).toContain('<script type="module" src="/build/assets/main-abc.js"></script>');
    const script = body.match(/<script data-page="app" type="application\/json">(.*?)<\/script>/s)?.[1] ?? '';
    // No `<` left and every `/` escaped: the prop's `</script>` cannot close the element.
    expect(script).not.toMatch(/(?<!\\)\//);
    expect(script).not.toContain('<');
    expect(script).toContain('\\u003c\\/script\\u003e');
    const page = JSON.parse(script);
    expect(page).toMatchObject({
      component: 'Home',
      url: '/',
      version: expect.stringMatching(/^[0-9a-f]{20}$/),
    });
    const attribute = body.match(/<div id="app" data-page="([^"]*)"><\/div>/)?.[1] ?? '';
    const fromAttribute = JSON.parse(
      attribute
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(fromAttribute).toEqual(page);
    expect(page.props.errors).toEqual({});
  });
});

describe('page visits (JSON)', () => {
  it('answers with the page object, X-Inertia and Vary', async () => {
    await boot();
    const res = await client.get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.headers.vary).toContain('X-Inertia');
    const page = pageOf(res);
    expect(page.component).toBe('Home');
    expect(page.version).toBe(client.version);
    expect(page.props).toMatchObject({
      locale: 'fa',
      unread: 3,
      errors: {},
      flash: {},
      auth: { user: null },
    });
  });

  it('409 with X-Inertia-Location when a GET carries a stale version; not for POST', async () => {
    await boot();
    const res = await client.get('/?page=2', { 'x-inertia-version': 'stale' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/?page=2');
    const post = await client.send('POST', '/gateway/callback', {}, { 'x-inertia-version': 'stale' });
    expect(post.statusCode).toBe(200);
  });

  it('reply.location(): 409 for page visits, 302 for plain requests', async () => {
    await boot();
    const visit = await client.get('/pay');
    expect(visit.statusCode).toBe(409);
    expect(visit.headers['x-inertia-location']).toBe('https://gateway.example/pay/123');
    const plain = await client.request({ method: 'GET', url: '/pay' });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('https://gateway.example/pay/123');
  });
});

describe('props: lazy, optional, always, defer, merge', () => {
  it('a full visit runs the default props, not optional or deferred ones, and lists the groups', async () => {
    await boot();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    const page = pageOf(await client.get('/'));
    expect(ctx.calls).toEqual({ plans: 1, stats: 1, now: 1, feed: 1, unread: 1 });
    expect(page.props).not.toHaveProperty('estimate');
    expect(page.props).not.toHaveProperty('posts');
    expect(page.deferredProps).toEqual({ content: ['posts', 'tags'], default: ['chart'] });
    expect(page.mergeProps).toEqual(['feed']);
    expect(page.deepMergeProps).toEqual(['settings']);
    expect(page.matchPropsOn).toEqual(['feed.id']);
  });

  it('a partial reload runs only the asked prop functions (plus always props)', async () => {
    await boot();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    const res = await client.get('/', {
      'x-inertia-partial-component': 'Home',
      'x-inertia-partial-data': 'stats,estimate',
    });
    const page = pageOf(res);
    expect(ctx.calls).toEqual({ stats: 1, estimate: 1, now: 1 });
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'estimate', 'now', 'stats']);
    expect(page.deferredProps).toBeUndefined();
  });

  it('loads a deferred group by name; merge props are flagged only when sent', async () => {
    await boot();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    const page = pageOf(
      await client.get('/', {
        'x-inertia-partial-component': 'Home',
        'x-inertia-partial-data': 'posts,tags',
      }),
    );
    expect(page.props).toMatchObject({ posts: ['p'], tags: ['t'] });
    expect(ctx.calls).toEqual({ posts: 1, tags: 1, now: 1 });
    expect(page.mergeProps).toBeUndefined();
    const feed = pageOf(
      await client.get('/', { 'x-inertia-partial-component': 'Home', 'x-inertia-partial-data': 'feed' }),
    );
    expect(feed.mergeProps).toEqual(['feed']);
    const reset = pageOf(
      await client.get('/', {
        'x-inertia-partial-component': 'Home',
        'x-inertia-partial-data': 'feed',
        'x-inertia-reset': 'feed',
      }),
    );
    expect(reset.mergeProps).toBeUndefined();
  });

  it('except leaves props out; dot paths pick part of a prop', async () => {
    await boot();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    const page = pageOf(
      await client.get('/', {
        'x-inertia-partial-component': 'Home',
        'x-inertia-partial-except': 'plans,feed',
      }),
    );
    expect(page.props).not.toHaveProperty('plans');
    expect(ctx.calls.plans).toBeUndefined();
    expect(page.props).toHaveProperty('stats');
    const dotted = pageOf(
      await client.get('/', {
        'x-inertia-partial-component': 'Home',
        'x-inertia-partial-data': 'stats.users',
      }),
    );
    expect(dotted.props.stats).toEqual({ users: 10 });
  });

  it('partial data for a different component is ignored: full props', async () => {
    await boot();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    const page = pageOf(
      await client.get('/', { 'x-inertia-partial-component': 'Other', 'x-inertia-partial-data': 'stats' }),
    );
    expect(page.props).toHaveProperty('plans');
    expect(page.props).not.toHaveProperty('estimate');
    expect(page.deferredProps).toBeDefined();
    expect(ctx.calls).toEqual({ plans: 1, stats: 1, now: 1, feed: 1, unread: 1 });
  });

  it('shared props are resolved per request and lazily', async () => {
    await boot();
    for (const k of Object.keys(ctx.calls)) delete ctx.calls[k];
    await client.get('/', { 'x-inertia-partial-component': 'Home', 'x-inertia-partial-data': 'stats' });
    expect(ctx.calls.unread).toBeUndefined();
    const page = pageOf(
      await client.get('/', { 'x-inertia-partial-component': 'Home', 'x-inertia-partial-data': 'unread' }),
    );
    expect(page.props.unread).toBe(3);
  });
});

describe('validation, error bags, flash', () => {
  const referer = { referer: 'http://localhost/contact-page' };

  it('failure answers 303 back; the next page has the first message per field (dot paths), once', async () => {
    await boot();
    const res = await client.send(
      'POST',
      '/contact',
      { name: 'ab', email: 'nope', items: [{ qty: 1.5 }] },
      referer,
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://localhost/contact-page');
    const page = pageOf(await client.get('/'));
    expect(page.props.errors).toEqual({
      name: 'نام باید حداقل ۳ حرف باشد',
      email: 'ایمیل معتبر نیست',
      'items.0.qty': 'تعداد باید عدد صحیح باشد',
    });
    const again = pageOf(await client.get('/'));
    expect(again.props.errors).toEqual({});
  });

  it('without a Referer, failure goes back to the last page shown in this session', async () => {
    await boot();
    await client.get('/other');
    const res = await client.send('POST', '/contact', { name: 'ab', email: 'nope' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/other');
    expect(pageOf(await client.get('/other')).props.errors).toMatchObject({
      name: 'نام باید حداقل ۳ حرف باشد',
    });
  });

  it('goes back only to a page of this site: another origin’s Referer is not followed', async () => {
    await boot();
    await client.get('/other');
    for (const referer of [
      'https://evil.example/phish',
      'http://localhost.evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
    ]) {
      const res = await client.send('POST', '/contact', { name: 'ab', email: 'nope' }, { referer });
      expect(res.headers.location, referer).toBe('/other');
    }
    const same = await client.send(
      'POST',
      '/contact',
      { name: 'ab', email: 'nope' },
      { referer: '/contact-page?a=1' },
    );
    expect(same.headers.location).toBe('/contact-page?a=1');
  });

  it('X-Inertia-Error-Bag scopes the errors under the bag name', async () => {
    await boot();
    await client.send(
      'POST',
      '/contact',
      { name: 'toolongname', email: 'a@b.co' },
      { ...referer, 'x-inertia-error-bag': 'contact' },
    );
    expect(pageOf(await client.get('/')).props.errors).toEqual({ contact: { name: 'نام طولانی است' } });
  });

  it('success flashes a message for the next page only', async () => {
    await boot();
    const res = await client.send('POST', '/contact', { name: 'علی', email: 'ali@example.com' });
    expect(res.statusCode).toBe(302);
    const page = pageOf(await client.get('/'));
    expect(page.props.flash).toEqual({ success: 'پیام علی ثبت شد' });
    expect(page.flash).toEqual({ success: 'پیام علی ثبت شد' });
    expect(pageOf(await client.get('/')).props.flash).toEqual({});
  });

  it('keeps flash through a partial reload that does not ask for it (a live refresh racing the redirect)', async () => {
    await boot();
    await client.send('POST', '/contact', { name: 'علی', email: 'ali@example.com' });
    const refresh = pageOf(
      await client.get('/', { 'x-inertia-partial-component': 'Home', 'x-inertia-partial-data': 'stats' }),
    );
    expect(refresh.props.flash).toBeUndefined();
    expect(refresh.flash).toBeUndefined();
    expect(pageOf(await client.get('/')).props.flash).toEqual({ success: 'پیام علی ثبت شد' });
    expect(pageOf(await client.get('/')).props.flash).toEqual({});
  });

  it('a partial reload with no flash to keep writes no session', async () => {
    await boot();
    await client.get('/');
    let writes = 0;
    const set = ctx.store.set.bind(ctx.store);
    ctx.store.set = (record, ttl) => {
      writes++;
      return set(record, ttl);
    };
    await client.get('/', { 'x-inertia-partial-component': 'Home', 'x-inertia-partial-data': 'stats' });
    expect(writes).toBe(0);
  });

  it('hands the app the record the store answered for the cookie', async () => {
    const fresh = (await client.request({ method: 'GET', url: '/record' })).json();
    expect(fresh.record).toBeNull();
    const known = (await client.request({ method: 'GET', url: '/record' })).json();
    expect(known.record).toBe(known.session);
  });

  it('keeps flash across a 409 version reload', async () => {
    await boot();
    await client.send('POST', '/contact', { name: 'علی', email: 'ali@example.com' });
    expect((await client.get('/', { 'x-inertia-version': 'old' })).statusCode).toBe(409);
    expect(pageOf(await client.get('/')).props.flash).toEqual({ success: 'پیام علی ثبت شد' });
  });
});

describe('303 conversion', () => {
  it.each(['PUT', 'PATCH', 'DELETE'] as const)('%s: a 302 redirect becomes 303', async (method) => {
    await boot();
    const res = await client.send(method, '/items/1');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
  });

  it('POST keeps 302', async () => {
    await boot();
    expect((await client.send('POST', '/items/1')).statusCode).toBe(302);
  });
});

describe('CSRF', () => {
  it('419 page with the Persian message when the token is missing or wrong', async () => {
    await boot();
    const missing = await client.request({
      method: 'POST',
      url: '/items/1',
      headers: { 'x-inertia': 'true' },
    });
    expect(missing.statusCode).toBe(419);
    expect(missing.headers['x-inertia']).toBe('true');
    const page = pageOf(missing);
    expect(page.component).toBe('Public/Blank');
    expect(page.props).toMatchObject({ status: 419, message: SESSION_EXPIRED_MESSAGE, reload_url: '/' });
    const wrong = await client.send('PUT', '/items/1', {}, { 'x-xsrf-token': 'x'.repeat(40) });
    expect(wrong.statusCode).toBe(419);
    const html = await client.request({ method: 'DELETE', url: '/items/1' });
    expect(html.statusCode).toBe(419);
    expect(html.body).toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('accepts X-XSRF-TOKEN, X-CSRF-TOKEN and a _token field', async () => {
    await boot();
    const token = client.cookies.get('XSRF-TOKEN') as string;
    expect((await client.send('POST', '/items/1')).statusCode).toBe(302);
    const viaCsrf = await client.request({
      method: 'POST',
      url: '/items/1',
      headers: { 'x-csrf-token': token },
    });
    expect(viaCsrf.statusCode).toBe(302);
    const viaField = await client.request({ method: 'POST', url: '/items/1', payload: { _token: token } });
    expect(viaField.statusCode).toBe(302);
  });

  it('exempt routes (gateway callbacks, webhooks) skip the check', async () => {
    expect((await client.request({ method: 'POST', url: '/gateway/callback', payload: {} })).statusCode).toBe(
      200,
    );
    expect((await client.request({ method: 'POST', url: '/webhooks/sms', payload: {} })).statusCode).toBe(
      200,
    );
  });

  it('a token from another session is refused', async () => {
    const other = new TestClient(ctx.app);
    await other.request({ method: 'GET', url: '/' });
    await boot();
    const res = await client.send(
      'POST',
      '/items/1',
      {},
      { 'x-xsrf-token': other.cookies.get('XSRF-TOKEN') as string },
    );
    expect(res.statusCode).toBe(419);
  });
});

describe('sessions', () => {
  it('the record holds id, user, ip, user agent, last activity and payload', async () => {
    await client.request({ method: 'GET', url: '/', headers: { 'user-agent': 'vitest-agent' } });
    const id = (client.cookies.get('renderfarm_session') ?? '').split('.')[0] as string;
    const record = await ctx.store.get(id);
    expect(record).toMatchObject({ id, userId: null, ipAddress: '127.0.0.1', userAgent: 'vitest-agent' });
    expect(record?.lastActivity).toBeInstanceOf(Date);
    expect(record?.payload).toHaveProperty('token', client.cookies.get('XSRF-TOKEN'));
  });

  it('session fixation: a planted id is ignored, and sign-in moves the session to a new id', async () => {
    // An attacker-chosen cookie (unsigned or signed by someone else) starts a fresh session.
    client.cookies.set('renderfarm_session', 'attacker-id.bogus');
    await boot();
    const before = (client.cookies.get('renderfarm_session') ?? '').split('.')[0] as string;
    expect(before).not.toBe('attacker-id');
    const login = await client.send('POST', '/login');
    expect(login.statusCode).toBe(409);
    const after = (client.cookies.get('renderfarm_session') ?? '').split('.')[0] as string;
    expect(after).not.toBe(before);
    expect(await ctx.store.get(before)).toBeUndefined();
    expect((await ctx.store.get(after))?.userId).toBe(7);
    expect(pageOf(await client.get('/')).props.auth).toEqual({ user: { id: 7 } });
    // Replaying the pre-login cookie gives a guest session, not the user's.
    const replay = new TestClient(ctx.app);
    replay.cookies.set('renderfarm_session', `${before}.x`);
    const html = await replay.request({ method: 'GET', url: '/' });
    expect(html.body).toContain('&quot;user&quot;:null');
  });

  it('sign-out drops the data and rotates the CSRF token', async () => {
    await boot();
    await client.send('POST', '/login');
    const token = client.cookies.get('XSRF-TOKEN');
    await client.send('POST', '/logout');
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(token);
    expect(pageOf(await client.get('/')).props.auth).toEqual({ user: null });
  });

  it('an unchanged session is written back, and its cookies refreshed, only after touchAfter (sliding expiry)', async () => {
    await client.request({ method: 'GET', url: '/' });
    const second = await client.request({ method: 'GET', url: '/' });
    expect(second.cookies).toHaveLength(0);
    const eager = await build({ touchAfterSeconds: 0 });
    const eagerClient = new TestClient(eager.app);
    await eagerClient.request({ method: 'GET', url: '/' });
    const again = await eagerClient.request({ method: 'GET', url: '/' });
    expect(again.cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', 'renderfarm_session']);
    await eager.app.close();
  });

  it('routes with session: false set no cookie and touch no store', async () => {
    const res = await client.request({ method: 'GET', url: '/up' });
    expect(res.cookies).toHaveLength(0);
    expect(ctx.store.size).toBe(0);
  });

  it('cookie flags: HttpOnly, SameSite=Lax, Path=/, no Secure outside production; XSRF-TOKEN readable', async () => {
    const res = await client.request({ method: 'GET', url: '/' });
    const session = res.cookies.find((c) => c.name === 'renderfarm_session');
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7200 });
    expect(session?.secure).toBeFalsy();
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it('cookie flags: Secure in production', async () => {
    const secure = await build({ secure: true });
    const res = await secure.app.inject({ method: 'GET', url: '/' });
    for (const c of res.cookies) expect(c.secure).toBe(true);
    await secure.app.close();
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const prod = await build();
      const r = await prod.app.inject({ method: 'GET', url: '/' });
      expect(r.cookies.find((c) => c.name === 'renderfarm_session')?.secure).toBe(true);
      await prod.app.close();
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});
