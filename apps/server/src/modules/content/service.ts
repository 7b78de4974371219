import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  like,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CampaignWindow } from './campaign-window';
import { contentNow } from './clock';
import type {
  ArticleView,
  DocsFolderNode,
  FolderSummary,
  PageView,
  Paginated,
  PostSummary,
} from './contracts';
import { articles, folders, links, menus, pages } from './tables';

/** Longest `?q=` we search for: anything past it is cut, not refused (a pasted paragraph). */
export const SEARCH_MAX = 100;
export const BLOG_PER_PAGE = 9;
export const FEED_SIZE = 20;

/** A search box's text as we search it: trimmed, one space between words, at most SEARCH_MAX. */
export function cleanQuery(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_MAX)
    .trim();
}

/** `%` and `_` typed in the box are letters, not wildcards; the value itself is a bound parameter. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A positive page number from the query string; anything else is page 1. */
export function pageNumber(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

/** Published and due: what a visitor may see. */
const visible = (now: Date) =>
  and(eq(articles.status, 'published'), isNotNull(articles.publishedAt), lte(articles.publishedAt, now));

const summaryColumns = {
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  coverPath: articles.coverPath,
  publishedAt: articles.publishedAt,
  folderSlug: folders.slug,
};

type SummaryRow = {
  slug: string;
  title: string;
  excerpt: string | null;
  coverPath: string | null;
  publishedAt: Date | null;
  folderSlug: string | null;
};

const toSummary = (r: SummaryRow): PostSummary => ({
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  published_at: r.publishedAt!.toISOString(),
  cover_url: r.coverPath,
  folder: r.folderSlug,
});

export async function latestPosts(db: Database, limit = 3, options: { folderId?: number } = {}) {
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .leftJoin(folders, eq(folders.id, articles.folderId))
    .where(
      and(
        eq(articles.kind, 'post'),
        visible(contentNow()),
        options.folderId === undefined ? undefined : eq(articles.folderId, options.folderId),
      ),
    )
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Blog list: published posts, newest first, optionally in one folder and matching `q`. */
export async function listPosts(
  db: Database,
  filters: { q: string; folder: string | null; page: number; perPage?: number },
): Promise<Paginated<PostSummary>> {
  const perPage = filters.perPage ?? BLOG_PER_PAGE;
  const where = and(
    eq(articles.kind, 'post'),
    visible(contentNow()),
    filters.folder ? eq(folders.slug, filters.folder) : undefined,
    filters.q
      ? or(ilike(articles.title, likePattern(filters.q)), ilike(articles.excerpt, likePattern(filters.q)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(articles)
      .leftJoin(folders, eq(folders.id, articles.folderId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(perPage)
      .offset((filters.page - 1) * perPage),
    db
      .select({ n: count() })
      .from(articles)
      .leftJoin(folders, eq(folders.id, articles.folderId))
      .where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    data: rows.map(toSummary),
    meta: {
      current_page: filters.page,
      last_page: Math.max(1, Math.ceil(n / perPage)),
      per_page: perPage,
      total: n,
    },
  };
}

export async function listFolders(db: Database, kind: 'blog' | 'docs'): Promise<FolderSummary[]> {
  const rows = await db
    .select({
      id: folders.id,
      slug: folders.slug,
      name: folders.name,
      parentId: folders.parentId,
      description: folders.description,
    })
    .from(folders)
    .where(eq(folders.kind, kind))
    .orderBy(asc(folders.sort), asc(folders.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    parent_id: r.parentId,
    description: r.description,
  }));
}

export async function findFolder(db: Database, slug: string) {
  const [row] = await db.select().from(folders).where(eq(folders.slug, slug));
  return row ?? null;
}

export type FoundArticle = ArticleView & {
  id: number;
  folderId: number | null;
  authorId: number | null;
  updatedAt: Date;
  noindex: boolean;
  canonicalUrl: string | null;
};

/** One article as its page shows it; `preview` (admins) also finds drafts and scheduled ones. */
export async function findArticle(
  db: Database,
  where: { slug: string; kind: 'post' | 'doc' | 'page'; folderId?: number },
  options: { preview?: boolean } = {},
): Promise<FoundArticle | null> {
  const [row] = await db
    .select({ article: articles, folderSlug: folders.slug, folderName: folders.name })
    .from(articles)
    .leftJoin(folders, eq(folders.id, articles.folderId))
    .where(
      and(
        eq(articles.slug, where.slug),
        eq(articles.kind, where.kind),
        where.folderId === undefined ? undefined : eq(articles.folderId, where.folderId),
        options.preview ? undefined : visible(contentNow()),
      ),
    );
  if (!row) return null;
  const a = row.article;
  return {
    id: a.id,
    folderId: a.folderId,
    authorId: a.authorId,
    updatedAt: a.updatedAt,
    noindex: a.noindex,
    canonicalUrl: a.canonicalUrl,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    body: a.body,
    cover_url: a.coverPath,
    status: a.status,
    published_at: a.publishedAt?.toISOString() ?? null,
    folder: row.folderSlug ? { slug: row.folderSlug, name: row.folderName! } : null,
    seo: { title: a.seoTitle, description: a.seoDescription },
  };
}

/** The posts either side of a published post, by publish time. */
export async function neighbourPosts(db: Database, publishedAt: Date) {
  const now = contentNow();
  const base = and(eq(articles.kind, 'post'), visible(now));
  const pick = { slug: articles.slug, title: articles.title };
  const [[previous], [next]] = await Promise.all([
    db
      .select(pick)
      .from(articles)
      .where(and(base, lt(articles.publishedAt, publishedAt)))
      .orderBy(desc(articles.publishedAt))
      .limit(1),
    db
      .select(pick)
      .from(articles)
      .where(and(base, gt(articles.publishedAt, publishedAt)))
      .orderBy(asc(articles.publishedAt))
      .limit(1),
  ]);
  return { previous: previous ?? null, next: next ?? null };
}

/** Other posts of the same folder, newest first. */
export async function relatedPosts(db: Database, article: { id: number; folderId: number | null }) {
  if (article.folderId === null) return [];
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .leftJoin(folders, eq(folders.id, articles.folderId))
    .where(
      and(
        eq(articles.kind, 'post'),
        visible(contentNow()),
        eq(articles.folderId, article.folderId),
        sql`${articles.id} <> ${article.id}`,
      ),
    )
    .orderBy(desc(articles.publishedAt))
    .limit(3);
  return rows.map(toSummary);
}

/** The docs folders as a tree, each with its published articles' titles (the docs sidebar). */
export async function docsTree(db: Database): Promise<DocsFolderNode[]> {
  const [folderRows, docRows] = await Promise.all([
    listFolders(db, 'docs'),
    db
      .select({ slug: articles.slug, title: articles.title, folderId: articles.folderId })
      .from(articles)
      .where(and(eq(articles.kind, 'doc'), visible(contentNow())))
      .orderBy(asc(articles.publishedAt), asc(articles.id)),
  ]);
  const build = (parentId: number | null): DocsFolderNode[] =>
    folderRows
      .filter((f) => f.parent_id === parentId)
      .map((f) => ({
        slug: f.slug,
        name: f.name,
        articles: docRows.filter((d) => d.folderId === f.id).map((d) => ({ slug: d.slug, title: d.title })),
        children: build(f.id),
      }));
  return build(null);
}

/** A folder's ancestors, root first (the breadcrumb). */
export async function folderTrail(db: Database, folderId: number) {
  const rows = await db
    .select({ id: folders.id, slug: folders.slug, name: folders.name, parentId: folders.parentId })
    .from(folders);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const trail: { slug: string; name: string }[] = [];
  const seen = new Set<number>();
  for (let f = byId.get(folderId); f && !seen.has(f.id); f = f.parentId ? byId.get(f.parentId) : undefined) {
    seen.add(f.id);
    trail.unshift({ slug: f.slug, name: f.name });
  }
  return trail;
}

/** Published docs matching `q` in the title, excerpt or body (the support hub's search). */
export async function searchDocs(db: Database, q: string, limit = 20) {
  if (!q) return [];
  const pattern = likePattern(q);
  const rows = await db
    .select({
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      folderSlug: folders.slug,
    })
    .from(articles)
    .innerJoin(folders, eq(folders.id, articles.folderId))
    .where(
      and(
        eq(articles.kind, 'doc'),
        visible(contentNow()),
        or(ilike(articles.title, pattern), ilike(articles.excerpt, pattern), ilike(articles.body, pattern)),
      ),
    )
    .orderBy(asc(articles.title))
    .limit(limit);
  return rows.map((r) => ({ slug: r.slug, title: r.title, excerpt: r.excerpt, folder: r.folderSlug }));
}

/** Published docs of one folder. */
export async function docsInFolder(db: Database, folderId: number) {
  const rows = await db
    .select({ slug: articles.slug, title: articles.title, excerpt: articles.excerpt })
    .from(articles)
    .where(and(eq(articles.kind, 'doc'), eq(articles.folderId, folderId), visible(contentNow())))
    .orderBy(asc(articles.publishedAt), asc(articles.id));
  return rows;
}

/** Counts one «was this useful?» answer. */
export async function recordFeedback(db: Database, articleId: number, useful: boolean) {
  await db
    .update(articles)
    .set(
      useful
        ? { usefulCount: sql`${articles.usefulCount} + 1` }
        : { notUsefulCount: sql`${articles.notUsefulCount} + 1` },
    )
    .where(eq(articles.id, articleId));
}

export async function findPage(
  db: Database,
  key: string,
): Promise<(PageView & { noindex: boolean; updatedAt: Date; window: CampaignWindow }) | null> {
  const [row] = await db.select().from(pages).where(eq(pages.key, key));
  if (!row) return null;
  return {
    key: row.key,
    title: row.title,
    body: row.body,
    seo: { title: row.seoTitle, description: row.seoDescription },
    noindex: row.noindex,
    updatedAt: row.updatedAt,
    window: { startsAt: row.startsAt, endsAt: row.endsAt },
  };
}

/** What the sitemap lists from the content tables, with their last change. */
export async function sitemapContent(db: Database) {
  const now = contentNow();
  const [articleRows, folderRows, pageRows] = await Promise.all([
    db
      .select({
        slug: articles.slug,
        kind: articles.kind,
        updatedAt: articles.updatedAt,
        publishedAt: articles.publishedAt,
        folderSlug: folders.slug,
      })
      .from(articles)
      .leftJoin(folders, eq(folders.id, articles.folderId))
      .where(and(visible(now), eq(articles.noindex, false)))
      .orderBy(asc(articles.id)),
    db
      .select({ slug: folders.slug, kind: folders.kind, updatedAt: folders.updatedAt })
      .from(folders)
      .where(eq(folders.kind, 'docs'))
      .orderBy(asc(folders.id)),
    db
      .select({ key: pages.key, updatedAt: pages.updatedAt, noindex: pages.noindex })
      .from(pages)
      .where(and(eq(pages.noindex, false), inArray(pages.key, [...SITEMAP_PAGE_KEYS]))),
  ]);
  return { articles: articleRows, folders: folderRows, pages: pageRows };
}

/** Static pages with their own public URL (campaigns are for ads, not search engines). */
export const SITEMAP_PAGE_KEYS = [
  'about',
  'privacy',
  'terms',
  'career',
  'support',
  'revit',
  'software',
  'welcome',
] as const;

interface MenuItem {
  label: string;
  url: string;
  children?: MenuItem[];
}

/** Header and footer menus as trees, for the public layout. */
export async function publicMenus(db: Database): Promise<{ header: MenuItem[]; footer: MenuItem[] }> {
  const rows = await db
    .select()
    .from(menus)
    .where(eq(menus.isActive, true))
    .orderBy(asc(menus.sort), asc(menus.id));
  const build = (location: 'header' | 'footer', parentId: number | null): MenuItem[] =>
    rows
      .filter((row) => row.location === location && row.parentId === parentId)
      .map((row) => {
        const children = build(location, row.id);
        return children.length
          ? { label: row.label, url: row.url, children }
          : { label: row.label, url: row.url };
      });
  return { header: build('header', null), footer: build('footer', null) };
}

/** Every campaign page's run, by slug (`campaign:nowruz` → `nowruz`), for menus and links. */
export async function campaignWindows(db: Database): Promise<Map<string, CampaignWindow>> {
  const rows = await db
    .select({ key: pages.key, startsAt: pages.startsAt, endsAt: pages.endsAt })
    .from(pages)
    .where(like(pages.key, 'campaign:%'));
  return new Map(
    rows.map((r) => [r.key.slice('campaign:'.length), { startsAt: r.startsAt, endsAt: r.endsAt }]),
  );
}

export async function publicLinks(db: Database) {
  const rows = await db
    .select()
    .from(links)
    .where(eq(links.isActive, true))
    .orderBy(asc(links.sort), asc(links.id));
  const pick = (group: 'footer' | 'social') =>
    rows.filter((r) => r.group === group).map((r) => ({ label: r.label, url: r.url }));
  return { footer: pick('footer'), social: pick('social') };
}

/** The newest published posts for RSS (optionally of one folder), with their folder's name. */
export async function latestPostsForFeed(db: Database, limit: number, folderId?: number) {
  const rows = await db
    .select({
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      publishedAt: articles.publishedAt,
      folderName: folders.name,
    })
    .from(articles)
    .leftJoin(folders, eq(folders.id, articles.folderId))
    .where(
      and(
        eq(articles.kind, 'post'),
        visible(contentNow()),
        folderId === undefined ? undefined : eq(articles.folderId, folderId),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt! }));
}
