import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { walletTransactions } from '../billing/tables';
import { postLedgerEntry } from '../billing/wallet';
import { locations } from '../catalog/tables';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
import { GB } from './service';
import { driveEntries, drives, driveUploads } from './tables';

const PRICE = 30_000; // the demo's drive_price_per_gb_month (Rial)
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Drives in the panel (issue 14): the rules of create/grow/delete/attach, folders, tus uploads, signed ranged downloads. */
describe(`panel: drives (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let other: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;

  const balance = async () => (await db().select().from(users).where(eq(users.id, customerId)))[0]!.balance;
  const setBalance = async (target: number) => {
    const now = await balance();
    if (now === target) return;
    await postLedgerEntry(db(), {
      userId: customerId,
      type: 'adjustment',
      amount: target - now,
      description: 'test',
      idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
      allowNegative: true,
    });
  };
  const locationId = async (code: string) =>
    (await db().select().from(locations).where(eq(locations.code, code)))[0]!.id;
  const driveCount = async () =>
    (
      await db().select({ n: sql<number>`count(*)::int` }).from(drives).where(eq(drives.userId, customerId))
    )[0]!.n;
  const driveLedger = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(walletTransactions)
        .where(and(eq(walletTransactions.userId, customerId), eq(walletTransactions.type, 'drive')))
    )[0]!.n;
  const errorsAfter = async (browser: TestBrowser) => (await browser.page('/panel/drives')).props.errors;

  const create = (browser: TestBrowser, body: Record<string, unknown>) => browser.post('/panel/drives', body);

  const tusCreate = (browser: TestBrowser, drive: string, headers: Record<string, string>) =>
    browser.request('POST', `/panel/drives/${drive}/files`, undefined, {
      'tus-resumable': '1.0.0',
      ...headers,
    });
  const tusPatch = (browser: TestBrowser, location: string, offset: number, bytes: Buffer) =>
    browser.request('PATCH', location, bytes, {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    });
  const metadata = (name: string, path = '') => `filename ${b64(name)},path ${b64(path)}`;

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.14.0.1' });
    other = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.14.0.2' });
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
  });
  afterAll(() => t.close());

  it('lists the demo drives with the price, active locations and the limit', async () => {
    const page = await customer.page('/panel/drives');
    expect(page.component).toBe('Panel/Drives/List');
    expect(page.props.drives.map((d: { name: string }) => d.name)).toEqual([
      'پروژهٔ ویلای شمال',
      'آرشیو رندرها',
    ]);
    expect(page.props.drives[0]).toMatchObject({ size_gb: 50, monthly_price: 50 * PRICE, status: 'active' });
    expect(page.props.price_per_gb_month).toBe(PRICE);
    expect(page.props.locations.map((l: { id: number }) => l.id)).not.toContain(await locationId('mhd1'));
    expect(page.props.limits).toEqual({ max_drive_gb: 2000, used_gb: 60 });
    // The signed download route is never in a client's route list.
    expect(Object.keys(page.props.routes.routes ?? page.props.routes)).not.toContain('drives.file');
  });

  it('creates a drive: one month charged once under the key drive:{drive}:1', async () => {
    await setBalance(10_000_000);
    const res = await create(customer, {
      name: 'صحنه‌های تست',
      size_gb: '۱۰',
      location_id: await locationId('thr1'),
    });
    expect(res.statusCode).toBe(303);
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    expect(drive).toMatchObject({ sizeGb: 10, status: 'active', period: 1, usedBytes: 0 });
    expect(await balance()).toBe(10_000_000 - 10 * PRICE);
    const [entry] = await db()
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, `drive:${drive!.uuid}:1`));
    expect(entry).toMatchObject({ type: 'drive', amount: -10 * PRICE });
  });

  it.each([
    ['zero', { size_gb: 0 }, 'size_gb', /بیشتر از صفر/],
    ['fractional', { size_gb: '1.5' }, 'size_gb', /عددی صحیح/],
    ['over the max_drive_gb left', { size_gb: 1990 }, 'size_gb', /حداکثر فضای ذخیره‌سازی/],
    ['an inactive location', { location: 'mhd1' }, 'location_id', /دیتاسنتر/],
  ])('refuses %s with a Persian field error and changes nothing', async (_what, change, field, message) => {
    await setBalance(1_000_000_000);
    const before = { drives: await driveCount(), ledger: await driveLedger(), balance: await balance() };
    const { location, ...rest } = change as { location?: string };
    const res = await create(customer, {
      name: 'فضای رد‌شده',
      size_gb: 5,
      location_id: await locationId(location ?? 'thr1'),
      ...rest,
    });
    expect(res.statusCode).toBe(303);
    const errors = await errorsAfter(customer);
    expect(errors[field]).toMatch(message);
    expect({ drives: await driveCount(), ledger: await driveLedger(), balance: await balance() }).toEqual(
      before,
    );
  });

  it('refuses a drive when the balance is under one month of it', async () => {
    await setBalance(5 * PRICE - 1);
    const before = await driveCount();
    await create(customer, { name: 'فضای گران', size_gb: 5, location_id: await locationId('thr1') });
    expect((await errorsAfter(customer)).size_gb).toMatch(/بهای یک ماه/);
    expect(await driveCount()).toBe(before);
    expect(await balance()).toBe(5 * PRICE - 1);
  });

  it('grows (the rest of the period charged once), refuses shrinking', async () => {
    await setBalance(10_000_000);
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    // Half the period is left.
    const half = 15 * 24 * 3600 * 1000;
    await db()
      .update(drives)
      .set({ periodStartedAt: new Date(Date.now() - half), paidUntil: new Date(Date.now() + half) })
      .where(eq(drives.id, drive!.id));
    const shrink = await customer.request('PATCH', `/panel/drives/${drive!.uuid}`, {
      name: 'صحنه‌های تست',
      size_gb: 5,
    });
    expect(shrink.statusCode).toBe(303);
    expect((await errorsAfter(customer)).size_gb).toMatch(/کم کرد/);
    const grow = await customer.request('PATCH', `/panel/drives/${drive!.uuid}`, {
      name: 'صحنه‌های تست',
      size_gb: 20,
    });
    expect(grow.statusCode).toBe(303);
    const charged = 10_000_000 - (await balance());
    // 10 GB more for about half a period.
    expect(Math.abs(charged - 5 * PRICE)).toBeLessThan(100);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.sizeGb).toBe(20);
  });

  it('attaches only to a stopped machine in the same location; an attached drive is not deleted', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const own = await db().select().from(instances).where(eq(instances.userId, customerId));
    const running = own.find((m) => m.status === 'ready' && m.power === 'running');
    const stopped = own.find((m) => m.status === 'ready' && m.power === 'stopped');
    expect(running && stopped).toBeTruthy();
    // Both in the drive's location, so power is what refuses.
    await db().update(instances).set({ locationId: drive!.locationId }).where(eq(instances.id, running!.id));
    await db().update(instances).set({ locationId: drive!.locationId }).where(eq(instances.id, stopped!.id));

    await customer.post(`/panel/drives/${drive!.uuid}/attach`, { instance: running!.uuid });
    expect((await errorsAfter(customer)).instance).toMatch(/خاموش/);

    const elsewhere = await locationId('tbz1');
    await db().update(instances).set({ locationId: elsewhere }).where(eq(instances.id, stopped!.id));
    await customer.post(`/panel/drives/${drive!.uuid}/attach`, { instance: stopped!.uuid });
    expect((await errorsAfter(customer)).instance).toMatch(/همان دیتاسنتر/);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.instanceId).toBeNull();

    await db().update(instances).set({ locationId: drive!.locationId }).where(eq(instances.id, stopped!.id));
    const ok = await customer.post(`/panel/drives/${drive!.uuid}/attach`, { instance: stopped!.uuid });
    expect(ok.statusCode).toBe(303);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.instanceId).toBe(
      stopped!.id,
    );

    await customer.request('DELETE', `/panel/drives/${drive!.uuid}`, { confirm_name: 'صحنه‌های تست' });
    expect((await errorsAfter(customer)).confirm_name).toMatch(/جدا کنید/);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.status).toBe('active');

    const page = await customer.page('/panel/drives');
    expect(page.props.drives.find((d: { uuid: string }) => d.uuid === drive!.uuid).machine).toMatchObject({
      uuid: stopped!.uuid,
    });
    expect((await customer.post(`/panel/drives/${drive!.uuid}/detach`)).statusCode).toBe(303);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.instanceId).toBeNull();
  });

  it('makes folders; refuses .., / in a name, NUL, reserved Windows names and an existing name', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const url = `/panel/drives/${drive!.uuid}/folders`;
    expect((await customer.post(url, { path: '', name: 'صحنه‌ها' })).statusCode).toBe(303);
    expect((await customer.post(url, { path: 'صحنه‌ها', name: 'خانهٔ باغ' })).statusCode).toBe(303);
    const show = await customer.page(`/panel/drives/${drive!.uuid}?path=${encodeURIComponent('صحنه‌ها')}`);
    expect(show.props.folders.map((f: { name: string }) => f.name)).toEqual(['خانهٔ باغ']);
    expect(show.props.breadcrumb).toEqual([{ name: 'صحنه‌ها', path: 'صحنه‌ها' }]);

    const before = (await db().select().from(driveEntries).where(eq(driveEntries.driveId, drive!.id))).length;
    for (const [path, name, pattern] of [
      ['', '..', /«\.»/],
      ['', 'a/b', /نویسه/],
      ['', 'bad\u0000name', /نویسه/],
      ['', 'CON', /رزرو/],
      ['', 'nul.txt', /رزرو/],
      ['', 'صحنه‌ها', /همین‌جا هست/],
    ] as const) {
      await customer.post(url, { path, name });
      const errors = await customer.errorsOn(`/panel/drives/${drive!.uuid}`);
      expect(errors.name, name).toMatch(pattern);
    }
    // A path climbing out is not a folder of this drive.
    const climb = await customer.post(url, { path: '../صحنه‌ها', name: 'x' });
    expect([303, 404, 422]).toContain(climb.statusCode);
    expect((await db().select().from(driveEntries).where(eq(driveEntries.driveId, drive!.id))).length).toBe(
      before,
    );
  });

  it('uploads with tus: creation reserves, PATCH takes bytes, the finish stores the file with its SHA-256; a wrong offset is 409', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const bytes = randomBytes(300_000);
    const created = await tusCreate(customer, drive!.uuid, {
      'upload-length': String(bytes.length),
      'upload-metadata': metadata('نقشهٔ طبقه‌ها.max', 'صحنه‌ها'),
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^/panel/drives/${drive!.uuid}/files/[0-9a-f]{32}$`));
    expect(created.headers['upload-expires']).toBeTruthy();
    const page = await customer.page(`/panel/drives/${drive!.uuid}`);
    expect(page.props.drive.reserved_bytes).toBe(bytes.length);

    const first = await tusPatch(customer, location, 0, bytes.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');
    const head = await customer.request('HEAD', location, undefined, { 'tus-resumable': '1.0.0' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100000');
    expect(head.headers['upload-length']).toBe(String(bytes.length));

    const wrong = await tusPatch(customer, location, 50_000, bytes.subarray(50_000, 60_000));
    expect(wrong.statusCode).toBe(409);
    // Another user never reaches someone's upload.
    expect((await tusPatch(other, location, 100_000, bytes.subarray(100_000))).statusCode).toBe(404);

    const last = await tusPatch(customer, location, 100_000, bytes.subarray(100_000));
    expect(last.statusCode).toBe(204);
    expect(last.headers['x-checksum-sha256']).toBe(sha(bytes));
    const [entry] = await db()
      .select()
      .from(driveEntries)
      .where(and(eq(driveEntries.driveId, drive!.id), eq(driveEntries.path, 'صحنه‌ها/نقشهٔ طبقه‌ها.max')));
    expect(entry).toMatchObject({ kind: 'file', size: bytes.length, sha256: sha(bytes) });
    const after = (await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!;
    expect(after.usedBytes).toBe(bytes.length);
    expect((await customer.page(`/panel/drives/${drive!.uuid}`)).props.drive.reserved_bytes).toBe(0);
    // The staging file moved into the object storage.
    const staged = await readdir(join(t.storageDir, 'staging/drive-uploads')).catch(() => []);
    expect(staged.filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('refuses an upload past the quota with 413 at creation (nothing reserved), and missing or negative Upload-Length', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const uploads = async () =>
      (await db().select().from(driveUploads).where(eq(driveUploads.driveId, drive!.id))).length;
    const before = await uploads();
    const tooBig = await tusCreate(customer, drive!.uuid, {
      'upload-length': String(20 * GB),
      'upload-metadata': metadata('بزرگ.exr'),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toMatch(/فضای خالی/);
    const missing = await tusCreate(customer, drive!.uuid, { 'upload-metadata': metadata('a.exr') });
    expect(missing.statusCode).toBe(400);
    const negative = await tusCreate(customer, drive!.uuid, {
      'upload-length': '-5',
      'upload-metadata': metadata('a.exr'),
    });
    expect(negative.statusCode).toBe(400);
    const badName = await tusCreate(customer, drive!.uuid, {
      'upload-length': '10',
      'upload-metadata': metadata('CON'),
    });
    expect(badName.statusCode).toBe(422);
    expect(await uploads()).toBe(before);
    // Without the CSRF header a creation is refused (419) like every action.
    const res = await t.app.inject({
      method: 'POST',
      url: `/panel/drives/${drive!.uuid}/files`,
      headers: { cookie: customer.cookie, 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(res.statusCode).toBe(419);
    // Another user's drive is a 404.
    expect(
      (await tusCreate(other, drive!.uuid, { 'upload-length': '10', 'upload-metadata': metadata('x') }))
        .statusCode,
    ).toBe(404);
  });

  it('expires an abandoned upload after 24 h: its space is released and its staging file removed', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const created = await tusCreate(customer, drive!.uuid, {
      'upload-length': '1000',
      'upload-metadata': metadata('نیمه‌کاره.bin'),
    });
    await tusPatch(customer, created.headers.location as string, 0, randomBytes(400));
    expect((await customer.page(`/panel/drives/${drive!.uuid}`)).props.drive.reserved_bytes).toBe(1000);
    expect(await t.app.services.driveUploads.expire(new Date(Date.now() + 23 * 3600 * 1000))).toBe(0);
    expect(await t.app.services.driveUploads.expire(new Date(Date.now() + 25 * 3600 * 1000))).toBe(1);
    expect((await customer.page(`/panel/drives/${drive!.uuid}`)).props.drive.reserved_bytes).toBe(0);
    const head = await customer.request('HEAD', created.headers.location as string, undefined, {
      'tus-resumable': '1.0.0',
    });
    expect(head.statusCode).toBe(404);
    const staged = await readdir(join(t.storageDir, 'staging/drive-uploads'));
    expect(staged.filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('gives up an upload (tus termination): 204, the space comes back; a suspended drive takes no upload', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const created = await tusCreate(customer, drive!.uuid, {
      'upload-length': '5000',
      'upload-metadata': metadata('رهاشده.bin'),
    });
    const location = created.headers.location as string;
    expect((await customer.page(`/panel/drives/${drive!.uuid}`)).props.drive.reserved_bytes).toBe(5000);
    // Another user cannot end it.
    expect(
      (await other.request('DELETE', location, undefined, { 'tus-resumable': '1.0.0' })).statusCode,
    ).toBe(404);
    const ended = await customer.request('DELETE', location, undefined, { 'tus-resumable': '1.0.0' });
    expect(ended.statusCode).toBe(204);
    expect((await customer.page(`/panel/drives/${drive!.uuid}`)).props.drive.reserved_bytes).toBe(0);
    expect(
      (await customer.request('HEAD', location, undefined, { 'tus-resumable': '1.0.0' })).statusCode,
    ).toBe(404);

    await db().update(drives).set({ status: 'suspended' }).where(eq(drives.id, drive!.id));
    try {
      const refused = await tusCreate(customer, drive!.uuid, {
        'upload-length': '10',
        'upload-metadata': metadata('تازه.bin'),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toMatch(/معلق/);
      expect((await customer.page(`/panel/drives/${drive!.uuid}`)).props.can_write).toBe(false);
    } finally {
      await db().update(drives).set({ status: 'active' }).where(eq(drives.id, drive!.id));
    }
  });

  describe('the signed download link', () => {
    let url: string;
    let bytes: Buffer;

    beforeAll(async () => {
      const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
      bytes = randomBytes(2000);
      const created = await tusCreate(customer, drive!.uuid, {
        'upload-length': String(bytes.length),
        'upload-metadata': metadata('فریم ۱.png'),
      });
      await tusPatch(customer, created.headers.location as string, 0, bytes);
      const down = await customer.page(
        `/panel/drives/${drive!.uuid}/download?path=${encodeURIComponent('فریم ۱.png')}`,
      );
      expect(down.component).toBe('Panel/Drives/Down');
      expect(down.props.file).toMatchObject({ name: 'فریم ۱.png', size: 2000, sha256: sha(bytes) });
      url = down.props.download_url;
      expect(new Date(down.props.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    });

    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', to = url) =>
      t.app.inject({ method, url: to, headers });

    it('serves the whole file without cookies, with a Persian name, ETag and Accept-Ranges', async () => {
      // A browser asks for compression; the bytes (and ranges) must stay the file's own.
      const res = await get({ 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toBe(`"${sha(bytes)}"`);
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('فریم ۱.png')}`,
      );
      const head = await get({}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('2000');
      expect(head.body).toBe('');
    });

    it.each([
      ['bytes=0-0', 0, 0],
      ['bytes=-500', 1500, 1999],
      ['bytes=100-', 100, 1999],
      ['bytes=1990-5000', 1990, 1999],
    ])('answers %s with 206 and Content-Range', async (range, start, end) => {
      const res = await get({ range, 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/2000`);
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    });

    it('answers a range past the end with 416 and bytes */size; ignores a malformed one (200)', async () => {
      const past = await get({ range: 'bytes=2000-' });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */2000');
      for (const range of ['bytes=abc', 'items=0-5', 'bytes=5-1', 'bytes=0-1,5-9']) {
        const res = await get({ range });
        expect(res.statusCode, range).toBe(200);
        expect(res.rawPayload.length).toBe(2000);
      }
    });

    it('If-Range: the current ETag keeps the range; a stale one gets the whole file', async () => {
      const fresh = await get({ range: 'bytes=0-9', 'if-range': `"${sha(bytes)}"` });
      expect(fresh.statusCode).toBe(206);
      const stale = await get({ range: 'bytes=0-9', 'if-range': '"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(bytes)).toBe(true);
    });

    it('a tampered link is 404, an expired one 410', async () => {
      const tampered = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect((await get({}, 'GET', tampered)).statusCode).toBe(404);
      const parts = url.split('/').at(-1)!.split('.');
      const otherUser = [parts[0], parts[1], (customerId + 1).toString(36), parts[3], parts[4]].join('.');
      expect((await get({}, 'GET', `/dl/${otherUser}`)).statusCode).toBe(404);
      const { token } = t.app.services.driveLinks.issue(
        { drive: Number.parseInt(parts[0]!, 36), file: Number.parseInt(parts[1]!, 36), user: customerId },
        new Date(Date.now() - 11 * 60 * 1000),
      );
      const expired = await get({}, 'GET', `/dl/${token}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('پیوند تازه');
    });

    it('another user opening the Down page of the drive gets a 404', async () => {
      const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
      const res = await other.request(
        'GET',
        `/panel/drives/${drive!.uuid}/download?path=${encodeURIComponent('فریم ۱.png')}`,
      );
      expect(res.statusCode).toBe(404);
    });

    it('serves the demo files with their real bytes', async () => {
      const [demo] = await db().select().from(drives).where(eq(drives.name, 'پروژهٔ ویلای شمال'));
      const down = await customer.page(
        `/panel/drives/${demo!.uuid}/download?path=${encodeURIComponent('صحنه‌ها/راهنما.txt')}`,
      );
      const res = await get({}, 'GET', down.props.download_url);
      expect(res.statusCode).toBe(200);
      expect(sha(res.rawPayload)).toBe(down.props.file.sha256);
      expect(res.rawPayload.toString('utf8')).toContain('ویلای شمال');
    });
  });

  it('deletes files and folders (space back), then the detached drive with its name confirmed', async () => {
    const [drive] = await db().select().from(drives).where(eq(drives.name, 'صحنه‌های تست'));
    const remove = await customer.request('DELETE', `/panel/drives/${drive!.uuid}/files`, {
      paths: ['صحنه‌ها'],
    });
    expect(remove.statusCode).toBe(303);
    const left = await db().select().from(driveEntries).where(eq(driveEntries.driveId, drive!.id));
    expect(left.map((e) => e.path)).toEqual(['فریم ۱.png']);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.usedBytes).toBe(2000);

    await customer.request('DELETE', `/panel/drives/${drive!.uuid}`, { confirm_name: 'نام دیگر' });
    expect((await errorsAfter(customer)).confirm_name).toMatch(/نام فضا/);
    const objects = await t.app.services.storage.list(`drives/${drive!.uuid}/`);
    expect(objects.length).toBe(1);
    const ok = await customer.request('DELETE', `/panel/drives/${drive!.uuid}`, {
      confirm_name: 'صحنه‌های تست',
    });
    expect(ok.statusCode).toBe(303);
    expect((await db().select().from(drives).where(eq(drives.id, drive!.id)))[0]!.status).toBe('deleted');
    expect(await t.app.services.storage.list(`drives/${drive!.uuid}/`)).toEqual([]);
    expect((await customer.request('GET', `/panel/drives/${drive!.uuid}`)).statusCode).toBe(404);
  });
});
