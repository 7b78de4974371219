import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from '../auth/test-support';
import { normalisePath, parseFrom, parseTo } from './redirects';
import { redirects } from './tables';

const SITE = 'https://renderfarm.example';

describe('redirect paths and targets', () => {
  it('normalises percent-escapes, trailing and repeated slashes', () => {
    expect(normalisePath('/old/')).toBe('/old');
    expect(normalisePath('/old///')).toBe('/old');
    expect(normalisePath('//a//b')).toBe('/a/b');
    expect(normalisePath('/%D9%85%D9%82%D8%A7%D9%84%D9%87/')).toBe('/مقاله');
    expect(normalisePath('/a?x=1')).toBe('/a');
    expect(normalisePath('/bad%E0%A4')).toBe('/bad%E0%A4');
    expect(normalisePath('/')).toBe('/');
  });

  it('refuses a from that is not a path of this site', () => {
    for (const bad of [
      'old',
      'https://x.ir/old',
      '//evil.example/x',
      '/',
      '/a b',
      '/a?x=1',
      '/admin/users',
      '/build/x.js',
      '',
    ])
      expect(parseFrom(bad).ok, bad).toBe(false);
    expect(parseFrom(' /Old-Page/ ')).toEqual({ ok: true, path: '/Old-Page' });
  });

  it('refuses javascript:, data: and protocol-relative targets', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '/\\evil.example',
      'ftp://x.example/file',
      'vbscript:msgbox',
      'new-page',
    ])
      expect(parseTo(bad, SITE).ok, bad).toBe(false);
    expect(parseTo('/new?x=1', SITE)).toEqual({ ok: true, to: '/new?x=1', local: '/new' });
    expect(parseTo('https://renderfarm.example/new/', SITE)).toEqual({
      ok: true,
      to: 'https://renderfarm.example/new/',
      local: '/new',
    });
    expect(parseTo('https://other.example/x', SITE)).toMatchObject({ ok: true, local: null });
  });
});

describe('redirects before routing', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  beforeAll(async () => {
    t = await createAuthTestApp({ APP_URL: SITE });
    admin = await logIn(t, 'admin@renderfarm.test');
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    await admin.page('/admin/redirects/create');
    return admin.post(
      '/admin/redirects',
      { code: 301, is_active: true, ...body },
      {
        referer: '/admin/redirects/create',
      },
    );
  };
  const errors = () => admin.errorsOn('/admin/redirects/create');
  const rowFor = async (from: string) =>
    (await t.database.db.select().from(redirects).where(eq(redirects.fromPath, from)))[0];

  it('a redirect answers 301 and counts exactly N hits after N requests and a flush', async () => {
    const res = await create({ from: '/old-blog/', to: '/blog' });
    expect(res.statusCode).toBe(303);
    const row = await rowFor('/old-blog');
    expect(row).toMatchObject({ to: '/blog', code: 301, hits: 0 });
    const guest = await newBrowser(t);
    const N = 7;
    for (let i = 0; i < N; i++) {
      const answer = await guest.request('GET', i % 2 ? '/old-blog/' : '/old-blog');
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe('/blog');
    }
    await t.app.services.redirects.flushHits();
    const after = await rowFor('/old-blog');
    expect(after!.hits).toBe(N);
    expect(after!.lastHitAt).not.toBeNull();
    // Nothing more is written by a second flush.
    await t.app.services.redirects.flushHits();
    expect((await rowFor('/old-blog'))!.hits).toBe(N);
  });

  it('keeps the query, decodes the path, answers HEAD, leaves POST alone and serves 302', async () => {
    await create({
      from: '/%D9%85%D9%82%D8%A7%D9%84%D9%87-%D9%82%D8%AF%DB%8C%D9%85%DB%8C',
      to: '/pages/fair-use?ref=old',
    });
    await create({ from: '/sale', to: 'https://shop.example/نوروز', code: 302 });
    const guest = await newBrowser(t);
    const persian = await guest.request('GET', `/${encodeURIComponent('مقاله-قدیمی')}/?utm_source=x&b=2#top`);
    expect(persian.statusCode).toBe(301);
    expect(persian.headers.location).toBe('/pages/fair-use?ref=old&utm_source=x&b=2');
    const head = await guest.request('HEAD', '/sale?x=1');
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('https://shop.example/%D9%86%D9%88%D8%B1%D9%88%D8%B2?x=1');
    const post = await guest.post('/sale', {});
    expect(post.statusCode).not.toBe(302);
  });

  it('an existing page can be moved, and an inactive redirect does nothing', async () => {
    await create({ from: '/career', to: '/contact' });
    const guest = await newBrowser(t);
    expect((await guest.request('GET', '/career')).headers.location).toBe('/contact');
    const row = await rowFor('/career');
    await admin.page(`/admin/redirects/${row!.id}/edit`);
    const off = await admin.request(
      'PUT',
      `/admin/redirects/${row!.id}`,
      { from: '/career', to: '/contact', code: 301, is_active: false },
      { referer: `/admin/redirects/${row!.id}/edit` },
    );
    expect(off.statusCode).toBe(303);
    // The change reached the in-memory table at once (cache forget).
    expect((await guest.request('GET', '/career')).statusCode).toBe(200);
  });

  it('refuses bad input with a Persian field error and saves nothing', async () => {
    const before = (await t.database.db.select().from(redirects)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ from: 'no-slash', to: '/blog' }, 'from'],
      [{ from: '/x1', to: 'javascript:alert(1)' }, 'to'],
      [{ from: '/x2', to: 'data:text/html,hi' }, 'to'],
      [{ from: '/old-blog', to: '/about' }, 'from'],
      [{ from: '/OLD-BLOG/', to: '/about' }, 'none'],
      [{ from: '/loop', to: '/loop/' }, 'to'],
      // A chain: /old-blog already goes to /blog, so /older → /old-blog is refused…
      [{ from: '/older', to: '/old-blog' }, 'to'],
      // …and so is /blog → /x, which would make /old-blog → /blog → /x.
      [{ from: '/blog', to: '/about' }, 'from'],
      [{ from: '/admin', to: '/' }, 'from'],
      [{ from: '/x3', to: '/about', code: 307 }, 'code'],
    ];
    for (const [body, field] of cases) {
      await create(body);
      const got = await errors();
      if (field === 'none') {
        // Paths are case-sensitive: /OLD-BLOG is another page, and is accepted.
        expect(got, JSON.stringify(body)).toEqual({});
        continue;
      }
      expect(Object.keys(got), JSON.stringify(body)).toContain(field);
      expect(got[field], JSON.stringify(body)).toMatch(/[\u0600-\u06FF]/);
    }
    // A loop through two redirects: /ping → /pong exists, /pong → /ping is refused.
    await create({ from: '/ping', to: '/pong' });
    await create({ from: '/pong', to: `${SITE}/ping` });
    expect((await errors()).to).toContain('دور هم');
    const after = (await t.database.db.select().from(redirects)).length;
    expect(after).toBe(before + 2); // /OLD-BLOG and /ping only.
  });

  it('the list shows hits; guests and customers cannot reach it', async () => {
    const page = await admin.page('/admin/redirects?q=sal');
    expect(page.component).toBe('Admin/Redirects/List');
    expect(page.props.items.data.map((r: { from: string }) => r.from)).toEqual(['/sale']);
    const all = await admin.page('/admin/redirects');
    const oldBlog = all.props.items.data.find((r: { from: string }) => r.from === '/old-blog');
    expect(oldBlog.hits).toBe(7);
    const customer = await logIn(t, 'customer@renderfarm.test');
    expect((await customer.request('GET', '/admin/redirects')).statusCode).toBe(404);
    const row = await rowFor('/ping');
    const gone = await admin.request(
      'DELETE',
      `/admin/redirects/${row!.id}`,
      {},
      { referer: '/admin/redirects' },
    );
    expect(gone.statusCode).toBe(303);
    expect(await rowFor('/ping')).toBeUndefined();
    const guest = await newBrowser(t);
    expect((await guest.request('GET', '/ping')).statusCode).toBe(404);
  });
});
