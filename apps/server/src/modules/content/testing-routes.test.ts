import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { contentNow } from './clock';
import { articles } from './tables';

/**
 * The content fake clock (testing-routes.ts): off unless TESTING_HOOKS is on; when on, a post
 * scheduled for tomorrow is published by the job's own code at the time asked and is then on the
 * blog, the feed and the sitemap, which read the moved clock; `{at: null}` puts the clock back.
 */
describe(`/__testing/content/clock (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let off: Awaited<ReturnType<typeof createAuthTestApp>>;
  let on: Awaited<ReturnType<typeof createAuthTestApp>>;
  const tomorrow = new Date(Date.now() + 24 * 3600_000);

  beforeAll(async () => {
    off = await createAuthTestApp();
    on = await createAuthTestApp({ TESTING_HOOKS: 'true', APP_URL: 'https://renderfarm.example' });
    const [sample] = await on.database.db.select().from(articles).where(eq(articles.kind, 'post')).limit(1);
    const { id: _id, ...copy } = sample!;
    await on.database.db.insert(articles).values({
      ...copy,
      slug: 'fardaa-post',
      title: 'نوشتهٔ فردا',
      status: 'scheduled',
      publishedAt: tomorrow,
    });
  });
  afterAll(async () => {
    await on?.app.inject({ method: 'POST', url: '/__testing/content/clock', payload: { at: null } });
    await off?.close();
    await on?.close();
  });

  const clock = (t: typeof on, at: string | null | number) =>
    t.app.inject({ method: 'POST', url: '/__testing/content/clock', payload: { at } });
  const seen = async () => {
    const [blog, feed, sitemap] = await Promise.all(
      ['/blog', '/feed', '/sitemap.xml'].map((url) => on.app.inject({ method: 'GET', url })),
    );
    return [blog!.body, feed!.body, sitemap!.body].map((body) => body.includes('fardaa-post'));
  };

  it('does not exist unless TESTING_HOOKS is on (nothing published, the clock unmoved)', async () => {
    const res = await clock(off, new Date(tomorrow.getTime() + 60_000).toISOString());
    expect([404, 419]).toContain(res.statusCode);
    expect(Math.abs(contentNow().getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('publishes what is due at the time asked, and the public site shows it then', async () => {
    expect(await seen()).toEqual([false, false, false]);
    // Before its time the job leaves it scheduled.
    const early = await clock(on, new Date(tomorrow.getTime() - 60_000).toISOString());
    expect(early.json()).toEqual({ published: [] });
    expect(await seen()).toEqual([false, false, false]);

    const res = await clock(on, new Date(tomorrow.getTime() + 60_000).toISOString());
    expect(res.statusCode).toBe(200);
    expect(res.json().published).toHaveLength(1);
    const [row] = await on.database.db.select().from(articles).where(eq(articles.slug, 'fardaa-post'));
    expect(row!.status).toBe('published');
    expect(await seen()).toEqual([true, true, true]);

    // Back on the real clock, a post dated tomorrow is hidden again.
    expect((await clock(on, null)).statusCode).toBe(200);
    expect(await seen()).toEqual([false, false, false]);
  });

  it('answers bad input with 422', async () => {
    expect((await clock(on, 'soon')).statusCode).toBe(422);
    expect((await clock(on, 5)).statusCode).toBe(422);
  });
});
