import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { sitemapSchemaErrors } from '../../testing/sitemap-schema';
import { sitemapDocument } from './feeds';

/*
 * Issue 15, «Must show»: the sitemap validates against its XSD. seo-routes.test.ts checks what the
 * sitemap lists; this runs the documents through libxml2 against the sitemaps.org schemas, and
 * proves the check can fail by feeding it documents broken in the ways a sitemap breaks.
 */
const SITE = 'https://renderfarm.example';
const urls = Array.from({ length: 5 }, (_, i) => ({
  loc: `${SITE}/blog/p-${i}?a=1&b=2`,
  lastmod: new Date(Date.UTC(2026, 0, i + 1)),
}));

describe('the sitemap against its XSD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: SITE } });
  });
  afterAll(() => t.close());

  it('/sitemap.xml of the demo site is a valid urlset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<loc>');
    expect(await sitemapSchemaErrors(res.body, 'urlset')).toEqual([]);
  });

  it('past the limit: the index and each of its parts are valid', async () => {
    const index = sitemapDocument(urls, { part: null, selfUrl: `${SITE}/sitemap.xml`, max: 2 })!;
    expect(index).toContain('<sitemapindex');
    expect(await sitemapSchemaErrors(index, 'sitemapindex')).toEqual([]);
    for (const part of [1, 2, 3]) {
      const xml = sitemapDocument(urls, { part, selfUrl: '', max: 2 })!;
      expect(await sitemapSchemaErrors(xml, 'urlset'), `part ${part}`).toEqual([]);
    }
  });

  it('fails a broken sitemap, and says where', async () => {
    const valid = sitemapDocument(urls, { part: 1, selfUrl: '', max: 2 })!;
    // What was broken, the document, and what libxml2 must say about it.
    const broken: [string, string, string][] = [
      [
        'a lastmod that is no date',
        valid.replace('<lastmod>2026-01-01</lastmod>', '<lastmod>دیروز</lastmod>'),
        "is not a valid value of the union type '{http://www.sitemaps.org/schemas/sitemap/0.9}tLastmod'",
      ],
      [
        'a relative loc',
        valid.replace(`<loc>${SITE}/blog/p-0?a=1&amp;b=2</loc>`, '<loc>/b</loc>'),
        "[facet 'minLength']",
      ],
      [
        'lastmod before loc',
        valid.replace(/<url><loc>([^<]*)<\/loc>(<lastmod>[^<]*<\/lastmod>)/, '<url>$2<loc>$1</loc>'),
        "lastmod': This element is not expected",
      ],
      [
        'an element the protocol lacks',
        valid.replace('</url>', '<title>x</title></url>'),
        "title': This element is not expected",
      ],
      [
        'no namespace',
        valid.replace(' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"', ''),
        'No matching global declaration available for the validation root',
      ],
      ['an empty urlset', valid.replace(/<url>.*<\/url>\n/gs, ''), 'Missing child element(s)'],
    ];
    for (const [what, xml, says] of broken) {
      const errors = await sitemapSchemaErrors(xml, 'urlset');
      expect(errors[0], what).toMatch(/^urlset\.xml:\d+: Schemas validity error/);
      expect(errors[0], what).toContain(says);
    }
    const index = sitemapDocument(urls, { part: null, selfUrl: `${SITE}/sitemap.xml`, max: 2 })!;
    expect(await sitemapSchemaErrors(index.replace('</loc>', '</loc><url/>'), 'sitemapindex')).not.toEqual(
      [],
    );
    // A urlset is not an index, nor the other way round.
    expect(await sitemapSchemaErrors(valid, 'sitemapindex')).not.toEqual([]);
    expect(await sitemapSchemaErrors(index, 'urlset')).not.toEqual([]);
  });
});
