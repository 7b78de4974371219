/**
 * The machine-read documents of the public site, as pure functions of their data: the XML sitemap
 * (an index of parts past 50,000 URLs, the protocol's limit), robots.txt, RSS 2.0 and
 * security.txt (RFC 9116). seo-routes.ts serves them.
 */

/** sitemaps.org: at most 50,000 URLs in one file; past that the answer is an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
}

export const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

// Characters XML 1.0 cannot carry at all (a pasted control character in a title).
const stripInvalid = (s: string) =>
  s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

const text = (s: string) => xmlEscape(stripInvalid(s));
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The sitemap for `part` (1-based) or, when the URLs do not fit one file and no part is asked
 * for, the index pointing at each part (`?part=N`). A part past the last is null (404).
 */
export function sitemapDocument(
  urls: SitemapUrl[],
  options: { part: number | null; selfUrl: string; max?: number },
): string | null {
  const max = options.max ?? SITEMAP_MAX_URLS;
  const parts = Math.max(1, Math.ceil(urls.length / max));
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (parts > 1 && options.part === null) {
    const newest = (slice: SitemapUrl[]) =>
      slice.reduce<Date | null>((m, u) => (u.lastmod && (!m || u.lastmod > m) ? u.lastmod : m), null);
    const entries = Array.from({ length: parts }, (_, i) => {
      const lastmod = newest(urls.slice(i * max, (i + 1) * max));
      return `<sitemap><loc>${text(`${options.selfUrl}?part=${i + 1}`)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</sitemap>`;
    });
    return `${head}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  const part = options.part ?? 1;
  if (part < 1 || part > parts) return null;
  const slice = urls.slice((part - 1) * max, part * max);
  const entries = slice.map(
    (u) => `<url><loc>${text(u.loc)}</loc>${u.lastmod ? `<lastmod>${day(u.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `${head}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Areas no crawler should walk (docs/screens.md, `robots`). */
export const ROBOTS_DISALLOW = [
  '/panel',
  '/care',
  '/admin',
  '/auth',
  '/user',
  '/api',
  '/broadcasting',
  '/dl',
];

export function robotsDocument(options: { production: boolean; sitemapUrl: string }): string {
  if (!options.production) {
    // A staging or development copy must never be indexed in place of the real site.
    return 'User-agent: *\nDisallow: /\n';
  }
  return `User-agent: *\n${ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${options.sitemapUrl}\n`;
}

export interface FeedItem {
  title: string;
  link: string;
  description: string;
  publishedAt: Date;
  category?: string | null;
}

/** RSS 2.0 of the given posts (newest first), in Persian. */
export function rssDocument(channel: {
  title: string;
  link: string;
  selfUrl: string;
  description: string;
  items: FeedItem[];
}): string {
  const lastBuild = channel.items[0]?.publishedAt ?? new Date(0);
  const items = channel.items.map(
    (item) =>
      `<item><title>${text(item.title)}</title><link>${text(item.link)}</link><guid isPermaLink="true">${text(item.link)}</guid><pubDate>${item.publishedAt.toUTCString()}</pubDate>${item.category ? `<category>${text(item.category)}</category>` : ''}<description>${text(item.description)}</description></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${text(channel.title)}</title>
<link>${text(channel.link)}</link>
<description>${text(channel.description)}</description>
<language>fa</language>
<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
<atom:link href="${text(channel.selfUrl)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
</channel>
</rss>
`;
}

/** RFC 9116: where to report a vulnerability; `Expires` is required, a year ahead. */
export function securityTxt(options: {
  contactEmail: string;
  canonicalUrl: string;
  policyUrl: string;
  now: Date;
}) {
  const expires = new Date(options.now.getTime() + 365 * 24 * 60 * 60 * 1000);
  return [
    `Contact: mailto:${options.contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: fa, en',
    `Canonical: ${options.canonicalUrl}`,
    `Policy: ${options.policyUrl}`,
    '',
  ].join('\n');
}
