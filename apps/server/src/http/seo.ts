/**
 * What a public page tells search engines and link previews on its first load, written into the
 * HTML by the server (no JS runs for a crawler): `<title>`, description, canonical URL, Open
 * Graph and robots. A route passes `seoOptions(...)` as the third argument of `render`:
 *
 *   return render(reply, 'Public/About', { page }, seoOptions(app.config, {
 *     title: page.title, description: page.seo.description, path: '/about',
 *   }));
 *
 * The client's `<Head>` takes the title over after the first load; the other tags stay as the
 * server wrote them (crawlers and link previews read only the first load).
 */

/** The site's name, the suffix of every title (apps/web/src/app/title.ts says the same). */
export const SITE_NAME = 'رندر فارم ابری';
export const OG_IMAGE_PATH = '/og-image.png';
/** Longest description we write: search engines cut at about this length anyway. */
const DESCRIPTION_MAX = 200;

export interface PageSeo {
  /** The page's own title, without the site name. */
  title: string;
  description?: string | null;
  /** The page's path (`/blog/slug`): the canonical URL is APP_URL + path, without the query. */
  path: string;
  /** A canonical URL the editor set (another site's copy); otherwise the path's own. */
  canonical?: string | null;
  type?: 'website' | 'article';
  /** An absolute URL or a path of this site; the site's card otherwise. */
  image?: string | null;
  noindex?: boolean;
  publishedAt?: string | null;
}

const escapeAttribute = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** «درباره ما | رندر فارم ابری»; the site name alone for the home page. */
export function fullTitle(title: string): string {
  const own = title.trim();
  return own && own !== SITE_NAME ? `${own} | ${SITE_NAME}` : SITE_NAME;
}

/** Plain text of an HTML fragment, for a description when the editor wrote none. */
export function textOf(html: string, max = DESCRIPTION_MAX): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (m) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[m]!,
    )
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An absolute URL on APP_URL for a path (or the URL itself when it already is one). */
export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl, `${appUrl.replace(/\/+$/, '')}/`).toString();
}

/** `render`'s options for a public page: the first-load title and head tags. */
export function seoOptions(config: { APP_URL: string }, seo: PageSeo): { title: string; head: string } {
  const title = fullTitle(seo.title);
  const canonical =
    seo.canonical && /^https?:\/\//i.test(seo.canonical)
      ? seo.canonical
      : absoluteUrl(config.APP_URL, seo.path);
  const description = seo.description ? textOf(seo.description) : '';
  const image = absoluteUrl(config.APP_URL, seo.image || OG_IMAGE_PATH);
  const tags: [string, string, string][] = [];
  const meta = (attribute: 'name' | 'property', key: string, value: string) => {
    if (value) tags.push([attribute, key, value]);
  };
  meta('name', 'description', description);
  if (seo.noindex) meta('name', 'robots', 'noindex, follow');
  meta('property', 'og:site_name', SITE_NAME);
  meta('property', 'og:locale', 'fa_IR');
  meta('property', 'og:type', seo.type ?? 'website');
  meta('property', 'og:title', title);
  meta('property', 'og:description', description);
  meta('property', 'og:url', canonical);
  meta('property', 'og:image', image);
  if (seo.type === 'article' && seo.publishedAt) meta('property', 'article:published_time', seo.publishedAt);
  meta('name', 'twitter:card', 'summary_large_image');
  const head = [
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    ...tags.map(([a, k, v]) => `<meta ${a}="${k}" content="${escapeAttribute(v)}">`),
  ].join('\n');
  return { title, head };
}
