import { createHash, randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { driveOf, makeCustomer, userIdOf } from '../render/test-support';
import { GB } from './service';
import { driveEntries, drives, driveUploads } from './tables';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** `Upload-Metadata` as tus clients send it: `key base64,key base64`. */
const metadata = (filename: string, folder = '') => `filename ${b64(filename)},folder ${b64(folder)}`;
const PERSIAN = /[\u0600-\u06FF]/;

/** The customer's drives on the JSON API: list, folder entries, signed links, tus uploads with a token. */
describe(`customer JSON API: drives (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customerId: number;
  let drive: typeof drives.$inferSelect;
  let stranger: { id: number; driveUuid: string };
  let tokens: { full: string; readOnly: string; noCreate: string; noRead: string; stranger: string };
  const db = () => t.database.db;

  const api = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'HEAD' | 'DELETE',
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as never }),
    });
  const tusCreate = (token: string, driveUuid: string, headers: Record<string, string>) =>
    api(token, 'POST', `/api/v1/drives/${driveUuid}/uploads`, {
      headers: { 'tus-resumable': '1.0.0', ...headers },
    });
  const tusPatch = (token: string, location: string, offset: number, body: Buffer | Readable) =>
    api(token, 'PATCH', location, {
      payload: body,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
    });
  /** Bytes of an upload in flight written to its staging file so far (`<id>`; `<id>.json` is tus's info). */
  const stagedBytes = async (id: string) =>
    (await stat(join(t.storageDir, 'staging/drive-uploads', id)).catch(() => ({ size: 0 }))).size;
  const uploadRows = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(driveUploads))[0]!.n;

  beforeAll(async () => {
    t = await createAuthTestApp();
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    // The demo's project drive (50 GB), with folders صحنه‌ها and خروجی.
    drive = await driveOf(t, customerId);
    stranger = await makeCustomer(t, 'stranger.drives@example.test');
    const make = async (userId: number, abilities: string[]) =>
      (await t.app.services.apiTokens.create(userId, { name: 'test', abilities })).plainText;
    tokens = {
      full: await make(customerId, ['read', 'create']),
      readOnly: await make(customerId, ['read']),
      noCreate: await make(customerId, ['read', 'update', 'delete']),
      noRead: await make(customerId, ['create']),
      stranger: await make(stranger.id, ['read', 'create']),
    };
  });
  afterAll(() => t.close());

  it('lists only the token owner’s drives, with the panel’s fields in Rial', async () => {
    const res = await api(tokens.readOnly, 'GET', '/api/v1/drives');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const own = await db().select().from(drives).where(eq(drives.userId, customerId));
    expect(data.map((d: { uuid: string }) => d.uuid).sort()).toEqual(own.map((d) => d.uuid).sort());
    expect(data.find((d: { uuid: string }) => d.uuid === drive.uuid)).toMatchObject({
      name: drive.name,
      size_gb: drive.sizeGb,
      used_bytes: drive.usedBytes,
      reserved_bytes: 0,
      monthly_price: drive.sizeGb * 30_000,
      status: 'active',
    });
    expect(data.map((d: { uuid: string }) => d.uuid)).not.toContain(stranger.driveUuid);
  });

  it('lists one folder: folders, then files with size and SHA-256; another’s drive or a missing folder is 404', async () => {
    const res = await api(tokens.readOnly, 'GET', `/api/v1/drives/${drive.uuid}/files`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ path: '', breadcrumb: [] });
    const rows = await db()
      .select()
      .from(driveEntries)
      .where(and(eq(driveEntries.driveId, drive.id), eq(driveEntries.parent, '')));
    expect(body.data).toHaveLength(rows.length);
    const folder = body.data.find((e: { kind: string }) => e.kind === 'folder');
    expect(folder).toMatchObject({ size: null, sha256: null });
    const inside = await api(
      tokens.readOnly,
      'GET',
      `/api/v1/drives/${drive.uuid}/files?path=${encodeURIComponent(folder.path)}`,
    );
    expect(inside.statusCode).toBe(200);
    expect(inside.json().meta.path).toBe(folder.path);

    const foreign = await api(tokens.full, 'GET', `/api/v1/drives/${stranger.driveUuid}/files`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: 'RF_DRIVE_NOT_FOUND',
      message: expect.stringMatching(PERSIAN),
    });
    const missing = await api(tokens.full, 'GET', `/api/v1/drives/${drive.uuid}/files?path=nowhere`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('RF_DRIVE_FILE_NOT_FOUND');
  });

  it('uploads with tus and the token (filename and folder metadata), resumes after a cut, then links the file', async () => {
    const bytes = randomBytes(300_000);
    const created = await tusCreate(tokens.full, drive.uuid, {
      'upload-length': String(bytes.length),
      'upload-metadata': metadata('شات ۱.blend', 'صحنه‌ها'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/v1/drives/${drive.uuid}/uploads/[0-9a-f]{32}$`));

    // The connection drops after 120,000 bytes, once some of them are on disk (watched, not timed:
    // on a loaded machine 50 ms could pass before the server had stored a byte): what arrived is
    // kept, HEAD says how much.
    const cut = new Readable({ read() {} });
    cut.push(bytes.subarray(0, 120_000));
    const sending = tusPatch(tokens.full, location, 0, cut).catch(() => undefined);
    await expect.poll(() => stagedBytes(location.split('/').at(-1)!), { timeout: 30_000 }).toBeGreaterThan(0);
    cut.destroy(new Error('connection reset'));
    await sending;
    const head = await api(tokens.full, 'HEAD', location, { headers: { 'tus-resumable': '1.0.0' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(120_000);

    // Another customer's token never reaches the upload; nor does a token without `create`.
    expect((await tusPatch(tokens.stranger, location, offset, bytes.subarray(offset))).statusCode).toBe(404);
    const refused = await tusPatch(tokens.readOnly, location, offset, bytes.subarray(offset));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'این توکن دسترسی «ساختن» ندارد.' });
    // A stale offset is tus's 409.
    expect((await tusPatch(tokens.full, location, 0, bytes.subarray(0, 10))).statusCode).toBe(409);

    const rest = await tusPatch(tokens.full, location, offset, bytes.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    expect(rest.headers['x-checksum-sha256']).toBe(sha(bytes));

    const listed = await api(
      tokens.readOnly,
      'GET',
      `/api/v1/drives/${drive.uuid}/files?path=${encodeURIComponent('صحنه‌ها')}`,
    );
    expect(listed.json().data).toContainEqual({
      kind: 'file',
      name: 'شات ۱.blend',
      path: 'صحنه‌ها/شات ۱.blend',
      size: bytes.length,
      sha256: sha(bytes),
      created_at: expect.any(String),
    });

    const link = await api(tokens.full, 'POST', `/api/v1/drives/${drive.uuid}/files/link`, {
      payload: { path: 'صحنه‌ها/شات ۱.blend' },
    });
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json().data;
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());
    const download = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses an upload over the quota with 413 before any byte is stored, in the API’s JSON', async () => {
    const before = await uploadRows();
    const res = await tusCreate(tokens.full, drive.uuid, {
      'upload-length': String(drive.sizeGb * GB + 1),
      'upload-metadata': metadata('بزرگ.exr'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'RF_DRIVE_QUOTA', message: expect.stringMatching(PERSIAN) });
    expect(await uploadRows()).toBe(before);
    const staged = await readdir(join(t.storageDir, 'staging/drive-uploads')).catch(() => []);
    expect(staged.filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('creates an upload whose empty POST is labelled as a form, as Python’s urllib sends it', async () => {
    for (const type of ['application/x-www-form-urlencoded']) {
      const res = await api(tokens.full, 'POST', `/api/v1/drives/${drive.uuid}/uploads`, {
        headers: {
          'tus-resumable': '1.0.0',
          'content-type': type,
          'upload-length': '3',
          'upload-metadata': metadata(`خالی-${type.length}.txt`, ''),
        },
      });
      expect(res.statusCode, type).toBe(201);
      const gone = await api(tokens.full, 'DELETE', res.headers.location as string, {
        headers: { 'tus-resumable': '1.0.0' },
      });
      expect(gone.statusCode).toBe(204);
    }
  });

  it('refuses uploads to a token without create (403), into another’s drive (404), and gives up an upload (204)', async () => {
    const headers = { 'upload-length': '10', 'upload-metadata': metadata('x.bin') };
    const noCreate = await tusCreate(tokens.noCreate, drive.uuid, headers);
    expect(noCreate.statusCode).toBe(403);
    expect(noCreate.headers['x-refused']).toBe('ability');
    expect((await tusCreate(tokens.full, stranger.driveUuid, headers)).statusCode).toBe(404);

    const before = await uploadRows();
    const created = await tusCreate(tokens.full, drive.uuid, headers);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const gone = await api(tokens.full, 'DELETE', location, { headers: { 'tus-resumable': '1.0.0' } });
    expect(gone.statusCode).toBe(204);
    const [row] = await db()
      .select()
      .from(driveUploads)
      .where(eq(driveUploads.id, location.split('/').pop()!));
    expect(row?.status).not.toBe('open');
    expect(await uploadRows()).toBe(before + 1);
  });

  it('links only the owner’s files, for a token that may read (a link only reads)', async () => {
    const url = `/api/v1/drives/${drive.uuid}/files/link`;
    expect((await api(tokens.noRead, 'POST', url, { payload: { path: 'x' } })).statusCode).toBe(403);
    expect((await api(tokens.readOnly, 'POST', url, { payload: { path: 'x' } })).statusCode).toBe(404);
    const missing = await api(tokens.full, 'POST', url, { payload: { path: 'nowhere.blend' } });
    expect(missing.statusCode).toBe(404);
    const foreign = await api(tokens.full, 'POST', `/api/v1/drives/${stranger.driveUuid}/files/link`, {
      payload: { path: 'x.blend' },
    });
    expect(foreign.statusCode).toBe(404);
    const blank = await api(tokens.full, 'POST', url, { payload: {} });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.path).toMatch(PERSIAN);
  });
});
