import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, newBrowser } from '../auth/test-support';
import { articles, links, menus } from './tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;
const PERSIAN = /[\u0600-\u06FF]/;

/** The `<title>` and head tags of a first load, as a crawler reads them (no JS). */
function headOf(html: string) {
  const title = /<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '';
  const attr = (selector: RegExp) => selector.exec(html)?.[1] ?? null;
  return {
    title,
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    description: attr(/<meta name="description" content="([^"]*)">/),
    robots: attr(/<meta name="robots" content="([^"]*)">/),
    ogLocale: attr(/<meta property="og:locale" content="([^"]*)">/),
    ogType: attr(/<meta property="og:type" content="([^"]*)">/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)">/),
  };
}

describe('public pages from the content tables', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp({ APP_URL: 'https://renderfarm.example' });
  });
  afterAll(() => t.close());

  it('every seeded header, footer and link URL of this site answers 200 with a page', async () => {
    const menuUrls = (await t.database.db.select({ url: menus.url }).from(menus)).map((r) => r.url);
    const linkUrls = (await t.database.db.select({ url: links.url }).from(links)).map((r) => r.url);
    const internal = [...new Set([...menuUrls, ...linkUrls])].filter((url) => url.startsWith('/'));
    expect(internal.length).toBeGreaterThanOrEqual(12);
    const browser = await newBrowser(t);
    for (const url of internal) {
      const res = await browser.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      const title = headOf(res.body).title;
      expect(title, url).toMatch(/ \| رندر فارم ابری$/);
      expect(title.replace(' | رندر فارم ابری', ''), url).toMatch(PERSIAN);
    }
  });

  it('renders each public page with its component and Persian copy from the database', async () => {
    const browser = await newBrowser(t);
    const expected: [string, string][] = [
      ['/about', 'Public/About'],
      ['/software', 'Public/Software'],
      ['/software/revit', 'Public/Revit'],
      ['/blog', 'Public/Blog'],
      ['/blog/vray-vs-corona', 'Public/Article'],
      ['/articles/guides', 'Public/Articles/Folder'],
      ['/articles/getting-started/first-machine', 'Public/Articles/Article'],
      ['/pages/fair-use', 'Public/Articles/Page'],
      ['/support', 'Public/Support'],
      ['/career', 'Public/Career'],
      ['/welcome', 'Welcome'],
      ['/campaign/nowruz', 'Landing'],
      ['/privacy-policy', 'PrivacyPolicy'],
      ['/terms-of-service', 'TermsOfService'],
    ];
    for (const [url, component] of expected) {
      const page = await browser.page(url);
      expect(page.component, url).toBe(component);
      expect(page.status, url).toBe(200);
      const body = page.props.page?.body ?? page.props.article?.body ?? '';
      if (!['/blog', '/articles/guides'].includes(url)) expect(body, url).toMatch(PERSIAN);
    }
  });

  it('lists posts newest first with a featured post, folders and pages', async () => {
    const browser = await newBrowser(t);
    const page = await browser.page('/blog');
    expect(page.props.items.data.map((p: { slug: string }) => p.slug)).toEqual([
      'rtx-4090-arrived',
      'vray-vs-corona',
      'night-discount',
    ]);
    expect(page.props.featured.slug).toBe('rtx-4090-arrived');
    expect(page.props.folders.map((f: { slug: string }) => f.slug)).toEqual(['news']);
    expect(page.props.items.meta).toEqual({ current_page: 1, last_page: 1, per_page: 9, total: 3 });
  });

  it('a page past the last is an empty list, not an error', async () => {
    const browser = await newBrowser(t);
    const page = await browser.page('/blog?page=40');
    expect(page.status).toBe(200);
    expect(page.props.items.data).toEqual([]);
    expect(page.props.items.meta.current_page).toBe(40);
    expect(page.props.featured).toBeNull();
  });

  it('a post page has author, neighbours and its SEO head without JS', async () => {
    const browser = await newBrowser(t);
    const res = await browser.request('GET', '/blog/vray-vs-corona');
    const head = headOf(res.body);
    expect(head.title).toBe('وی‌ری یا کرونا؟ انتخاب موتور رندر برای پروژه‌های معماری | رندر فارم ابری');
    expect(head.canonical).toBe('https://renderfarm.example/blog/vray-vs-corona');
    expect(head.description).toContain('مقایسهٔ سرعت');
    expect(head.ogLocale).toBe('fa_IR');
    expect(head.ogType).toBe('article');
    expect(head.ogImage).toBe('https://renderfarm.example/og-image.png');
    expect(head.robots).toBeNull();
    const page = await browser.page('/blog/vray-vs-corona');
    expect(page.props.article.author).toBe('مدیر سامانه');
    expect(page.props.previous.slug).toBe('night-discount');
    expect(page.props.next.slug).toBe('rtx-4090-arrived');
    expect(page.props.related.map((p: { slug: string }) => p.slug)).toEqual([
      'rtx-4090-arrived',
      'night-discount',
    ]);
  });

  it('a docs article carries a table of contents, a breadcrumb and the docs tree', async () => {
    const browser = await newBrowser(t);
    const page = await browser.page('/articles/getting-started/first-machine');
    expect(page.props.toc).toEqual([
      { id: 'h-1', text: 'پیش از شروع', level: 2 },
      { id: 'h-2', text: 'قدم‌ها', level: 2 },
      { id: 'h-3', text: 'پس از ساخت', level: 2 },
    ]);
    expect(page.props.article.body).toContain('<h2 id="h-1">');
    expect(page.props.trail.map((f: { slug: string }) => f.slug)).toEqual(['guides', 'getting-started']);
    expect(page.props.tree[0].slug).toBe('guides');
    expect(page.props.tree[0].children.map((f: { slug: string }) => f.slug)).toEqual([
      'getting-started',
      'connect',
    ]);
    // In another folder the same article is not found.
    expect((await browser.request('GET', '/articles/connect/first-machine')).statusCode).toBe(404);
    // A blog folder is not a docs folder.
    expect((await browser.request('GET', '/articles/news')).statusCode).toBe(404);
  });

  it('a campaign page is noindex and keeps the UTM parameters for the sign-up link', async () => {
    const browser = await newBrowser(t);
    const res = await browser.request(
      'GET',
      '/campaign/nowruz?utm_source=instagram&utm_campaign=nowruz&other=x',
    );
    expect(headOf(res.body).robots).toBe('noindex, follow');
    const page = await browser.page('/campaign/nowruz?utm_source=instagram&utm_campaign=nowruz&other=x');
    expect(page.props.utm).toEqual({ utm_source: 'instagram', utm_campaign: 'nowruz' });
    expect((await browser.request('GET', '/campaign/unknown')).statusCode).toBe(404);
  });

  it('?preview=1 shows a draft to an admin only; a guest and a customer get 404', async () => {
    await t.database.db.insert(articles).values({
      slug: 'draft-post',
      kind: 'post',
      title: 'پیش‌نویس محرمانه',
      body: '<p>هنوز منتشر نشده.</p>',
      status: 'draft',
    });
    const guest = await newBrowser(t);
    expect((await guest.request('GET', '/blog/draft-post')).statusCode).toBe(404);
    expect((await guest.request('GET', '/blog/draft-post?preview=1')).statusCode).toBe(404);
    const customer = await logIn(t, 'customer@renderfarm.test');
    expect((await customer.request('GET', '/blog/draft-post?preview=1')).statusCode).toBe(404);
    const admin = await logIn(t, 'admin@renderfarm.test');
    expect((await admin.request('GET', '/blog/draft-post')).statusCode).toBe(404);
    const res = await admin.request('GET', '/blog/draft-post?preview=1');
    expect(res.statusCode).toBe(200);
    expect(headOf(res.body).robots).toBe('noindex, follow');
    const page = await admin.page('/blog/draft-post?preview=1');
    expect(page.props.preview).toBe(true);
    expect(page.props.article.title).toBe('پیش‌نویس محرمانه');
  });

  it('a future publish time stays hidden until it is due', async () => {
    await t.database.db.insert(articles).values({
      slug: 'tomorrow',
      kind: 'post',
      title: 'فردا',
      status: 'published',
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    const guest = await newBrowser(t);
    expect((await guest.request('GET', '/blog/tomorrow')).statusCode).toBe(404);
    const list = await guest.page('/blog');
    expect(list.props.items.data.map((p: { slug: string }) => p.slug)).not.toContain('tomorrow');
  });

  it('counts «was this useful?» once per session', async () => {
    const browser = await newBrowser(t);
    await browser.page('/articles/connect/rdp-windows');
    const before = (await t.database.db.select().from(articles).where(eq(articles.slug, 'rdp-windows')))[0]!;
    for (const useful of [true, true, false]) {
      const res = await browser.post(
        '/articles/rdp-windows/feedback',
        { useful },
        { referer: '/articles/connect/rdp-windows' },
      );
      expect(res.statusCode).toBe(303);
    }
    const after = (await t.database.db.select().from(articles).where(eq(articles.slug, 'rdp-windows')))[0]!;
    expect(after.usefulCount - before.usefulCount).toBe(1);
    expect(after.notUsefulCount).toBe(before.notUsefulCount);
    const page = await browser.page('/articles/connect/rdp-windows');
    expect(page.props.feedback_given).toBe(true);
    // Another session counts again.
    const other = await newBrowser(t);
    await other.post('/articles/rdp-windows/feedback', { useful: false });
    const last = (await t.database.db.select().from(articles).where(eq(articles.slug, 'rdp-windows')))[0]!;
    expect(last.notUsefulCount - before.notUsefulCount).toBe(1);
    // No answer at all is a field error, nothing counted.
    const res = await other.post(
      '/articles/rdp-windows/feedback',
      {},
      { referer: '/articles/connect/rdp-windows' },
    );
    expect([302, 303]).toContain(res.statusCode);
  });

  it('support search trims a long or SQL-laden ?q= and finds docs without error', async () => {
    const browser = await newBrowser(t);
    const hit = await browser.page(`/support?q=${encodeURIComponent('  رمز   یک‌بار ')}`);
    expect(hit.props.q).toBe('رمز یک‌بار');
    expect(hit.props.results.map((r: { slug: string }) => r.slug)).toEqual(['rdp-windows']);
    const long = await browser.page(`/support?q=${'ا'.repeat(1000)}`);
    expect(long.status).toBe(200);
    expect(long.props.q.length).toBe(100);
    const sqlish = `' OR 1=1; DROP TABLE articles; -- %_\\`;
    const injected = await browser.page(`/support?q=${encodeURIComponent(sqlish)}`);
    expect(injected.status).toBe(200);
    expect(injected.props.results).toEqual([]);
    const wildcard = await browser.page('/support?q=%25');
    expect(wildcard.props.results).toEqual([]);
    const blog = await browser.page(`/blog?q=${encodeURIComponent(sqlish)}&page=abc&folder=a/b`);
    expect(blog.status).toBe(200);
    expect(blog.props.items.data).toEqual([]);
    expect(blog.props.filters).toEqual({ q: sqlish.trim(), folder: null });
    expect((await t.database.db.select().from(articles)).length).toBeGreaterThan(0);
  });
});
