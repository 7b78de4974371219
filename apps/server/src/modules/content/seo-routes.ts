import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routesOn } from '../../http/named-route';
import { absoluteUrl, SITE_NAME } from '../../http/seo';
import { listActivePlans, publicSettings } from '../catalog';
import { ContentNotFoundError } from './errors';
import { robotsDocument, rssDocument, type SitemapUrl, securityTxt, sitemapDocument } from './feeds';
import { FEED_SIZE, findFolder, latestPostsForFeed, sitemapContent } from './service';

/** Where each static page lives (the page key → its route's path). */
const PAGE_PATHS: Record<string, string> = {
  about: '/about',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
  career: '/career',
  support: '/support',
  revit: '/software/revit',
  software: '/software',
  welcome: '/welcome',
};

// Crawlers carry no session: these answers create none, and may be cached for an hour.
const SESSIONLESS = { config: { session: false } } as const;
const HOUR = 'public, max-age=3600';

/** `sitemap`, `robots`, `feed`, `feed.folder` and `security-txt` (docs/screens.md §1). */
export async function seoRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;
  const url = (path: string) => absoluteUrl(app.config.APP_URL, path);

  async function sitemapUrls(): Promise<SitemapUrl[]> {
    const [content, plans] = await Promise.all([sitemapContent(db), listActivePlans(db, 1000)]);
    const newestPost = content.articles
      .filter((a) => a.kind === 'post')
      .reduce<Date | null>((m, a) => (!m || a.updatedAt > m ? a.updatedAt : m), null);
    const urls: SitemapUrl[] = [
      { loc: url('/'), lastmod: newestPost },
      { loc: url('/prices') },
      { loc: url('/plans') },
      { loc: url('/contact') },
      ...plans.map((p) => ({ loc: url(`/plans/${encodeURIComponent(p.slug)}`) })),
      ...content.pages
        .filter((p) => PAGE_PATHS[p.key])
        .map((p) => ({ loc: url(PAGE_PATHS[p.key]!), lastmod: p.updatedAt })),
      { loc: url('/blog'), lastmod: newestPost },
      ...content.folders.map((f) => ({
        loc: url(`/articles/${encodeURIComponent(f.slug)}`),
        lastmod: f.updatedAt,
      })),
    ];
    for (const a of content.articles) {
      const lastmod =
        a.updatedAt > (a.publishedAt ?? a.updatedAt) ? a.updatedAt : (a.publishedAt ?? a.updatedAt);
      const slug = encodeURIComponent(a.slug);
      if (a.kind === 'post') urls.push({ loc: url(`/blog/${slug}`), lastmod });
      else if (a.kind === 'page') urls.push({ loc: url(`/pages/${slug}`), lastmod });
      else if (a.folderSlug)
        urls.push({ loc: url(`/articles/${encodeURIComponent(a.folderSlug)}/${slug}`), lastmod });
    }
    return urls;
  }

  route(
    { name: 'sitemap', method: 'GET', uri: '/sitemap.xml', access: 'anyone' },
    async (request, reply) => {
      const raw = (request.query as Record<string, unknown> | undefined)?.part;
      const part =
        typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : raw === undefined ? null : 0;
      const xml = sitemapDocument(await sitemapUrls(), { part, selfUrl: url('/sitemap.xml') });
      if (xml === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.type('application/xml; charset=utf-8').header('cache-control', HOUR).send(xml);
    },
    SESSIONLESS,
  );

  route(
    { name: 'robots', method: 'GET', uri: '/robots.txt', access: 'anyone' },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', HOUR)
        .send(
          robotsDocument({
            production: app.config.NODE_ENV === 'production',
            sitemapUrl: url('/sitemap.xml'),
          }),
        ),
    SESSIONLESS,
  );

  async function feed(request: FastifyRequest, folderSlug: string | null) {
    const folder = folderSlug === null ? null : await findFolder(db, folderSlug);
    if (folderSlug !== null && (!folder || folder.kind !== 'blog')) throw new ContentNotFoundError();
    const posts = await latestPostsForFeed(db, FEED_SIZE, folder?.id);
    return rssDocument({
      title: folder ? `${folder.name} | ${SITE_NAME}` : `وبلاگ ${SITE_NAME}`,
      link: url(folder ? `/blog?folder=${encodeURIComponent(folder.slug)}` : '/blog'),
      selfUrl: url(request.url.split('?')[0]!),
      description: folder?.description || 'تازه‌ها و آموزش‌های رندر فارم ابری',
      items: posts.map((p) => ({
        title: p.title,
        link: url(`/blog/${encodeURIComponent(p.slug)}`),
        description: p.excerpt ?? '',
        publishedAt: p.publishedAt,
        category: p.folderName,
      })),
    });
  }

  route(
    { name: 'feed', method: 'GET', uri: '/feed', access: 'anyone' },
    async (request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', HOUR)
        .send(await feed(request, null)),
    SESSIONLESS,
  );

  route(
    { name: 'feed.folder', method: 'GET', uri: '/feed/{folder}', access: 'anyone' },
    async (request, reply) => {
      const slug = (request.params as { folder?: string }).folder ?? '';
      if (!slug || slug.length > 200 || /[\s/]/.test(slug)) throw new ContentNotFoundError();
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', HOUR)
        .send(await feed(request, slug));
    },
    SESSIONLESS,
  );

  route(
    { name: 'security-txt', method: 'GET', uri: '/.well-known/security.txt', access: 'anyone' },
    async (_request, reply) => {
      const settings = await publicSettings(db);
      const email =
        typeof settings.contact_email === 'string' && settings.contact_email.includes('@')
          ? settings.contact_email
          : `security@${new URL(app.config.APP_URL).hostname}`;
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(
          securityTxt({
            contactEmail: email,
            canonicalUrl: url('/.well-known/security.txt'),
            policyUrl: url('/terms-of-service'),
            now: new Date(),
          }),
        );
    },
    SESSIONLESS,
  );
}
