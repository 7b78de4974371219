import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { articles, links, menus } from './tables';

export async function latestPosts(db: Database, limit = 3) {
  const rows = await db
    .select({
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(
      and(
        eq(articles.kind, 'post'),
        eq(articles.status, 'published'),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, new Date()),
      ),
    )
    .orderBy(desc(articles.publishedAt))
    .limit(limit);
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    published_at: r.publishedAt!.toISOString(),
  }));
}

interface MenuItem {
  label: string;
  url: string;
  children?: MenuItem[];
}

/** Header and footer menus as trees, for the public layout. */
export async function publicMenus(db: Database): Promise<{ header: MenuItem[]; footer: MenuItem[] }> {
  const rows = await db.select().from(menus).where(eq(menus.isActive, true)).orderBy(asc(menus.sort));
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

export async function publicLinks(db: Database) {
  const rows = await db.select().from(links).orderBy(asc(links.sort));
  const pick = (group: 'footer' | 'social') =>
    rows.filter((r) => r.group === group).map((r) => ({ label: r.label, url: r.url }));
  return { footer: pick('footer'), social: pick('social') };
}
