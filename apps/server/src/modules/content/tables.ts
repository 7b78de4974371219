import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/** A category tree for blog posts and docs. */
export const folders = pgTable('folders', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').$type<'blog' | 'docs'>().notNull().default('docs'),
  parentId: integer('parent_id').references((): AnyPgColumn => folders.id),
  sort: integer('sort').notNull().default(0),
  description: text('description').notNull().default(''),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    folderId: integer('folder_id').references(() => folders.id),
    slug: text('slug').notNull().unique(),
    kind: text('kind').$type<'post' | 'doc' | 'page'>().notNull().default('post'),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    // Sanitised HTML: cleaned on the server before it is written.
    body: text('body').notNull().default(''),
    coverPath: text('cover_path'),
    status: text('status').$type<(typeof ARTICLE_STATUSES)[number]>().notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: integer('author_id').references(() => users.id),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    canonicalUrl: text('canonical_url'),
    noindex: boolean('noindex').notNull().default(false),
    // «Was this useful?» answers; one per session (the session remembers which it answered).
    usefulCount: integer('useful_count').notNull().default(0),
    notUsefulCount: integer('not_useful_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('articles_status_check', sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
    index('articles_published_idx').on(t.status, t.publishedAt),
  ],
);

/** Static pages edited by admins: about, privacy, terms, career, support, revit, software, campaign:{slug}. */
export const pages = pgTable('pages', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
  noindex: boolean('noindex').notNull().default(false),
  // A campaign's run (campaign-window.ts): its first day's Tehran midnight, and the midnight after
  // its last day (exclusive). Null: no limit on that side; other pages leave both null.
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every earlier version of a static page, written before each update (admin.page.update). */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: serial('id').primaryKey(),
    pageKey: text('page_key')
      .notNull()
      .references(() => pages.key, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_revisions_page_idx').on(t.pageKey, t.createdAt)],
);

/** Header and footer menu trees. */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  location: text('location').$type<'header' | 'footer'>().notNull(),
  parentId: integer('parent_id').references((): AnyPgColumn => menus.id),
  label: text('label').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** Flat link lists: footer, social. */
export const links = pgTable('links', {
  id: serial('id').primaryKey(),
  group: text('group').$type<'footer' | 'social'>().notNull(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  sort: integer('sort').notNull().default(0),
  nofollow: boolean('nofollow').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * Old paths sent elsewhere before routing (http/redirects.ts). `from_path` is normalised
 * (decoded, no trailing slash) and unique; `to` is a path or an absolute http(s) URL.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    fromPath: text('from_path').notNull().unique(),
    to: text('to').notNull(),
    code: integer('code').notNull().default(301),
    isActive: boolean('is_active').notNull().default(true),
    hits: integer('hits').notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('redirects_code_check', sql`${t.code} in (301, 302)`)],
);
