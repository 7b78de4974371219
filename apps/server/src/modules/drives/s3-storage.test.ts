import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../testing/s3rver';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { locations } from '../catalog/tables';
import { users } from '../users/tables';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * Drives with S3 settings (s3rver): a finished upload leaves local staging for the bucket by
 * multipart upload, the staging space is freed, and the signed link serves ranges from the bucket.
 */
describe('drives on S3-compatible storage (s3rver)', () => {
  let s3: LocalS3;
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createAuthTestApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.14.1.1' });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads 20 MB with tus into the bucket and downloads a range of it', async () => {
    expect(t.app.services.storage.kind).toBe('s3');
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    const [thr1] = await t.database.db.select().from(locations).where(eq(locations.code, 'thr1'));
    const drive = await t.app.services.drives.create(user!, {
      name: 'فضای ابری',
      sizeGb: 1,
      locationId: thr1!.id,
    });
    const bytes = randomBytes(20 * 1024 * 1024);
    const created = await customer.request('POST', `/panel/drives/${drive.uuid}/files`, undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64('رندر نهایی.exr')},path ${b64('')}`,
    });
    expect(created.statusCode).toBe(201);
    const done = await customer.request('PATCH', created.headers.location as string, bytes, {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    });
    expect(done.statusCode).toBe(204);
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(done.headers['x-checksum-sha256']).toBe(sha);
    const objects = await t.app.services.storage.list(`drives/${drive.uuid}/`);
    expect(objects).toEqual([
      { key: expect.stringMatching(/^drives\/.+\/[0-9a-f]{32}$/), size: bytes.length },
    ]);
    const staged = await readdir(join(t.storageDir, 'staging/drive-uploads'));
    expect(staged).toEqual([]);

    const down = await customer.page(
      `/panel/drives/${drive.uuid}/download?path=${encodeURIComponent('رندر نهایی.exr')}`,
    );
    const range = await t.app.inject({
      method: 'GET',
      url: down.props.download_url,
      headers: { range: 'bytes=0-0' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toEqual(bytes.subarray(0, 1));
    const tail = await t.app.inject({
      method: 'GET',
      url: down.props.download_url,
      headers: { range: 'bytes=-500' },
    });
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 500));
    const whole = await t.app.inject({ method: 'GET', url: down.props.download_url });
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(sha);

    await customer.request('DELETE', `/panel/drives/${drive.uuid}`, { confirm_name: 'فضای ابری' });
    expect(await t.app.services.storage.list(`drives/${drive.uuid}/`)).toEqual([]);
  });
});
