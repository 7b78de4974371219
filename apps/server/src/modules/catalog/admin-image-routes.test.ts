import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { orderingCatalog } from './placement';
import { images } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** The software images in the images group of Admin/Configs (`admin.images.store|update`). */
describe(`admin: software images (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let care: TestBrowser;
  const db = () => t.database.db;

  const signedIn = async (email: string, ip: string) => {
    const browser = new TestBrowser(t, { ip });
    await browser.request('GET', '/login');
    await browser.request('POST', '/__testing/sign-in', { email });
    return browser;
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signedIn('admin@renderfarm.test', '10.81.0.1');
    care = await signedIn('care@renderfarm.test', '10.81.0.2');
  });
  afterAll(() => t.close());

  it('lists every image on «تنظیمات سایت» with the plans that offer it and the machines made from it', async () => {
    const page = await admin.page('/admin/configs');
    const blender = page.props.images.find(
      (i: { driver_ref: string }) => i.driver_ref === 'win2022-blender-42',
    );
    expect(blender).toMatchObject({ name: 'Blender', is_active: true });
    expect(blender.software).toContain('Blender 4.2 LTS');
    // The demo customer's Blender machine is one.
    expect(blender.machines).toBeGreaterThanOrEqual(1);
  });

  it('adds an image from one typed line of software, and Make offers it at once', async () => {
    const res = await admin.request(
      'POST',
      '/admin/configs/images',
      {
        name: 'Houdini و Karma',
        os: 'Windows Server 2022',
        software: 'Houdini 20.5، Karma XPU, Karma XPU,\nRedshift 3.6',
        driver_ref: 'win2022-houdini-20',
        is_active: '1',
        sort: '۷',
      },
      { referer: '/admin/configs' },
    );
    expect(res.statusCode).toBe(303);
    const [row] = await db().select().from(images).where(eq(images.driverRef, 'win2022-houdini-20'));
    expect(row).toMatchObject({
      software: ['Houdini 20.5', 'Karma XPU', 'Redshift 3.6'],
      sort: 7,
      isActive: true,
    });
    expect((await orderingCatalog(db())).images.map((i) => i.name)).toContain('Houdini و Karma');

    // Deactivated: kept (machines may point at it), no longer offered.
    await admin.request(
      'PUT',
      `/admin/configs/images/${row!.id}`,
      { name: row!.name, os: row!.os, software: row!.software, driver_ref: row!.driverRef, sort: '7' },
      { referer: '/admin/configs' },
    );
    expect((await db().select().from(images).where(eq(images.id, row!.id)))[0]!.isActive).toBe(false);
    expect((await orderingCatalog(db())).images.map((i) => i.name)).not.toContain('Houdini و Karma');
  });

  it('refuses a missing name, a template id with spaces, a template another image has, under the field', async () => {
    const before = (await db().select().from(images)).length;
    for (const [body, field] of [
      [{ name: '', os: 'Windows', software: '', driver_ref: 'x1' }, 'name'],
      [{ name: 'تست', os: 'Windows', software: '', driver_ref: 'قالب من' }, 'driver_ref'],
      [{ name: 'تست', os: 'Windows', software: '', driver_ref: 'win2022-blender-42' }, 'driver_ref'],
      [{ name: 'تست', os: '', software: '', driver_ref: 'x2' }, 'os'],
    ] as const) {
      await admin.request('POST', '/admin/configs/images', body, { referer: '/admin/configs' });
      expect((await admin.errorsOn('/admin/configs'))[field], JSON.stringify(body)).toMatch(PERSIAN);
    }
    expect((await db().select().from(images)).length).toBe(before);
    const missing = await admin.request('PUT', '/admin/configs/images/999999', {
      name: 'تست',
      os: 'Windows',
      software: '',
      driver_ref: 'x3',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const res = await care.request('POST', '/admin/configs/images', {
      name: 'تست',
      os: 'Windows',
      software: '',
      driver_ref: 'x4',
    });
    expect([403, 404]).toContain(res.statusCode);
    expect((await db().select().from(images).where(eq(images.driverRef, 'x4'))).length).toBe(0);
  });
});
