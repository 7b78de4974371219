import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { OG_IMAGE_PATH, type PageSeo, seoOptions } from '../../http/seo';
import { SHARED_CACHE_KEYS } from '../../http/shared-cache-keys';
import { catalogStats, listActiveImages, plansForRevit, publicSettings, rentablePlans } from '../catalog';
import { userNames } from '../users';
import { type CampaignWindow, campaignState, tehranIsoDay } from './campaign-window';
import { contentNow } from './clock';
import type { PageView } from './contracts';
import { ContentNotFoundError } from './errors';
import { withHeadingIds } from './headings';
import { ogImage } from './og-image';
import {
  cleanQuery,
  docsInFolder,
  docsTree,
  findArticle,
  findFolder,
  findPage,
  folderTrail,
  latestPosts,
  listFolders,
  listPosts,
  neighbourPosts,
  pageNumber,
  recordFeedback,
  relatedPosts,
  searchDocs,
} from './service';

/** The session key listing the articles this session has answered «was this useful?» for. */
export const FEEDBACK_SESSION_KEY = 'content.feedback';
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const feedbackSchema = z.object({
  useful: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], {
    error: 'بگویید این راهنما مفید بود یا نه.',
  }),
});

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name] ?? '';
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
/** A slug from a URL: Persian letters, digits and dashes (percent-decoded by the router). */
const slugOk = (slug: string) => slug.length > 0 && slug.length <= 200 && !/[\s/]/.test(slug);

/**
 * The public site (docs/screens.md §1) from the content tables: home, static pages, blog, docs,
 * support hub, campaign pages. Every page carries its SEO head (http/seo.ts) on the first load.
 */
export async function contentRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db } = app.services;
  app.get(OG_IMAGE_PATH, { logLevel: 'warn', config: { session: false } }, async (_request, reply) =>
    reply.type('image/png').header('cache-control', 'public, max-age=86400').send(ogImage()),
  );
  const seo = (page: PageSeo) => seoOptions(app.config, page);

  async function staticPage(key: string): Promise<PageView & { noindex: boolean }> {
    const page = await findPage(db, key);
    if (!page) throw new ContentNotFoundError();
    return page;
  }
  const pageSeo = (page: PageView & { noindex: boolean }, path: string) =>
    seo({
      title: page.seo.title || page.title,
      description: page.seo.description ?? page.body,
      path,
      noindex: page.noindex,
    });
  const view = ({
    noindex: _n,
    updatedAt: _u,
    window: _w,
    ...page
  }: PageView & { noindex: boolean; updatedAt?: Date; window?: CampaignWindow }) => page;

  route({ name: 'home', method: 'GET', uri: '/', access: 'anyone' }, async (_request, reply) => {
    const [plans, software, posts, stats] = await Promise.all([
      // Only what can be rented now (catalog/public-offer.ts).
      rentablePlans(db, 4),
      listActiveImages(db),
      latestPosts(db, 3),
      catalogStats(db),
    ]);
    return render(
      reply,
      'Public/Home',
      { plans, software, posts, stats },
      seo({
        title: '',
        description:
          'اجارهٔ ساعتی سرورهای گرافیکی قدرتمند برای رندر 3ds Max، وی‌ری، کرونا، بلندر و Revit؛ بدون خرید سخت‌افزار، با پرداخت دقیقه‌ای.',
        path: '/',
      }),
    );
  });

  // Static pages that are only their page: about, privacy, terms.
  for (const [name, uri, key, component] of [
    ['about', '/about', 'about', 'Public/About'],
    ['policy.show', '/privacy-policy', 'privacy', 'PrivacyPolicy'],
    ['terms.show', '/terms-of-service', 'terms', 'TermsOfService'],
  ] as const) {
    route({ name, method: 'GET', uri, access: 'anyone' }, async (_request, reply) => {
      const page = await staticPage(key);
      return render(reply, component, { page: view(page) }, pageSeo(page, uri));
    });
  }

  route({ name: 'software', method: 'GET', uri: '/software', access: 'anyone' }, async (_request, reply) => {
    const [page, software] = await Promise.all([staticPage('software'), listActiveImages(db)]);
    return render(reply, 'Public/Software', { page: view(page), software }, pageSeo(page, '/software'));
  });

  route(
    { name: 'software.revit', method: 'GET', uri: '/software/revit', access: 'anyone' },
    async (_request, reply) => {
      // The plans that suit Revit and Enscape and can be rented now, the best fit first.
      const [page, plans] = await Promise.all([staticPage('revit'), plansForRevit(db, 3)]);
      return render(reply, 'Public/Revit', { page: view(page), plans }, pageSeo(page, '/software/revit'));
    },
  );

  route({ name: 'blog', method: 'GET', uri: '/blog', access: 'anyone' }, async (request, reply) => {
    const q = cleanQuery(query(request).q);
    const folderRaw = text(query(request).folder);
    const folder = folderRaw && slugOk(folderRaw) ? folderRaw : null;
    const page = pageNumber(query(request).page);
    const [items, folders, [featured]] = await Promise.all([
      listPosts(db, { q, folder, page }),
      listFolders(db, 'blog'),
      latestPosts(db, 1),
    ]);
    const filtered = Boolean(q || folder || page > 1);
    return render(
      reply,
      'Public/Blog',
      {
        items,
        // The newest post leads the first, unfiltered page.
        featured: filtered ? null : (featured ?? null),
        folders,
        filters: { q, folder },
      },
      seo({
        title: 'وبلاگ',
        description: 'تازه‌های رندر فارم ابری، مقایسهٔ موتورهای رندر و ترفندهای کار با سرورهای گرافیکی.',
        path: '/blog',
        // Search results and deep pages are not pages of their own for a search engine.
        noindex: Boolean(q) || page > 1,
      }),
    );
  });

  route(
    { name: 'blog.show', method: 'GET', uri: '/blog/{article}', access: 'anyone' },
    async (request, reply) => {
      const slug = param(request, 'article');
      // `?preview=1` shows a draft to an admin; to anyone else the draft does not exist.
      const preview = query(request).preview === '1' && request.user?.role === 'admin';
      const article = slugOk(slug) ? await findArticle(db, { slug, kind: 'post' }, { preview }) : null;
      if (!article) throw new ContentNotFoundError();
      const published = article.status === 'published' && article.published_at !== null;
      const [related, around, authors] = await Promise.all([
        relatedPosts(db, article),
        published
          ? neighbourPosts(db, new Date(article.published_at!))
          : Promise.resolve({ previous: null, next: null }),
        userNames(db, article.authorId ? [article.authorId] : []),
      ]);
      const { id: _id, folderId: _f, authorId, updatedAt: _u, noindex, canonicalUrl, ...rest } = article;
      return render(
        reply,
        'Public/Article',
        {
          article: { ...rest, author: authorId ? (authors.get(authorId)?.name ?? null) : null },
          related,
          previous: around.previous,
          next: around.next,
          preview: preview && !published,
        },
        seo({
          title: article.seo.title || article.title,
          description: article.seo.description || article.excerpt || article.body,
          path: `/blog/${encodeURIComponent(article.slug)}`,
          canonical: canonicalUrl,
          type: 'article',
          image: article.cover_url,
          noindex: noindex || !published,
          publishedAt: article.published_at,
        }),
      );
    },
  );

  async function docsFolder(slug: string) {
    const folder = slugOk(slug) ? await findFolder(db, slug) : null;
    if (!folder || folder.kind !== 'docs') throw new ContentNotFoundError();
    return folder;
  }

  route(
    { name: 'articles.folder', method: 'GET', uri: '/articles/{folder}', access: 'anyone' },
    async (request, reply) => {
      const folder = await docsFolder(param(request, 'folder'));
      const [trail, tree, articles, all] = await Promise.all([
        folderTrail(db, folder.id),
        docsTree(db),
        docsInFolder(db, folder.id),
        listFolders(db, 'docs'),
      ]);
      return render(
        reply,
        'Public/Articles/Folder',
        {
          folder: { slug: folder.slug, name: folder.name, description: folder.description },
          trail,
          children: all
            .filter((f) => f.parent_id === folder.id)
            .map((f) => ({ slug: f.slug, name: f.name, description: f.description })),
          articles,
          tree,
        },
        seo({
          title: folder.seoTitle || folder.name,
          description: folder.seoDescription || folder.description,
          path: `/articles/${encodeURIComponent(folder.slug)}`,
        }),
      );
    },
  );

  route(
    { name: 'articles.show', method: 'GET', uri: '/articles/{folder}/{article}', access: 'anyone' },
    async (request, reply) => {
      const folder = await docsFolder(param(request, 'folder'));
      const slug = param(request, 'article');
      const preview = query(request).preview === '1' && request.user?.role === 'admin';
      const article = slugOk(slug)
        ? await findArticle(db, { slug, kind: 'doc', folderId: folder.id }, { preview })
        : null;
      if (!article) throw new ContentNotFoundError();
      const [trail, tree] = await Promise.all([folderTrail(db, folder.id), docsTree(db)]);
      const { html, toc } = withHeadingIds(article.body);
      const given = request.session?.get<number[]>(FEEDBACK_SESSION_KEY) ?? [];
      const { id, folderId: _f, authorId: _a, updatedAt: _u, noindex, canonicalUrl, ...rest } = article;
      return render(
        reply,
        'Public/Articles/Article',
        { article: { ...rest, body: html }, trail, tree, toc, feedback_given: given.includes(id) },
        seo({
          title: article.seo.title || article.title,
          description: article.seo.description || article.excerpt || article.body,
          path: `/articles/${encodeURIComponent(folder.slug)}/${encodeURIComponent(article.slug)}`,
          canonical: canonicalUrl,
          type: 'article',
          noindex: noindex || article.status !== 'published',
          publishedAt: article.published_at,
        }),
      );
    },
  );

  route(
    { name: 'articles.feedback', method: 'POST', uri: '/articles/{article}/feedback', access: 'anyone' },
    async (request, reply) => {
      const slug = param(request, 'article');
      const article = slugOk(slug) ? await findArticle(db, { slug, kind: 'doc' }) : null;
      if (!article) throw new ContentNotFoundError();
      const input = await request.validate(feedbackSchema);
      const useful = input.useful === true || input.useful === '1' || input.useful === 'true';
      const given = request.session.get<number[]>(FEEDBACK_SESSION_KEY) ?? [];
      // Once per session: a second answer (a double click, a reload) is thanked but not counted.
      if (!given.includes(article.id)) {
        await recordFeedback(db, article.id, useful);
        // The newest 200 answers are enough to stop repeats; the session stays small.
        request.session.set(FEEDBACK_SESSION_KEY, [...given, article.id].slice(-200));
      }
      request.session.flash('success', 'از بازخورد شما سپاسگزاریم.');
      return reply.back();
    },
  );

  route(
    { name: 'articles.page', method: 'GET', uri: '/pages/{article}', access: 'anyone' },
    async (request, reply) => {
      const slug = param(request, 'article');
      const preview = query(request).preview === '1' && request.user?.role === 'admin';
      const article = slugOk(slug) ? await findArticle(db, { slug, kind: 'page' }, { preview }) : null;
      if (!article) throw new ContentNotFoundError();
      const { id: _i, folderId: _f, authorId: _a, updatedAt: _u, noindex, canonicalUrl, ...rest } = article;
      return render(
        reply,
        'Public/Articles/Page',
        { article: rest },
        seo({
          title: article.seo.title || article.title,
          description: article.seo.description || article.excerpt || article.body,
          path: `/pages/${encodeURIComponent(article.slug)}`,
          canonical: canonicalUrl,
          noindex: noindex || article.status !== 'published',
        }),
      );
    },
  );

  route({ name: 'support', method: 'GET', uri: '/support', access: 'anyone' }, async (request, reply) => {
    const q = cleanQuery(query(request).q);
    const [page, results, tree, settings] = await Promise.all([
      staticPage('support'),
      searchDocs(db, q),
      docsTree(db),
      // The same cached settings every page shares (forgotten whenever the configs change).
      app.services.cache.remember(SHARED_CACHE_KEYS.settings, () => publicSettings(db)),
    ]);
    return render(
      reply,
      'Public/Support',
      {
        page: view(page),
        q,
        results,
        tree,
        contact: {
          phone: text(settings.support_phone),
          hours: text(settings.support_hours),
          email: text(settings.contact_email),
        },
      },
      {
        ...pageSeo(page, '/support'),
        ...(q ? { head: pageSeo({ ...page, noindex: true }, '/support').head } : {}),
      },
    );
  });

  route({ name: 'career', method: 'GET', uri: '/career', access: 'anyone' }, async (_request, reply) => {
    const page = await staticPage('career');
    return render(reply, 'Public/Career', { page: view(page) }, pageSeo(page, '/career'));
  });

  route({ name: 'welcome', method: 'GET', uri: '/welcome', access: 'anyone' }, async (request, reply) => {
    const [page, settings] = await Promise.all([staticPage('welcome'), app.services.settings()]);
    return render(
      reply,
      'Welcome',
      {
        page: view(page),
        can_login: !request.user,
        can_register: !request.user && settings.registrationOpen,
      },
      pageSeo(page, '/welcome'),
    );
  });

  route(
    { name: 'landing', method: 'GET', uri: '/campaign/{slug}', access: 'anyone' },
    async (request, reply) => {
      const slug = param(request, 'slug');
      if (!/^[a-z0-9-]{1,60}$/.test(slug)) throw new ContentNotFoundError();
      const [page, plans] = await Promise.all([findPage(db, `campaign:${slug}`), rentablePlans(db, 3)]);
      if (!page) throw new ContentNotFoundError();
      const q = query(request);
      const utm: Record<string, string> = {};
      for (const key of UTM_KEYS) {
        const value = text(q[key]);
        if (value) utm[key] = value.slice(0, 100);
      }
      // Outside its run the page still answers (an old ad's link), saying the campaign is not on.
      const state = campaignState(page.window, contentNow());
      return render(
        reply,
        'Landing',
        {
          page: view(page),
          slug,
          plans: state === 'running' ? plans : [],
          utm,
          campaign: {
            state,
            first_day: page.window.startsAt ? tehranIsoDay(page.window.startsAt) : null,
            last_day: page.window.endsAt ? tehranIsoDay(new Date(page.window.endsAt.getTime() - 1)) : null,
          },
        },
        pageSeo(page, `/campaign/${slug}`),
      );
    },
  );
}
