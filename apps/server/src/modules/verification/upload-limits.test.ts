import { readdir } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { verificationDocuments, verificationRequests } from './tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

/** Every file under `dir` (the local object store), however deep. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * The identity papers' size limit on the server, over a real socket: a form declaring more than
 * the papers may weigh is answered from its Content-Length, before its body is read or anything
 * stored, and goes back to the wizard as a Persian error under the papers, the saved draft as it
 * was.
 */
describe(`identity papers over the size limit (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let customer: TestBrowser;
  let customerId: number;
  let port: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const passwordHash = (await db().select().from(users).where(eq(users.email, 'care@renderfarm.test')))[0]!
      .passwordHash;
    const [row] = await db()
      .insert(users)
      .values({
        name: 'پریسا نادری',
        email: 'parisa@renderfarm.test',
        passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning();
    customerId = row!.id;
    customer = await logIn(t, 'parisa@renderfarm.test', 'password', { ip: '10.81.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // A busy machine can take minutes to migrate, seed and start the app: wait for it.
  }, 300_000);
  afterAll(() => t.close());

  const draft = async () =>
    (await db().select().from(verificationRequests).where(eq(verificationRequests.userId, customerId)))[0];

  it('answers a too large form from its Content-Length, stores nothing, and keeps the draft', async () => {
    const { payload, headers } = multipartBody([
      { name: 'type', value: 'individual' },
      { name: 'first_name', value: 'پریسا' },
      { name: 'last_name', value: 'نادری' },
      { name: 'id_front', filename: 'front.png', type: 'image/png', bytes: makePng(4, 4) },
    ]);
    await customer.request('POST', '/panel/account/verify', payload, {
      ...headers,
      referer: '/panel/account/verify',
    });
    const before = await draft();
    expect(before).toMatchObject({ firstName: 'پریسا', lastName: 'نادری' });
    const storedBefore = await filesUnder(join(t.storageDir, 'objects'));

    // 30 MB declared (more than every paper at its limit); only the first megabyte is ever sent.
    const boundary = '----kyc-limit-test';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nتغییر\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="id_front"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/panel/account/verify',
        headers: {
          cookie: customer.cookie,
          'x-xsrf-token': decodeURIComponent(customer.jar.get('XSRF-TOKEN')!),
          'x-inertia': 'true',
          referer: '/panel/account/verify',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(30 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        req.destroy();
        resolve(res);
      });
      req.on('error', reject);
      req.write(head);
      req.write(Buffer.alloc(1024 * 1024));
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/panel/account/verify');

    const page = await customer.page('/panel/account/verify');
    expect(page.props.errors.documents).toBe('حجم هر مدرک حداکثر ۵ مگابایت باشد؛ تصویر را کوچک‌تر کنید.');
    expect(await draft()).toEqual(before);
    expect(await filesUnder(join(t.storageDir, 'objects'))).toEqual(storedBefore);
    const papers = await db()
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.requestId, before!.id));
    expect(papers.map((p) => p.kind)).toEqual(['id_front']);
  });
});
