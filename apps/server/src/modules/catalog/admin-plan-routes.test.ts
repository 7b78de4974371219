import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser as Browser, createAuthTestApp, type TestBrowser } from '../auth/test-support';
import { hardwareImages, hardwares, locations } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

const plan = (overrides: Record<string, unknown> = {}) => ({
  title: 'اقتصادی RTX 4070',
  slug: 'rtx-4070',
  gpu_model: 'NVIDIA GeForce RTX 4070',
  gpu_count: '1',
  vram_gb: '12',
  cpu_model: 'AMD Ryzen 7 7700',
  cpu_cores: '8',
  ram_gb: '32',
  disk_gb: '512',
  price_per_hour: '45000',
  setup_fee: '0',
  stock: '',
  per_user_limit: '',
  status: 'active',
  description: 'برای رندرهای سبک و دانشجویی.',
  sort: '5',
  image_ids: [1, 2],
  ...overrides,
});

/** Admin/Hardwares and Admin/Locations through their forms (docs/screens.md §6). */
describe(`admin: plans and locations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let customer: TestBrowser;
  const db = () => t.database.db;
  const as = async (email: string) => {
    const browser = new Browser(t, { ip: `10.40.0.${email.length}` });
    await browser.request('GET', '/login');
    await browser.request('POST', '/__testing/sign-in', { email });
    return browser;
  };
  const planCount = async () => (await db().select({ n: count() }).from(hardwares))[0]!.n;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await as('admin@renderfarm.test');
    customer = await as('customer@renderfarm.test');
  });
  afterAll(() => t.close());

  it('lists the plans with hosts and machines; customers cannot open it', async () => {
    const page = await admin.page('/admin/hardwares');
    expect(page.component).toBe('Admin/Hardwares/List');
    const rtx = page.props.hardwares.find((h: { slug: string }) => h.slug === 'rtx-4090');
    expect(rtx).toMatchObject({ status: 'active', price_per_hour: 950_000 });
    expect(rtx.hosts).toBeGreaterThan(0);
    expect(rtx.machines).toBeGreaterThan(0);
    expect((await customer.request('GET', '/admin/hardwares')).statusCode).toBe(404);
  });

  it('makes a plan from Toman and keeps Rial, with the images it offers', async () => {
    const res = await admin.post('/admin/hardwares', plan(), { referer: '/admin/hardwares/create' });
    expect(res.statusCode).toBe(303);
    const [row] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4070'));
    expect(row).toMatchObject({ pricePerHour: 450_000, status: 'active', stock: null, cpuCores: 8 });
    const offered = await db().select().from(hardwareImages).where(eq(hardwareImages.hardwareId, row!.id));
    expect(offered.map((o) => o.imageId).sort()).toEqual([1, 2]);
    const edit = await admin.page(`/admin/hardwares/${row!.id}/edit`);
    expect(edit.props.hardware).toMatchObject({
      slug: 'rtx-4070',
      price_per_hour: 45_000,
      image_ids: [1, 2],
    });
  });

  it('refuses bad input under each field in Persian and changes nothing', async () => {
    const before = await planCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ slug: 'rtx-4090' }, 'slug'],
      [{ slug: 'RTX 4090!' }, 'slug'],
      [{ title: '' }, 'title'],
      [{ price_per_hour: '-5' }, 'price_per_hour'],
      [{ gpu_count: 'دو' }, 'gpu_count'],
      [{ status: 'deleted' }, 'status'],
      [{ disk_gb: '1' }, 'disk_gb'],
    ];
    for (const [overrides, field] of cases) {
      await admin.post('/admin/hardwares', plan({ slug: 'new-plan', ...overrides }), {
        referer: '/admin/hardwares/create',
      });
      const errors = await admin.errorsOn('/admin/hardwares/create');
      expect(errors[field], JSON.stringify(overrides)).toMatch(PERSIAN);
    }
    expect(await planCount()).toBe(before);
  });

  it('changes a price for new machines only, and archives rather than deletes a plan in use', async () => {
    const [rtx] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
    const edit = await admin.page(`/admin/hardwares/${rtx!.id}/edit`);
    const values = { ...edit.props.hardware, price_per_hour: 99_000 };
    await admin.request('PUT', `/admin/hardwares/${rtx!.id}`, values, {
      referer: `/admin/hardwares/${rtx!.id}/edit`,
    });
    expect((await db().select().from(hardwares).where(eq(hardwares.id, rtx!.id)))[0]!.pricePerHour).toBe(
      990_000,
    );

    await admin.request('DELETE', `/admin/hardwares/${rtx!.id}`, {}, { referer: '/admin/hardwares' });
    expect((await admin.errorsOn('/admin/hardwares')).delete).toMatch(/بایگانی/);
    expect((await db().select().from(hardwares).where(eq(hardwares.id, rtx!.id)))[0]).toBeDefined();

    const [unused] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4070'));
    await admin.request('DELETE', `/admin/hardwares/${unused!.id}`, {}, { referer: '/admin/hardwares' });
    expect(await db().select().from(hardwares).where(eq(hardwares.id, unused!.id))).toEqual([]);
    expect((await admin.request('GET', '/admin/hardwares/999999/edit')).statusCode).toBe(404);
    expect((await admin.request('GET', '/admin/hardwares/abc/edit')).statusCode).toBe(404);
  });

  it('makes and edits a location; one with hosts is not deleted', async () => {
    await admin.post('/admin/locations', {
      code: 'shz1',
      name: 'شیراز ۱',
      city: 'شیراز',
      country: 'ایران',
      is_active: true,
      sort: '4',
    });
    const [shiraz] = await db().select().from(locations).where(eq(locations.code, 'shz1'));
    expect(shiraz).toMatchObject({ name: 'شیراز ۱', isActive: true });
    await admin.post(
      '/admin/locations',
      { code: 'thr1', name: 'تکراری', city: 'تهران' },
      { referer: '/admin/locations/create' },
    );
    expect((await admin.errorsOn('/admin/locations/create')).code).toMatch(PERSIAN);
    await admin.post(
      '/admin/locations',
      { code: '1 bad', name: 'x', city: '' },
      { referer: '/admin/locations/create' },
    );
    const errors = await admin.errorsOn('/admin/locations/create');
    expect(errors.code).toMatch(PERSIAN);
    expect(errors.name).toMatch(PERSIAN);
    expect(errors.city).toMatch(PERSIAN);

    const list = await admin.page('/admin/locations');
    const tehran = list.props.locations.find((l: { code: string }) => l.code === 'thr1');
    expect(tehran.hosts).toBeGreaterThan(0);
    await admin.request('DELETE', `/admin/locations/${tehran.id}`, {}, { referer: '/admin/locations' });
    expect((await admin.errorsOn('/admin/locations')).delete).toMatch(/غیرفعال/);

    await admin.request('PUT', `/admin/locations/${shiraz!.id}`, {
      code: 'shz1',
      name: 'شیراز مرکزی',
      city: 'شیراز',
      is_active: false,
      sort: '4',
    });
    expect((await db().select().from(locations).where(eq(locations.id, shiraz!.id)))[0]).toMatchObject({
      name: 'شیراز مرکزی',
      isActive: false,
    });
    await admin.request('DELETE', `/admin/locations/${shiraz!.id}`, {}, { referer: '/admin/locations' });
    expect(await db().select().from(locations).where(eq(locations.id, shiraz!.id))).toEqual([]);
  });
});
