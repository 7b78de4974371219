import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SharedCache } from '../../lib/cache/shared-cache';
import { tehranDayEnd, tehranDayStart } from '../../lib/tehran-day';
import { enqueue } from '../../platform/jobs';
import { type AuditActor, recordStaffAction } from '../activity';
import type {
  AdminArticleInput,
  AdminArticleRow,
  AdminFolderInput,
  AdminFolderRow,
  AdminLinkInput,
  AdminLinkRow,
  AdminMenuInput,
  AdminMenuRow,
  AdminPageInput,
  Paginated,
  SortItem,
} from './contracts';
import { ContentError, ContentNotFoundError } from './errors';
import type { Redirector } from './redirects';
import { createSanitizer } from './sanitize';
import { articles, folders, links, menus, pageRevisions, pages } from './tables';

export const PUBLISH_JOB = 'content.publish';
const PER_PAGE = 30;

/** A slug: letters (Persian too), digits and single dashes; no spaces, no `/`. */
export const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
export const SLUG_MAX = 120;

export function slugProblem(slug: string): string | null {
  if (!slug) return 'نشانی (slug) را وارد کنید.';
  if (/\s/.test(slug)) return 'نشانی نباید فاصله داشته باشد؛ به جای فاصله - بگذارید.';
  if (slug.includes('/')) return 'نشانی نباید / داشته باشد.';
  if (slug.length > SLUG_MAX) return 'نشانی بیش از حد بلند است.';
  if (!SLUG.test(slug)) return 'نشانی فقط حرف، عدد و خط تیره (-) دارد و با خط تیره شروع یا تمام نمی‌شود.';
  return null;
}

/** The public path of an article (where its 301 points after a slug change). */
export function articlePath(
  article: { kind: string; slug: string },
  folderSlug: string | null,
): string | null {
  if (article.kind === 'post') return `/blog/${article.slug}`;
  if (article.kind === 'page') return `/pages/${article.slug}`;
  return folderSlug ? `/articles/${folderSlug}/${article.slug}` : null;
}

const SORTED_SUBJECT = { menus: 'menu', links: 'link', folders: 'folder' } as const;
const SORTED_EVENT = {
  menus: 'content:menus.sorted',
  links: 'content:links.sorted',
  folders: 'content:folders.sorted',
} as const;
const SORTED_SUMMARY = {
  menus: 'ترتیب منو عوض شد.',
  links: 'ترتیب پیوندها عوض شد.',
  folders: 'ترتیب دسته‌ها عوض شد.',
};

/** The names of a sortable list in their order (what a reorder's audit entry shows, before → after). */
async function sortedNames(db: Database, what: 'menus' | 'links' | 'folders') {
  if (what === 'menus') {
    const rows = await db.select().from(menus).orderBy(asc(menus.location), asc(menus.sort), asc(menus.id));
    return { scope: rows[0]?.location ?? 'header', names: rows.map((r) => r.label) };
  }
  if (what === 'links') {
    const rows = await db.select().from(links).orderBy(asc(links.group), asc(links.sort), asc(links.id));
    return { scope: rows[0]?.group ?? 'footer', names: rows.map((r) => r.label) };
  }
  const rows = await db.select().from(folders).orderBy(asc(folders.sort), asc(folders.id));
  return { scope: rows[0]?.kind ?? 'blog', names: rows.map((r) => r.name) };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;

/**
 * The content screens' writes (Admin/Articles, Folders, Page, Menus, Links): every body sanitised,
 * slugs checked, scheduled posts handed to the publish job, a published article's old URL kept
 * as a 301, and the cached menus and links forgotten after each change.
 */
export function createContentAdmin(deps: {
  db: Database;
  cache: SharedCache;
  redirects: Redirector;
  appUrl: string;
  now?: () => Date;
}) {
  const { db, cache } = deps;
  const now = deps.now ?? (() => new Date());
  const clean = createSanitizer(deps.appUrl);

  // ---- articles -------------------------------------------------------------------------------

  async function listArticles(filters: {
    q: string;
    folder: number | null;
    kind: string | null;
    status: string | null;
    page: number;
  }): Promise<Paginated<AdminArticleRow>> {
    const conditions: (SQL | undefined)[] = [
      filters.q
        ? or(
            ilike(articles.title, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
            ilike(articles.slug, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          )
        : undefined,
      filters.folder ? eq(articles.folderId, filters.folder) : undefined,
      filters.kind ? eq(articles.kind, filters.kind as 'post') : undefined,
      filters.status ? eq(articles.status, filters.status as 'draft') : undefined,
    ];
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select({ article: articles, folderName: folders.name, folderSlug: folders.slug })
        .from(articles)
        .leftJoin(folders, eq(folders.id, articles.folderId))
        .where(where)
        .orderBy(desc(articles.updatedAt), desc(articles.id))
        .limit(PER_PAGE)
        .offset((filters.page - 1) * PER_PAGE),
      db.select({ n: count() }).from(articles).where(where),
    ]);
    const n = Number(total?.n ?? 0);
    return {
      data: rows.map((r) => articleRow(r.article, r.folderName, r.folderSlug)),
      meta: {
        current_page: filters.page,
        last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
        per_page: PER_PAGE,
        total: n,
      },
    };
  }

  async function findArticleRow(id: number): Promise<AdminArticleRow> {
    const [row] = await db
      .select({ article: articles, folderName: folders.name, folderSlug: folders.slug })
      .from(articles)
      .leftJoin(folders, eq(folders.id, articles.folderId))
      .where(eq(articles.id, id));
    if (!row) throw new ContentNotFoundError();
    return articleRow(row.article, row.folderName, row.folderSlug);
  }

  async function saveArticle(
    id: number | null,
    input: AdminArticleInput,
    authorId: number,
    actor: AuditActor,
  ): Promise<AdminArticleRow> {
    const slugError = slugProblem(input.slug);
    if (slugError) throw new ContentError('RF_CONTENT_SLUG', slugError, 'slug');
    const folder =
      input.folder_id === null
        ? null
        : (await db.select().from(folders).where(eq(folders.id, input.folder_id)))[0];
    if (input.folder_id !== null && !folder)
      throw new ContentError('RF_CONTENT_FOLDER', 'این دسته پیدا نشد.', 'folder_id');
    if (input.kind === 'doc' && folder?.kind !== 'docs')
      throw new ContentError('RF_CONTENT_FOLDER', 'راهنما باید در یکی از دسته‌های آموزش باشد.', 'folder_id');
    if (input.kind === 'post' && folder && folder.kind !== 'blog')
      throw new ContentError('RF_CONTENT_FOLDER', 'نوشتهٔ وبلاگ باید در دستهٔ وبلاگ باشد.', 'folder_id');
    const [taken] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, input.slug), id === null ? undefined : ne(articles.id, id)));
    if (taken) throw new ContentError('RF_CONTENT_SLUG_TAKEN', 'مطلب دیگری همین نشانی را دارد.', 'slug');

    let publishedAt = input.published_at ? new Date(input.published_at) : null;
    if (input.status === 'scheduled') {
      if (!publishedAt || publishedAt <= now())
        throw new ContentError(
          'RF_CONTENT_SCHEDULE',
          'زمان انتشار زمان‌بندی‌شده باید در آینده باشد.',
          'published_at',
        );
    }
    if (input.status === 'published' && (!publishedAt || publishedAt > now()))
      publishedAt = publishedAt ?? now();
    if (input.status === 'published' && publishedAt && publishedAt > now())
      throw new ContentError(
        'RF_CONTENT_SCHEDULE',
        'برای انتشار در آینده، وضعیت «زمان‌بندی‌شده» را انتخاب کنید.',
        'status',
      );

    const before = id === null ? null : (await db.select().from(articles).where(eq(articles.id, id)))[0];
    if (id !== null && !before) throw new ContentNotFoundError();
    const beforeFolder =
      before?.folderId == null
        ? null
        : (await db.select().from(folders).where(eq(folders.id, before.folderId)))[0];

    const values = {
      title: input.title,
      slug: input.slug,
      kind: input.kind,
      folderId: folder?.id ?? null,
      excerpt: input.excerpt,
      body: clean(input.body),
      coverPath: input.cover_url,
      status: input.status,
      publishedAt,
      seoTitle: input.seo_title,
      seoDescription: input.seo_description,
      canonicalUrl: input.canonical_url,
      noindex: input.noindex,
      updatedAt: now(),
    };
    const saved = await db.transaction(async (tx) => {
      const [row] =
        id === null
          ? await tx
              .insert(articles)
              .values({ ...values, authorId })
              .returning()
          : await tx.update(articles).set(values).where(eq(articles.id, id)).returning();
      if (row!.status === 'scheduled' && row!.publishedAt) {
        await enqueue(
          tx,
          PUBLISH_JOB,
          { articleId: row!.id },
          {
            runAt: row!.publishedAt,
            singletonKey: `${PUBLISH_JOB}:${row!.id}:${row!.publishedAt.getTime()}`,
          },
        );
      }
      const published = row!.status === 'published' && before?.status !== 'published';
      await recordStaffAction(tx, {
        event: !before
          ? 'content:article.created'
          : published
            ? 'content:article.published'
            : 'content:article.updated',
        actor,
        subject: { type: 'article', id: row!.id },
        summary: `مطلب «${row!.title}» ${!before ? 'ساخته' : published ? 'منتشر' : 'ویرایش'} شد${!before && published ? ' و منتشر شد' : ''}.`,
        before: before ?? null,
        after: row!,
      });
      return row!;
    });

    // A published article whose URL changed keeps its old URL as a 301 to the new one.
    if (before && before.status === 'published') {
      const oldPath = articlePath(before, beforeFolder?.slug ?? null);
      const newPath = articlePath(saved, folder?.slug ?? null);
      if (oldPath && newPath && oldPath !== newPath) await deps.redirects.moved(oldPath, newPath);
    }
    return findArticleRow(saved.id);
  }

  async function destroyArticle(id: number, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const [row] = await tx.delete(articles).where(eq(articles.id, id)).returning();
      if (!row) throw new ContentNotFoundError();
      await recordStaffAction(tx, {
        event: 'content:article.deleted',
        actor,
        subject: { type: 'article', id },
        summary: `مطلب «${row.title}» حذف شد.`,
        before: row,
        after: null,
      });
      return row;
    });
  }

  /** The publish job: the article goes live if it is still scheduled for no later than the job. */
  async function publishDue(articleId: number, due: Date) {
    const [row] = await db.select().from(articles).where(eq(articles.id, articleId));
    if (!row || row.status !== 'scheduled' || !row.publishedAt || row.publishedAt > due) return false;
    await db
      .update(articles)
      .set({ status: 'published', updatedAt: now() })
      .where(and(eq(articles.id, articleId), eq(articles.status, 'scheduled')));
    return true;
  }

  // ---- folders --------------------------------------------------------------------------------

  async function listFolderRows(): Promise<AdminFolderRow[]> {
    const [rows, counts] = await Promise.all([
      db.select().from(folders).orderBy(asc(folders.sort), asc(folders.id)),
      db.select({ folderId: articles.folderId, n: count() }).from(articles).groupBy(articles.folderId),
    ]);
    const byFolder = new Map(counts.map((c) => [c.folderId, Number(c.n)]));
    return rows.map((f) => ({
      id: f.id,
      slug: f.slug,
      name: f.name,
      kind: f.kind,
      parent_id: f.parentId,
      sort: f.sort,
      description: f.description,
      seo_title: f.seoTitle,
      seo_description: f.seoDescription,
      articles: byFolder.get(f.id) ?? 0,
    }));
  }

  async function findFolderRow(id: number): Promise<AdminFolderRow> {
    const row = (await listFolderRows()).find((f) => f.id === id);
    if (!row) throw new ContentNotFoundError();
    return row;
  }

  async function saveFolder(
    id: number | null,
    input: AdminFolderInput,
    actor: AuditActor,
  ): Promise<AdminFolderRow> {
    const slugError = slugProblem(input.slug);
    if (slugError) throw new ContentError('RF_CONTENT_SLUG', slugError, 'slug');
    const all = await db.select().from(folders);
    if (id !== null && !all.some((f) => f.id === id)) throw new ContentNotFoundError();
    if (all.some((f) => f.slug === input.slug && f.id !== id))
      throw new ContentError('RF_CONTENT_SLUG_TAKEN', 'دستهٔ دیگری همین نشانی را دارد.', 'slug');
    if (input.parent_id !== null) {
      const parent = all.find((f) => f.id === input.parent_id);
      if (!parent) throw new ContentError('RF_CONTENT_FOLDER', 'دستهٔ بالاتر پیدا نشد.', 'parent_id');
      if (parent.kind !== input.kind)
        throw new ContentError(
          'RF_CONTENT_FOLDER',
          'دستهٔ بالاتر باید از همان نوع (وبلاگ یا آموزش) باشد.',
          'parent_id',
        );
      // Walking up from the new parent must never reach this folder: no folder under its own child.
      const byId = new Map(all.map((f) => [f.id, f]));
      for (let f = parent, steps = 0; f && steps <= all.length; f = byId.get(f.parentId ?? -1)!, steps++) {
        if (f.id === id)
          throw new ContentError(
            'RF_CONTENT_FOLDER_CYCLE',
            'دسته را نمی‌توان زیر خودش یا یکی از زیردسته‌هایش برد.',
            'parent_id',
          );
        if (f.parentId === null) break;
      }
    }
    const values = {
      name: input.name,
      slug: input.slug,
      kind: input.kind,
      parentId: input.parent_id,
      description: input.description,
      seoTitle: input.seo_title,
      seoDescription: input.seo_description,
      updatedAt: now(),
    };
    const was = all.find((f) => f.id === id) ?? null;
    const row = await db.transaction(async (tx) => {
      const [row] =
        id === null
          ? await tx
              .insert(folders)
              .values({ ...values, sort: all.length + 1 })
              .returning()
          : await tx.update(folders).set(values).where(eq(folders.id, id)).returning();
      await recordStaffAction(tx, {
        event: was ? 'content:folder.updated' : 'content:folder.created',
        actor,
        subject: { type: 'folder', id: row!.id },
        summary: `دستهٔ «${row!.name}» ${was ? 'ویرایش' : 'ساخته'} شد.`,
        before: was,
        after: row!,
      });
      return row!;
    });
    return findFolderRow(row.id);
  }

  async function destroyFolder(id: number, actor: AuditActor) {
    const row = await findFolderRow(id);
    if (row.articles > 0)
      throw new ContentError(
        'RF_CONTENT_FOLDER_IN_USE',
        `این دسته ${row.articles.toLocaleString('fa-IR')} مطلب دارد؛ نخست مطالبش را به دستهٔ دیگری ببرید.`,
        'delete',
      );
    const [child] = await db
      .select({ id: folders.id })
      .from(folders)
      .where(eq(folders.parentId, id))
      .limit(1);
    if (child)
      throw new ContentError(
        'RF_CONTENT_FOLDER_IN_USE',
        'این دسته زیردسته دارد؛ نخست آن‌ها را جابه‌جا کنید.',
        'delete',
      );
    await db.transaction(async (tx) => {
      const [gone] = await tx.delete(folders).where(eq(folders.id, id)).returning();
      await recordStaffAction(tx, {
        event: 'content:folder.deleted',
        actor,
        subject: { type: 'folder', id },
        summary: `دستهٔ «${row.name}» حذف شد.`,
        before: gone ?? null,
        after: null,
      });
    });
    return row;
  }

  // ---- static pages ---------------------------------------------------------------------------

  async function pageKeys() {
    return (await db.select({ key: pages.key, title: pages.title }).from(pages).orderBy(asc(pages.key))).map(
      (p) => ({
        key: p.key,
        title: p.title,
      }),
    );
  }

  async function pageWithRevisions(key: string) {
    const [page] = await db.select().from(pages).where(eq(pages.key, key));
    if (!page) throw new ContentNotFoundError();
    const revisions = await db
      .select()
      .from(pageRevisions)
      .where(eq(pageRevisions.pageKey, key))
      .orderBy(desc(pageRevisions.createdAt), desc(pageRevisions.id))
      .limit(20);
    return { page, revisions };
  }

  /**
   * Saves a static page, keeping the version it replaces as a revision. A campaign page also takes
   * its run: first and last day (Tehran), the last not before the first.
   */
  async function updatePage(key: string, input: AdminPageInput, editorId: number, actor: AuditActor) {
    const campaign = key.startsWith('campaign:');
    const startsAt = campaign && input.starts_on ? tehranDayStart(input.starts_on) : null;
    const endsAt = campaign && input.ends_on ? tehranDayEnd(input.ends_on) : null;
    if (startsAt && endsAt && endsAt <= startsAt) {
      throw new ContentError(
        'RF_CONTENT_CAMPAIGN_DAYS',
        'روز پایان جشنواره نباید پیش از روز آغاز آن باشد.',
        'ends_on',
      );
    }
    const saved = await db.transaction(async (tx) => {
      const [page] = await tx.select().from(pages).where(eq(pages.key, key)).for('update');
      if (!page) throw new ContentNotFoundError();
      await tx.insert(pageRevisions).values({
        pageKey: key,
        title: page.title,
        body: page.body,
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
        editorId,
      });
      const [row] = await tx
        .update(pages)
        .set({
          title: input.title,
          body: clean(input.body),
          seoTitle: input.seo_title,
          seoDescription: input.seo_description,
          noindex: input.noindex,
          ...(campaign ? { startsAt, endsAt } : {}),
          updatedAt: now(),
        })
        .where(eq(pages.key, key))
        .returning();
      await recordStaffAction(tx, {
        event: 'content:page.updated',
        actor,
        subject: { type: 'page', id: key },
        summary: `صفحهٔ «${row!.title}» ویرایش شد؛ نسخهٔ قبلی در تاریخچه ماند.`,
        before: page,
        after: row!,
      });
      return row!;
    });
    // A campaign's run decides whether menus and footer links show it (http/shared-props.ts).
    if (campaign) await cache.forget('pages');
    return saved;
  }

  // ---- menus and links ------------------------------------------------------------------------

  async function listMenus(): Promise<AdminMenuRow[]> {
    const rows = await db.select().from(menus).orderBy(asc(menus.location), asc(menus.sort), asc(menus.id));
    return rows.map((m) => ({
      id: m.id,
      location: m.location,
      parent_id: m.parentId,
      label: m.label,
      url: m.url,
      sort: m.sort,
      is_active: m.isActive,
    }));
  }

  async function saveMenu(
    id: number | null,
    input: AdminMenuInput,
    actor: AuditActor,
  ): Promise<AdminMenuRow> {
    const url = checkUrl(input.url);
    const all = await db.select().from(menus);
    if (id !== null && !all.some((m) => m.id === id)) throw new ContentNotFoundError();
    if (input.parent_id !== null) {
      const parent = all.find((m) => m.id === input.parent_id);
      if (!parent || parent.location !== input.location)
        throw new ContentError('RF_CONTENT_MENU_PARENT', 'آیتم بالاتر باید در همین منو باشد.', 'parent_id');
      // Two levels only (the header shows a submenu, not a submenu's submenu), and never itself.
      if (parent.parentId !== null || parent.id === id)
        throw new ContentError(
          'RF_CONTENT_MENU_PARENT',
          'منو فقط دو سطح دارد؛ آیتم بالاتر را از سطح اول انتخاب کنید.',
          'parent_id',
        );
      if (id !== null && all.some((m) => m.parentId === id))
        throw new ContentError(
          'RF_CONTENT_MENU_PARENT',
          'این آیتم زیرمجموعه دارد و نمی‌تواند زیر آیتم دیگری برود.',
          'parent_id',
        );
    }
    const values = {
      location: input.location,
      parentId: input.parent_id,
      label: input.label,
      url,
      isActive: input.is_active,
    };
    const was = all.find((m) => m.id === id) ?? null;
    const row = await db.transaction(async (tx) => {
      const [row] =
        id === null
          ? await tx
              .insert(menus)
              .values({ ...values, sort: all.filter((m) => m.location === input.location).length + 1 })
              .returning()
          : await tx.update(menus).set(values).where(eq(menus.id, id)).returning();
      await recordStaffAction(tx, {
        event: was ? 'content:menu.updated' : 'content:menu.created',
        actor,
        subject: { type: 'menu', id: row!.id },
        summary: `آیتم منوی «${row!.label}» ${was ? 'ویرایش' : 'افزوده'} شد.`,
        before: was,
        after: row!,
      });
      return row!;
    });
    await cache.forget('menus');
    return (await listMenus()).find((m) => m.id === row!.id)!;
  }

  async function destroyMenu(id: number, actor: AuditActor) {
    const [row] = await db.select().from(menus).where(eq(menus.id, id));
    if (!row) throw new ContentNotFoundError();
    await db.transaction(async (tx) => {
      const children = await tx.delete(menus).where(eq(menus.parentId, id)).returning();
      await tx.delete(menus).where(eq(menus.id, id));
      await recordStaffAction(tx, {
        event: 'content:menu.deleted',
        actor,
        subject: { type: 'menu', id },
        summary:
          children.length > 0
            ? `آیتم منوی «${row.label}» با ${children.length.toLocaleString('fa-IR')} زیرمجموعه‌اش حذف شد.`
            : `آیتم منوی «${row.label}» حذف شد.`,
        before: row,
        after: null,
      });
    });
    await cache.forget('menus');
    return row;
  }

  async function listLinks(): Promise<AdminLinkRow[]> {
    const rows = await db.select().from(links).orderBy(asc(links.group), asc(links.sort), asc(links.id));
    return rows.map((l) => ({
      id: l.id,
      group: l.group,
      label: l.label,
      url: l.url,
      sort: l.sort,
      nofollow: l.nofollow,
      is_active: l.isActive,
    }));
  }

  async function saveLink(
    id: number | null,
    input: AdminLinkInput,
    actor: AuditActor,
  ): Promise<AdminLinkRow> {
    const url = checkUrl(input.url);
    const all = await db.select().from(links);
    if (id !== null && !all.some((l) => l.id === id)) throw new ContentNotFoundError();
    const values = {
      group: input.group,
      label: input.label,
      url,
      nofollow: input.nofollow,
      isActive: input.is_active,
    };
    const was = all.find((l) => l.id === id) ?? null;
    const row = await db.transaction(async (tx) => {
      const [row] =
        id === null
          ? await tx
              .insert(links)
              .values({ ...values, sort: all.filter((l) => l.group === input.group).length + 1 })
              .returning()
          : await tx.update(links).set(values).where(eq(links.id, id)).returning();
      await recordStaffAction(tx, {
        event: was ? 'content:link.updated' : 'content:link.created',
        actor,
        subject: { type: 'link', id: row!.id },
        summary: `پیوند «${row!.label}» ${was ? 'ویرایش' : 'ساخته'} شد.`,
        before: was,
        after: row!,
      });
      return row!;
    });
    await cache.forget('links');
    return (await listLinks()).find((l) => l.id === row!.id)!;
  }

  async function destroyLink(id: number, actor: AuditActor) {
    const row = await db.transaction(async (tx) => {
      const [row] = await tx.delete(links).where(eq(links.id, id)).returning();
      if (!row) throw new ContentNotFoundError();
      await recordStaffAction(tx, {
        event: 'content:link.deleted',
        actor,
        subject: { type: 'link', id },
        summary: `پیوند «${row.label}» حذف شد.`,
        before: row,
        after: null,
      });
      return row;
    });
    await cache.forget('links');
    return row;
  }

  /**
   * Saves a new order (and, for trees, parents) of menus, links or folders: `{id, parent_id, sort}`
   * for each moved row. Every id must exist; a parent must be in the same tree and not the row.
   */
  async function sort(what: 'menus' | 'links' | 'folders', tree: SortItem[], actor: AuditActor) {
    const table = what === 'menus' ? menus : what === 'links' ? links : folders;
    const ids = tree.map((t) => t.id);
    if (new Set(ids).size !== ids.length)
      throw new ContentError('RF_CONTENT_SORT', 'ترتیب فرستاده‌شده تکراری دارد.', 'tree');
    const existing = ids.length
      ? await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))
      : [];
    if (existing.length !== ids.length)
      throw new ContentError('RF_CONTENT_SORT', 'برخی از آیتم‌ها پیدا نشدند.', 'tree');
    if (what !== 'links' && tree.some((t) => t.parent_id === t.id))
      throw new ContentError('RF_CONTENT_SORT', 'آیتمی نمی‌تواند زیر خودش باشد.', 'tree');
    await db.transaction(async (tx) => {
      const order = () => sortedNames(tx, what);
      const was = await order();
      for (const item of tree) {
        if (what === 'links') await tx.update(links).set({ sort: item.sort }).where(eq(links.id, item.id));
        else if (what === 'menus')
          await tx
            .update(menus)
            .set({ sort: item.sort, parentId: item.parent_id ?? null })
            .where(eq(menus.id, item.id));
        else
          await tx
            .update(folders)
            .set({ sort: item.sort, parentId: item.parent_id ?? null })
            .where(eq(folders.id, item.id));
      }
      const now = await order();
      await recordStaffAction(tx, {
        event: SORTED_EVENT[what],
        actor,
        subject: { type: SORTED_SUBJECT[what], id: now.scope },
        summary: SORTED_SUMMARY[what],
        before: { order: was.names },
        after: { order: now.names },
      });
    });
    if (what === 'folders') {
      // A cycle slipped in through parent changes is refused as a whole.
      const rows = await db.select({ id: folders.id, parentId: folders.parentId }).from(folders);
      const byId = new Map(rows.map((r) => [r.id, r.parentId]));
      for (const r of rows) {
        const seen = new Set<number>();
        for (let p: number | null | undefined = r.id; p != null; p = byId.get(p)) {
          if (seen.has(p))
            throw new ContentError('RF_CONTENT_SORT', 'دسته‌ای زیر زیردستهٔ خودش رفته است.', 'tree');
          seen.add(p);
        }
      }
    }
    if (what !== 'folders') await cache.forget(what);
  }

  return {
    listArticles,
    findArticleRow,
    saveArticle,
    destroyArticle,
    publishDue,
    listFolderRows,
    findFolderRow,
    saveFolder,
    destroyFolder,
    pageKeys,
    pageWithRevisions,
    updatePage,
    listMenus,
    saveMenu,
    destroyMenu,
    listLinks,
    saveLink,
    destroyLink,
    sort,
  };
}

/** A menu or link URL: a path of this site or an http(s)/mailto/tel URL. */
function checkUrl(raw: string): string {
  const url = raw.trim();
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') && !/[\s\p{Cc}]/u.test(url))
    return url;
  try {
    const parsed = new URL(url);
    if (['https:', 'http:', 'mailto:', 'tel:'].includes(parsed.protocol)) return parsed.toString();
  } catch {
    // Falls through to the refusal.
  }
  throw new ContentError(
    'RF_CONTENT_URL',
    'نشانی باید مسیری از همین سایت (مثل /blog) یا نشانی کامل با https:// باشد.',
    'url',
  );
}

function articleRow(
  a: typeof articles.$inferSelect,
  folderName: string | null,
  folderSlug: string | null,
): AdminArticleRow {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    kind: a.kind,
    folder_id: a.folderId,
    folder: folderName,
    excerpt: a.excerpt,
    body: a.body,
    cover_url: a.coverPath,
    status: a.status,
    published_at: a.publishedAt?.toISOString() ?? null,
    seo_title: a.seoTitle,
    seo_description: a.seoDescription,
    canonical_url: a.canonicalUrl,
    noindex: a.noindex,
    updated_at: a.updatedAt.toISOString(),
    url: articlePath(a, folderSlug),
    useful: a.usefulCount,
    not_useful: a.notUsefulCount,
  };
}
