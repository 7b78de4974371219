import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { child, childrenNamed, parseXml, type XmlElement } from '../../testing/xml-check';
import { robotsDocument, sitemapDocument } from './feeds';
import { articles } from './tables';

const SITE = 'https://renderfarm.example';
const W3C_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The sitemap protocol's rules (sitemap.xsd): namespace, loc ≤ 2,048 absolute, lastmod a W3C date. */
function checkUrlset(root: XmlElement) {
  expect(root.name).toBe('urlset');
  expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const urls = childrenNamed(root, 'url');
  expect(urls.length).toBe(root.children.length);
  for (const url of urls) {
    expect(url.children[0]!.name).toBe('loc');
    const loc = child(url, 'loc').text;
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(loc.startsWith(`${SITE}/`)).toBe(true);
    const lastmod = childrenNamed(url, 'lastmod');
    if (lastmod.length) expect(lastmod[0]!.text).toMatch(W3C_DATE);
    for (const c of url.children) expect(['loc', 'lastmod', 'changefreq', 'priority']).toContain(c.name);
  }
  return urls.map((u) => child(u, 'loc').text);
}

/** RSS 2.0's required parts: a channel with title, link and description; items with a title. */
function checkRss(body: string) {
  const root = parseXml(body);
  expect(root.name).toBe('rss');
  expect(root.attributes.version).toBe('2.0');
  const channel = child(root, 'channel');
  for (const name of ['title', 'link', 'description']) expect(child(channel, name).text.trim()).not.toBe('');
  expect(child(channel, 'language').text).toBe('fa');
  const items = childrenNamed(channel, 'item');
  for (const item of items) {
    expect(child(item, 'title').text).not.toBe('');
    expect(child(item, 'link').text.startsWith(`${SITE}/blog/`)).toBe(true);
    // RFC 822 dates, as RSS 2.0 asks.
    const date = child(item, 'pubDate').text;
    expect(date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Number.isNaN(Date.parse(date))).toBe(false);
  }
  return { channel, items };
}

describe('sitemap, robots, feeds and security.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: SITE } });
  });
  afterAll(() => t.close());

  it('the sitemap is well-formed and lists pages, plans, posts, docs and folders with lastmod', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    // No session for a crawler.
    expect(res.headers['set-cookie']).toBeUndefined();
    const locs = checkUrlset(parseXml(res.body));
    for (const path of [
      '/',
      '/about',
      '/privacy-policy',
      '/software/revit',
      '/blog',
      '/blog/vray-vs-corona',
      '/articles/guides',
      '/articles/getting-started/first-machine',
      '/pages/fair-use',
      '/plans',
      '/prices',
      '/contact',
    ]) {
      expect(locs, path).toContain(`${SITE}${path}`);
    }
    // Campaign pages are for ads, and drafts are nobody's business.
    expect(locs.some((l) => l.includes('/campaign/'))).toBe(false);
    expect(res.body).toMatch(
      /<loc>https:\/\/renderfarm\.example\/blog\/vray-vs-corona<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/,
    );
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('past the limit the sitemap becomes an index of well-formed parts', () => {
    const urls = Array.from({ length: 5 }, (_, i) => ({
      loc: `${SITE}/blog/p-${i}&x`,
      lastmod: new Date(Date.UTC(2026, 0, i + 1)),
    }));
    const index = parseXml(sitemapDocument(urls, { part: null, selfUrl: `${SITE}/sitemap.xml`, max: 2 })!);
    expect(index.name).toBe('sitemapindex');
    const parts = childrenNamed(index, 'sitemap').map((s) => [
      child(s, 'loc').text,
      child(s, 'lastmod').text,
    ]);
    expect(parts).toEqual([
      [`${SITE}/sitemap.xml?part=1`, '2026-01-02'],
      [`${SITE}/sitemap.xml?part=2`, '2026-01-04'],
      [`${SITE}/sitemap.xml?part=3`, '2026-01-05'],
    ]);
    const last = parseXml(sitemapDocument(urls, { part: 3, selfUrl: '', max: 2 })!);
    expect(checkUrlset(last)).toEqual([`${SITE}/blog/p-4&x`]);
    expect(sitemapDocument(urls, { part: 4, selfUrl: '', max: 2 })).toBeNull();
    // Under the limit there is no index, and `?part=1` is the same file.
    expect(sitemapDocument(urls, { part: null, selfUrl: '', max: 10 })).toContain('<urlset');
  });

  it('a sitemap part past the last is 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml?part=2' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml?part=abc' })).statusCode).toBe(404);
  });

  it('robots.txt shuts everything outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it('the feed is RSS 2.0 in Persian with the newest 20 posts', async () => {
    await t.database.db.insert(articles).values(
      Array.from({ length: 22 }, (_, i) => ({
        slug: `post-${i}`,
        kind: 'post' as const,
        title: `نوشتهٔ شمارهٔ ${i} & <ویژه>`,
        excerpt: 'خلاصه\u0001 با نویسهٔ کنترلی',
        status: 'published' as const,
        publishedAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    );
    const res = await t.app.inject({ method: 'GET', url: '/feed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    const { items } = checkRss(res.body);
    expect(items).toHaveLength(20);
    expect(child(items[0]!, 'title').text).toBe('نوشتهٔ شمارهٔ 0 & <ویژه>');
  });

  it('a folder feed has only its folder; an unknown or docs folder is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feed/news' });
    expect(res.statusCode).toBe(200);
    const { channel, items } = checkRss(res.body);
    expect(child(channel, 'title').text).toContain('اخبار و مقالات');
    expect(items.map((i) => child(i, 'link').text)).toEqual([
      `${SITE}/blog/rtx-4090-arrived`,
      `${SITE}/blog/vray-vs-corona`,
      `${SITE}/blog/night-discount`,
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/feed/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/feed/guides' })).statusCode).toBe(404);
  });

  it('security.txt names a contact and expires within a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^Contact: mailto:support@renderfarm\.ir$/m);
    const expires = /^Expires: (.+)$/m.exec(res.body)![1]!;
    const ms = Date.parse(expires) - Date.now();
    expect(ms).toBeGreaterThan(300 * 86_400_000);
    expect(ms).toBeLessThanOrEqual(366 * 86_400_000);
    expect(res.body).toContain(`Canonical: ${SITE}/.well-known/security.txt`);
  });

  it('the XML checker refuses what is not well-formed', () => {
    const bad = [
      '<urlset/>',
      '<?xml version="1.0"?><a><b></a></b>',
      '<?xml version="1.0"?><a>x & y</a>',
      '<?xml version="1.0"?><a>&nbsp;</a>',
      '<?xml version="1.0"?><a x="1" x="2"/>',
      '<?xml version="1.0"?><a></a><b/>',
      '<?xml version="1.0"?><a>',
    ];
    for (const doc of bad) expect(() => parseXml(doc), doc).toThrow();
  });
});

describe('robots.txt in production', () => {
  it('lists the private areas and the sitemap, and does not shut the site', () => {
    const body = robotsDocument({ production: true, sitemapUrl: `${SITE}/sitemap.xml` });
    for (const path of ['/panel', '/care', '/admin', '/auth', '/user', '/api', '/broadcasting', '/dl']) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).not.toMatch(/^Disallow: \/$/m);
    expect(body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});
