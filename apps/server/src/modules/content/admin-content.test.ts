import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../platform/jobs/worker';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from '../auth/test-support';
import { articles, folders, menus, pageRevisions, pages } from './tables';
import { XSS_VECTORS } from './xss-vectors';

const SITE = 'https://renderfarm.example';
const PERSIAN = /[\u0600-\u06FF]/;
type T = Awaited<ReturnType<typeof createAuthTestApp>>;

const POST = {
  title: 'نوشتهٔ آزمایشی',
  slug: 'test-post',
  kind: 'post',
  folder_id: null as number | null,
  excerpt: 'خلاصه',
  body: '<p>متن</p>',
  status: 'draft',
  published_at: null as string | null,
  noindex: false,
};

describe('admin content screens', () => {
  let t: T;
  let admin: TestBrowser;
  let newsId: number;
  let guidesId: number;
  beforeAll(async () => {
    t = await createAuthTestApp({ APP_URL: SITE });
    admin = await logIn(t, 'admin@renderfarm.test');
    const rows = await t.database.db.select().from(folders);
    newsId = rows.find((f) => f.slug === 'news')!.id;
    guidesId = rows.find((f) => f.slug === 'guides')!.id;
  });
  afterAll(() => t.close());

  const send = async (
    method: 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    body: unknown,
    from: string,
  ) => {
    await admin.page(from);
    const res = await admin.request(method, url, body, { referer: from });
    return { res, errors: (await admin.page(from)).props.errors as Record<string, string> };
  };
  const article = async (slug: string) =>
    (await t.database.db.select().from(articles).where(eq(articles.slug, slug)))[0];

  it('stores every OWASP vector saved as a body without anything that runs', async () => {
    const body = XSS_VECTORS.join('\n<p>میان</p>\n');
    const { res } = await send(
      'POST',
      '/admin/articles',
      { ...POST, slug: 'xss', body },
      '/admin/articles/create',
    );
    expect(res.statusCode).toBe(303);
    const stored = (await article('xss'))!.body;
    expect(stored).toContain('<p>میان</p>');
    expect(stored).not.toMatch(/<\s*(script|style|svg|math|object|embed|base|meta|link|form|body|frame)/i);
    expect(stored).not.toMatch(/\son[a-z]+\s*=/i);
    expect(stored).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript)/i);
    expect(stored).not.toMatch(/style\s*=/i);
    // The static page form sanitises the same way.
    await send('PUT', '/admin/pages/about', { title: 'درباره ما', body }, '/admin/pages/about');
    const about = (await t.database.db.select().from(pages).where(eq(pages.key, 'about')))[0]!;
    // Text that reads «javascript:» is only text; no attribute carries it.
    expect(about.body).not.toMatch(/<\s*script|\son[a-z]+\s*=|=\s*"\s*javascript:/i);
    expect(about.body).toBe(stored);
  });

  it('refuses bad slugs, a taken slug and a doc outside the docs folders, saving nothing', async () => {
    const before = (await t.database.db.select().from(articles)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'with space' }, 'slug'],
      [{ slug: 'a/b' }, 'slug'],
      [{ slug: '-edge-' }, 'slug'],
      [{ slug: 'vray-vs-corona' }, 'slug'],
      [{ slug: 'doc-x', kind: 'doc', folder_id: newsId }, 'folder_id'],
      [{ slug: 'post-x', folder_id: guidesId }, 'folder_id'],
      [
        { slug: 'sched', status: 'scheduled', published_at: new Date(Date.now() - 60_000).toISOString() },
        'published_at',
      ],
      [{ slug: 'no-title', title: '   ' }, 'title'],
    ];
    for (const [patch, field] of cases) {
      const { errors } = await send(
        'POST',
        '/admin/articles',
        { ...POST, ...patch },
        '/admin/articles/create',
      );
      expect(Object.keys(errors), JSON.stringify(patch)).toContain(field);
      expect(errors[field]).toMatch(PERSIAN);
    }
    expect((await t.database.db.select().from(articles)).length).toBe(before);
    // A Persian slug is fine.
    const { res } = await send(
      'POST',
      '/admin/articles',
      { ...POST, slug: 'رندر-شبانه-۲' },
      '/admin/articles/create',
    );
    expect(res.statusCode).toBe(303);
  });

  it('a scheduled post appears on Blog only after the publish job runs at its time', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const { res } = await send(
      'POST',
      '/admin/articles',
      {
        ...POST,
        slug: 'scheduled-post',
        title: 'نوشتهٔ زمان‌بندی‌شده',
        folder_id: newsId,
        status: 'scheduled',
        published_at: at.toISOString(),
      },
      '/admin/articles/create',
    );
    expect(res.statusCode).toBe(303);
    const guest = await newBrowser(t);
    expect((await guest.request('GET', '/blog/scheduled-post')).statusCode).toBe(404);
    // Nothing is due yet.
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    expect((await article('scheduled-post'))!.status).toBe('scheduled');
    // An hour later (the worker's clock) the job publishes it; the publish time has come for readers too.
    await t.database.db
      .update(articles)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(articles.slug, 'scheduled-post'));
    await createWorker({
      db: t.database.db,
      handlers: t.app.jobHandlers,
      clock: () => new Date(at.getTime() + 1000),
    }).drain();
    expect((await article('scheduled-post'))!.status).toBe('published');
    const blog = await guest.page('/blog');
    expect(blog.props.items.data.map((p: { slug: string }) => p.slug)).toContain('scheduled-post');
  });

  it('changing a published slug leaves a 301 from the old URL', async () => {
    const row = (await article('night-discount'))!;
    const page = await admin.page(`/admin/articles/${row.id}/edit`);
    const current = page.props.article;
    const { res } = await send(
      'PUT',
      `/admin/articles/${row.id}`,
      { ...current, slug: 'cheap-night-render', published_at: current.published_at },
      `/admin/articles/${row.id}/edit`,
    );
    expect(res.statusCode).toBe(303);
    const guest = await newBrowser(t);
    const old = await guest.request('GET', '/blog/night-discount?utm_source=x');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/blog/cheap-night-render?utm_source=x');
    expect((await guest.request('GET', '/blog/cheap-night-render')).statusCode).toBe(200);
    // Renaming again points the first old URL straight at the newest (no chain).
    await send(
      'PUT',
      `/admin/articles/${row.id}`,
      { ...current, slug: 'night-render', published_at: current.published_at },
      `/admin/articles/${row.id}/edit`,
    );
    expect((await guest.request('GET', '/blog/night-discount')).headers.location).toBe('/blog/night-render');
    expect((await guest.request('GET', '/blog/cheap-night-render')).headers.location).toBe(
      '/blog/night-render',
    );
  });

  it('refuses a folder under its own child, a taken slug, and deleting a folder with articles', async () => {
    const gettingStarted = (
      await t.database.db.select().from(folders).where(eq(folders.slug, 'getting-started'))
    )[0]!;
    const move = await send(
      'PUT',
      `/admin/folders/${guidesId}`,
      { name: 'راهنما', slug: 'guides', kind: 'docs', parent_id: gettingStarted.id },
      `/admin/folders/${guidesId}/edit`,
    );
    expect(move.errors.parent_id).toMatch(PERSIAN);
    const self = await send(
      'PUT',
      `/admin/folders/${guidesId}`,
      { name: 'راهنما', slug: 'guides', kind: 'docs', parent_id: guidesId },
      `/admin/folders/${guidesId}/edit`,
    );
    expect(self.errors.parent_id).toMatch(PERSIAN);
    const taken = await send(
      'POST',
      '/admin/folders',
      { name: 'تکراری', slug: 'news', kind: 'blog' },
      '/admin/folders/create',
    );
    expect(taken.errors.slug).toMatch(PERSIAN);
    const spaced = await send(
      'POST',
      '/admin/folders',
      { name: 'فاصله', slug: 'a b', kind: 'blog' },
      '/admin/folders/create',
    );
    expect(spaced.errors.slug).toMatch(PERSIAN);
    const full = await send('DELETE', `/admin/folders/${newsId}`, {}, '/admin/folders');
    expect(full.errors.delete).toMatch(PERSIAN);
    expect((await t.database.db.select().from(folders).where(eq(folders.id, newsId))).length).toBe(1);
    const made = await send(
      'POST',
      '/admin/folders',
      { name: 'خالی', slug: 'empty', kind: 'blog' },
      '/admin/folders/create',
    );
    expect(made.res.statusCode).toBe(303);
    const empty = (await t.database.db.select().from(folders).where(eq(folders.slug, 'empty')))[0]!;
    const gone = await send('DELETE', `/admin/folders/${empty.id}`, {}, '/admin/folders');
    expect(gone.res.statusCode).toBe(303);
    expect((await t.database.db.select().from(folders).where(eq(folders.id, empty.id))).length).toBe(0);
  });

  it('a menu reorder shows in the header at once; a javascript: menu URL is refused', async () => {
    const header = (await t.database.db.select().from(menus).where(eq(menus.location, 'header'))).filter(
      (m) => m.parentId === null,
    );
    const reversed = [...header]
      .sort((a, b) => b.sort - a.sort)
      .map((m, i) => ({ id: m.id, parent_id: null, sort: i + 1 }));
    const guest = await newBrowser(t);
    const first = (await guest.page('/about')).props.menus.header[0].label;
    const { res } = await send('PATCH', '/admin/menus/sort', { tree: reversed }, '/admin/menus');
    expect(res.statusCode).toBe(303);
    const labels = (await guest.page('/about')).props.menus.header.map((m: { label: string }) => m.label);
    expect(labels[0]).toBe('پشتیبانی');
    expect(labels[labels.length - 1]).toBe(first);
    const bad = await send(
      'POST',
      '/admin/menus',
      { location: 'header', label: 'بد', url: 'javascript:alert(1)', is_active: true },
      '/admin/menus/create',
    );
    expect(bad.errors.url).toMatch(PERSIAN);
    const badLink = await send(
      'POST',
      '/admin/links',
      { group: 'footer', label: 'بد', url: 'data:text/html,x', is_active: true },
      '/admin/links/create',
    );
    expect(badLink.errors.url).toMatch(PERSIAN);
  });

  it('shows a campaign in menus and footer only during its run, set in days; its page says when it is over', async () => {
    const db = t.database.db;
    const tehranDay = (offsetDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(
        new Date(Date.now() + offsetDays * 86_400_000),
      );
    await db
      .insert(menus)
      .values({ location: 'header', label: 'جشنوارهٔ نوروزی', url: '/campaign/nowruz', sort: 9 });
    await t.app.services.cache.forget('menus');
    const guest = await newBrowser(t);
    const shows = async () => {
      const props = (await guest.page('/about')).props;
      const urls = [...props.menus.header, ...props.menus.footer, ...props.links.footer].map(
        (i: { url: string }) => i.url,
      );
      return urls.includes('/campaign/nowruz');
    };
    const from = '/admin/pages/campaign:nowruz';
    const save = (starts_on: string, ends_on: string) =>
      send('PUT', from, { title: 'جشنوارهٔ نوروزی رندر', body: '<p>هدیه</p>', starts_on, ends_on }, from);

    // Ended: out of the menus and the footer; the page still answers and says so, without plans.
    expect((await save(tehranDay(-40), tehranDay(-10))).res.statusCode).toBe(303);
    expect(await shows()).toBe(false);
    let landing = (await guest.page('/campaign/nowruz')).props;
    expect(landing.campaign).toEqual({ state: 'ended', first_day: tehranDay(-40), last_day: tehranDay(-10) });
    expect(landing.plans).toEqual([]);
    // The editor shows the days back as they were chosen.
    expect((await admin.page(from)).props.page.campaign).toEqual({
      starts_on: tehranDay(-40),
      ends_on: tehranDay(-10),
    });

    // Running, its last day today included.
    await save(tehranDay(-1), tehranDay(0));
    expect(await shows()).toBe(true);
    landing = (await guest.page('/campaign/nowruz')).props;
    expect(landing.campaign.state).toBe('running');
    expect(landing.plans.length).toBeGreaterThan(0);

    // Not begun yet.
    await save(tehranDay(3), tehranDay(30));
    expect(await shows()).toBe(false);
    expect((await guest.page('/campaign/nowruz')).props.campaign.state).toBe('upcoming');

    // An end before the start is refused in Persian, and nothing changes.
    const before = (await db.select().from(pages).where(eq(pages.key, 'campaign:nowruz')))[0]!;
    const refused = await save(tehranDay(5), tehranDay(4));
    expect(refused.errors.ends_on).toMatch(PERSIAN);
    const after = (await db.select().from(pages).where(eq(pages.key, 'campaign:nowruz')))[0]!;
    expect([after.startsAt, after.endsAt]).toEqual([before.startsAt, before.endsAt]);
    // Another page has no run: its days are not kept.
    await send(
      'PUT',
      '/admin/pages/about',
      { title: 'درباره ما', body: '<p>ما</p>', starts_on: tehranDay(0) },
      '/admin/pages/about',
    );
    const about = (await db.select().from(pages).where(eq(pages.key, 'about')))[0]!;
    expect(about.startsAt).toBeNull();
    expect((await admin.page('/admin/pages/about')).props.page.campaign).toBeNull();
  });

  it('a static page update keeps the previous version as a revision', async () => {
    const before = (await t.database.db.select().from(pages).where(eq(pages.key, 'terms')))[0]!;
    const { res } = await send(
      'PUT',
      '/admin/pages/terms',
      {
        title: 'قوانین تازه',
        body: '<p>متن تازه</p><script>x</script>',
        seo_title: '',
        seo_description: 'شرایط',
      },
      '/admin/pages/terms',
    );
    expect(res.statusCode).toBe(303);
    const after = (await t.database.db.select().from(pages).where(eq(pages.key, 'terms')))[0]!;
    expect(after.title).toBe('قوانین تازه');
    expect(after.body).toBe('<p>متن تازه</p>');
    const revisions = await t.database.db
      .select()
      .from(pageRevisions)
      .where(eq(pageRevisions.pageKey, 'terms'));
    expect(revisions.map((r) => r.body)).toEqual([before.body]);
    const page = await admin.page('/admin/pages/terms');
    expect(page.props.revisions[0].editor).toBe('مدیر سامانه');
    expect((await admin.request('GET', '/admin/pages/nothing')).statusCode).toBe(404);
    const guest = await newBrowser(t);
    expect((await guest.page('/terms-of-service')).props.page.title).toBe('قوانین تازه');
  });
});
