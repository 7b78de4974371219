import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { auditActor } from '../../http/route-helpers';
import { userNames } from '../users';
import { tehranIsoDay } from './campaign-window';
import type { ArticleKind, ArticleStatus, FolderOption } from './contracts';
import { ContentNotFoundError } from './errors';
import { cleanQuery, pageNumber } from './service';

const FORM_LIMIT = 512 * 1024;
const BODY_MAX = 200_000;

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])])
  .default(false)
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} را وارد کنید.` })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, `${label} را وارد کنید.`)
        .max(max, `${label} حداکثر ${max.toLocaleString('fa-IR')} نویسه است.`),
    );
const optionalText = (label: string, max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(
      z
        .string()
        .max(max, `${label} حداکثر ${max.toLocaleString('fa-IR')} نویسه است.`)
        .nullable(),
    );
const slugField = z
  .string({ error: 'نشانی (slug) را وارد کنید.' })
  .transform((v) => v.normalize('NFC'))
  .pipe(z.string().max(200, 'نشانی بیش از حد بلند است.'));
const optionalId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
  .pipe(z.number().int().positive('انتخاب معتبر نیست.').nullable());

const articleInput = z.object({
  title: requiredText('عنوان', 200),
  slug: slugField,
  kind: z.enum(['post', 'doc', 'page'], { error: 'نوع مطلب را انتخاب کنید.' }),
  folder_id: optionalId,
  excerpt: optionalText('خلاصه', 500).transform((v) => v ?? ''),
  body: z.string().max(BODY_MAX, 'متن بیش از حد بلند است.').default(''),
  cover_url: optionalText('تصویر شاخص', 500).refine(
    (v) => v === null || /^(https:\/\/|\/(?![/\\]))/.test(v),
    'تصویر شاخص باید نشانی https یا مسیری از همین سایت باشد.',
  ),
  status: z.enum(['draft', 'scheduled', 'published', 'unpublished'], { error: 'وضعیت را انتخاب کنید.' }),
  published_at: z
    .string()
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null))
    .refine((v) => v === null || !Number.isNaN(Date.parse(v)), 'زمان انتشار معتبر نیست.'),
  seo_title: optionalText('عنوان سئو', 120),
  seo_description: optionalText('توضیح سئو', 300),
  canonical_url: optionalText('نشانی اصلی (canonical)', 500).refine(
    (v) => v === null || /^https?:\/\/[^\s]+$/.test(v),
    'نشانی اصلی باید با https:// شروع شود.',
  ),
  noindex: bool,
});

const folderInput = z.object({
  name: requiredText('نام دسته', 120),
  slug: slugField,
  kind: z.enum(['blog', 'docs'], { error: 'نوع دسته را انتخاب کنید.' }),
  parent_id: optionalId,
  description: optionalText('توضیح', 500).transform((v) => v ?? ''),
  seo_title: optionalText('عنوان سئو', 120),
  seo_description: optionalText('توضیح سئو', 300),
});

const menuInput = z.object({
  location: z.enum(['header', 'footer'], { error: 'منو را انتخاب کنید.' }),
  parent_id: optionalId,
  label: requiredText('عنوان', 60),
  url: requiredText('نشانی', 500),
  is_active: bool,
});

const linkInput = z.object({
  group: z.enum(['footer', 'social'], { error: 'گروه را انتخاب کنید.' }),
  label: requiredText('عنوان', 60),
  url: requiredText('نشانی', 500),
  nofollow: bool,
  is_active: bool,
});

/** A day from the Jalali date picker (an ISO day), or empty for «no limit». */
const optionalDay = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine((v) => !Number.isNaN(Date.parse(v)), message)
      .nullable(),
  );

const pageInput = z.object({
  title: requiredText('عنوان', 200),
  body: z.string().max(BODY_MAX, 'متن بیش از حد بلند است.').default(''),
  seo_title: optionalText('عنوان سئو', 120),
  seo_description: optionalText('توضیح سئو', 300),
  noindex: bool,
  starts_on: optionalDay('روز آغاز را از تقویم انتخاب کنید.'),
  ends_on: optionalDay('روز پایان را از تقویم انتخاب کنید.'),
});

const sortInput = z.object({
  tree: z
    .array(
      z.object({
        id: z.coerce.number().int().positive(),
        parent_id: z.union([z.coerce.number().int().positive(), z.null()]).optional(),
        sort: z.coerce.number().int().min(0).max(100_000),
      }),
      { error: 'ترتیب معتبر نیست.' },
    )
    .max(1000, 'ترتیب بیش از حد بلند است.'),
});

function idOf(request: FastifyRequest, name: string): number {
  const raw = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new ContentNotFoundError();
  return Number(raw);
}

/** Where a static page lives on the site, for the «view» link. */
const PAGE_URLS: Record<string, string> = {
  about: '/about',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
  career: '/career',
  support: '/support',
  revit: '/software/revit',
  software: '/software',
  welcome: '/welcome',
};
const pageUrl = (key: string) =>
  PAGE_URLS[key] ?? (key.startsWith('campaign:') ? `/campaign/${key.slice('campaign:'.length)}` : null);

/**
 * Admin/Articles, Folders, Menus, Links and Page (docs/screens.md §6): lists, forms, deletes, the
 * sort endpoints (the lists' up/down buttons and drag send the same `{tree}`) and page revisions.
 */
export async function adminContentRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { contentAdmin } = app.services;
  const url = (name: string, params = {}) => registry.url(name, params, false);

  const folderOptions = async (): Promise<FolderOption[]> =>
    (await contentAdmin.listFolderRows()).map((f) => ({ value: f.id, label: f.name, kind: f.kind }));

  // ---- articles ----
  route(
    { name: 'admin.articles.list', method: 'GET', uri: '/admin/articles', access: 'admin' },
    async (request, reply) => {
      const q = (request.query ?? {}) as Record<string, unknown>;
      const kind = ['post', 'doc', 'page'].includes(String(q.kind)) ? (q.kind as ArticleKind) : null;
      const status = ['draft', 'scheduled', 'published', 'unpublished'].includes(String(q.status))
        ? (q.status as ArticleStatus)
        : null;
      const folder = typeof q.folder === 'string' && /^\d{1,9}$/.test(q.folder) ? Number(q.folder) : null;
      const filters = { q: cleanQuery(q.q), folder, kind, status };
      const [items, folders] = await Promise.all([
        contentAdmin.listArticles({ ...filters, page: pageNumber(q.page) }),
        folderOptions(),
      ]);
      return render(reply, 'Admin/Articles/List', { items, filters, options: { folders } });
    },
  );

  route(
    { name: 'admin.articles.make', method: 'GET', uri: '/admin/articles/create', access: 'admin' },
    async (_r, reply) =>
      render(reply, 'Admin/Articles/Make', { article: null, options: { folders: await folderOptions() } }),
  );

  route(
    { name: 'admin.articles.edit', method: 'GET', uri: '/admin/articles/{article}/edit', access: 'admin' },
    async (request, reply) =>
      render(reply, 'Admin/Articles/Edit', {
        article: await contentAdmin.findArticleRow(idOf(request, 'article')),
        options: { folders: await folderOptions() },
      }),
  );

  route(
    { name: 'admin.articles.store', method: 'POST', uri: '/admin/articles', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(articleInput, request.body ?? {});
      const row = await contentAdmin.saveArticle(null, input, request.user!.id, auditActor(request));
      request.session.flash('success', `مطلب «${row.title}» ساخته شد.`);
      return reply.redirect(url('admin.articles.edit', { article: row.id }), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.articles.update', method: 'PUT', uri: '/admin/articles/{article}', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'article');
      await contentAdmin.findArticleRow(id);
      const input = await request.validate(articleInput, request.body ?? {});
      const row = await contentAdmin.saveArticle(id, input, request.user!.id, auditActor(request));
      request.session.flash('success', `مطلب «${row.title}» ذخیره شد.`);
      return reply.redirect(url('admin.articles.edit', { article: row.id }), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.articles.destroy', method: 'DELETE', uri: '/admin/articles/{article}', access: 'admin' },
    async (request, reply) => {
      const row = await contentAdmin.destroyArticle(idOf(request, 'article'), auditActor(request));
      request.session.flash('success', `مطلب «${row.title}» حذف شد.`);
      return reply.redirect(url('admin.articles.list'), 303);
    },
  );

  // ---- folders ----
  route(
    { name: 'admin.folders.list', method: 'GET', uri: '/admin/folders', access: 'admin' },
    async (_r, reply) =>
      render(reply, 'Admin/Folders/List', { folders: await contentAdmin.listFolderRows() }),
  );
  route(
    { name: 'admin.folders.make', method: 'GET', uri: '/admin/folders/create', access: 'admin' },
    async (_r, reply) =>
      render(reply, 'Admin/Folders/Make', { folder: null, options: { folders: await folderOptions() } }),
  );
  route(
    { name: 'admin.folders.edit', method: 'GET', uri: '/admin/folders/{folder}/edit', access: 'admin' },
    async (request, reply) =>
      render(reply, 'Admin/Folders/Edit', {
        folder: await contentAdmin.findFolderRow(idOf(request, 'folder')),
        options: { folders: await folderOptions() },
      }),
  );
  route(
    {
      name: 'admin.folders.sort',
      method: 'PATCH',
      uri: '/admin/folders/sort',
      access: 'admin',
      flashErrors: true,
    },
    async (request, reply) => {
      const input = await request.validate(sortInput, request.body ?? {});
      await contentAdmin.sort('folders', input.tree, auditActor(request));
      request.session.flash('success', 'ترتیب دسته‌ها ذخیره شد.');
      return reply.redirect(url('admin.folders.list'), 303);
    },
  );
  route(
    { name: 'admin.folders.store', method: 'POST', uri: '/admin/folders', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(folderInput, request.body ?? {});
      const row = await contentAdmin.saveFolder(null, input, auditActor(request));
      request.session.flash('success', `دستهٔ «${row.name}» ساخته شد.`);
      return reply.redirect(url('admin.folders.list'), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );
  route(
    { name: 'admin.folders.update', method: 'PUT', uri: '/admin/folders/{folder}', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'folder');
      await contentAdmin.findFolderRow(id);
      const input = await request.validate(folderInput, request.body ?? {});
      const row = await contentAdmin.saveFolder(id, input, auditActor(request));
      request.session.flash('success', `دستهٔ «${row.name}» ذخیره شد.`);
      return reply.redirect(url('admin.folders.list'), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );
  route(
    { name: 'admin.folders.destroy', method: 'DELETE', uri: '/admin/folders/{folder}', access: 'admin' },
    async (request, reply) => {
      const row = await contentAdmin.destroyFolder(idOf(request, 'folder'), auditActor(request));
      request.session.flash('success', `دستهٔ «${row.name}» حذف شد.`);
      return reply.redirect(url('admin.folders.list'), 303);
    },
  );

  // ---- menus ----
  const menuParents = async () =>
    (await contentAdmin.listMenus())
      .filter((m) => m.parent_id === null)
      .map((m) => ({ value: m.id, label: m.label, location: m.location }));
  route(
    { name: 'admin.menus.list', method: 'GET', uri: '/admin/menus', access: 'admin' },
    async (_r, reply) => render(reply, 'Admin/Menus/List', { menus: await contentAdmin.listMenus() }),
  );
  route(
    { name: 'admin.menus.make', method: 'GET', uri: '/admin/menus/create', access: 'admin' },
    async (_r, reply) =>
      render(reply, 'Admin/Menus/Make', { menu: null, options: { parents: await menuParents() } }),
  );
  route(
    { name: 'admin.menus.edit', method: 'GET', uri: '/admin/menus/{menu}/edit', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'menu');
      const menu = (await contentAdmin.listMenus()).find((m) => m.id === id);
      if (!menu) throw new ContentNotFoundError();
      return render(reply, 'Admin/Menus/Edit', {
        menu,
        options: { parents: (await menuParents()).filter((p) => p.value !== id) },
      });
    },
  );
  route(
    {
      name: 'admin.menus.sort',
      method: 'PATCH',
      uri: '/admin/menus/sort',
      access: 'admin',
      flashErrors: true,
    },
    async (request, reply) => {
      const input = await request.validate(sortInput, request.body ?? {});
      await contentAdmin.sort('menus', input.tree, auditActor(request));
      request.session.flash('success', 'ترتیب منو ذخیره شد.');
      return reply.redirect(url('admin.menus.list'), 303);
    },
  );
  route(
    { name: 'admin.menus.store', method: 'POST', uri: '/admin/menus', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(menuInput, request.body ?? {});
      const row = await contentAdmin.saveMenu(null, input, auditActor(request));
      request.session.flash('success', `آیتم «${row.label}» به منو افزوده شد.`);
      return reply.redirect(url('admin.menus.list'), 303);
    },
  );
  route(
    { name: 'admin.menus.update', method: 'PUT', uri: '/admin/menus/{menu}', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'menu');
      if (!(await contentAdmin.listMenus()).some((m) => m.id === id)) throw new ContentNotFoundError();
      const input = await request.validate(menuInput, request.body ?? {});
      const row = await contentAdmin.saveMenu(id, input, auditActor(request));
      request.session.flash('success', `آیتم «${row.label}» ذخیره شد.`);
      return reply.redirect(url('admin.menus.list'), 303);
    },
  );
  route(
    { name: 'admin.menus.destroy', method: 'DELETE', uri: '/admin/menus/{menu}', access: 'admin' },
    async (request, reply) => {
      const row = await contentAdmin.destroyMenu(idOf(request, 'menu'), auditActor(request));
      request.session.flash('success', `آیتم «${row.label}» از منو برداشته شد.`);
      return reply.redirect(url('admin.menus.list'), 303);
    },
  );

  // ---- links ----
  route(
    { name: 'admin.links.list', method: 'GET', uri: '/admin/links', access: 'admin' },
    async (_r, reply) => render(reply, 'Admin/Links/List', { links: await contentAdmin.listLinks() }),
  );
  route(
    { name: 'admin.links.make', method: 'GET', uri: '/admin/links/create', access: 'admin' },
    async (_r, reply) => render(reply, 'Admin/Links/Make', { link: null }),
  );
  route(
    { name: 'admin.links.edit', method: 'GET', uri: '/admin/links/{link}/edit', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'link');
      const link = (await contentAdmin.listLinks()).find((l) => l.id === id);
      if (!link) throw new ContentNotFoundError();
      return render(reply, 'Admin/Links/Edit', { link });
    },
  );
  route(
    {
      name: 'admin.links.sort',
      method: 'PATCH',
      uri: '/admin/links/sort',
      access: 'admin',
      flashErrors: true,
    },
    async (request, reply) => {
      const input = await request.validate(sortInput, request.body ?? {});
      await contentAdmin.sort('links', input.tree, auditActor(request));
      request.session.flash('success', 'ترتیب پیوندها ذخیره شد.');
      return reply.redirect(url('admin.links.list'), 303);
    },
  );
  route(
    { name: 'admin.links.store', method: 'POST', uri: '/admin/links', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(linkInput, request.body ?? {});
      const row = await contentAdmin.saveLink(null, input, auditActor(request));
      request.session.flash('success', `پیوند «${row.label}» ساخته شد.`);
      return reply.redirect(url('admin.links.list'), 303);
    },
  );
  route(
    { name: 'admin.links.update', method: 'PUT', uri: '/admin/links/{link}', access: 'admin' },
    async (request, reply) => {
      const id = idOf(request, 'link');
      if (!(await contentAdmin.listLinks()).some((l) => l.id === id)) throw new ContentNotFoundError();
      const input = await request.validate(linkInput, request.body ?? {});
      const row = await contentAdmin.saveLink(id, input, auditActor(request));
      request.session.flash('success', `پیوند «${row.label}» ذخیره شد.`);
      return reply.redirect(url('admin.links.list'), 303);
    },
  );
  route(
    { name: 'admin.links.destroy', method: 'DELETE', uri: '/admin/links/{link}', access: 'admin' },
    async (request, reply) => {
      const row = await contentAdmin.destroyLink(idOf(request, 'link'), auditActor(request));
      request.session.flash('success', `پیوند «${row.label}» حذف شد.`);
      return reply.redirect(url('admin.links.list'), 303);
    },
  );

  // ---- static pages ----
  route(
    { name: 'admin.page', method: 'GET', uri: '/admin/pages/{page?}', access: 'admin' },
    async (request, reply) => {
      const key = (request.params as { page?: string }).page ?? null;
      const pages = await contentAdmin.pageKeys();
      if (key === null) return render(reply, 'Admin/Page', { pages, page: null, revisions: [] });
      if (!pages.some((p) => p.key === key)) throw new ContentNotFoundError();
      const { page, revisions } = await contentAdmin.pageWithRevisions(key);
      const editors = await userNames(
        app.services.db,
        revisions.map((r) => r.editorId).filter((id): id is number => id !== null),
      );
      return render(reply, 'Admin/Page', {
        pages,
        page: {
          key: page.key,
          title: page.title,
          body: page.body,
          seo_title: page.seoTitle,
          seo_description: page.seoDescription,
          noindex: page.noindex,
          updated_at: page.updatedAt.toISOString(),
          url: pageUrl(page.key),
          campaign: page.key.startsWith('campaign:')
            ? {
                starts_on: page.startsAt ? tehranIsoDay(page.startsAt) : null,
                // ends_at is the midnight after the last day: the field shows the last day.
                ends_on: page.endsAt ? tehranIsoDay(new Date(page.endsAt.getTime() - 1)) : null,
              }
            : null,
        },
        revisions: revisions.map((r) => ({
          id: r.id,
          title: r.title,
          body: r.body,
          editor: r.editorId ? (editors.get(r.editorId)?.name ?? null) : null,
          created_at: r.createdAt.toISOString(),
        })),
      });
    },
  );

  route(
    { name: 'admin.page.update', method: 'PUT', uri: '/admin/pages/{page}', access: 'admin' },
    async (request, reply) => {
      const key = (request.params as { page: string }).page;
      const input = await request.validate(pageInput, request.body ?? {});
      const row = await contentAdmin.updatePage(key, input, request.user!.id, auditActor(request));
      request.session.flash('success', `صفحهٔ «${row.title}» ذخیره شد؛ نسخهٔ قبلی در تاریخچه مانده است.`);
      return reply.redirect(url('admin.page', { page: key }), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );
}
