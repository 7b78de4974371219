import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

describe('editor image uploads (admin.uploads.store)', () => {
  let t: T;
  let admin: TestBrowser;
  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test');
  });
  afterAll(() => t.close());

  const upload = (browser: TestBrowser, bytes: Buffer, filename = 'a.png', type = 'image/png') => {
    const { payload, headers } = multipartBody([{ name: 'file', filename, type, bytes }]);
    return browser.request('POST', '/admin/uploads', payload, { ...headers, accept: 'application/json' });
  };

  it('stores an image under a random name and serves it publicly with its sniffed type', async () => {
    const png = makePng(4, 3);
    const res = await upload(admin, png, '../../evil.html', 'text/html');
    expect(res.statusCode).toBe(201);
    const { url, width, height } = res.json();
    expect(url).toMatch(/^\/uploads\/content\/[0-9a-f]{32}\.png$/);
    expect([width, height]).toEqual([4, 3]);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
    // An article body may use it: the sanitiser keeps images from this site.
    expect((await t.app.inject({ method: 'GET', url: '/uploads/content/../../etc/passwd' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/uploads/content/0000.png' })).statusCode).toBe(404);
  });

  it('refuses a non-image (whatever its name says) and a 6 MB file, storing nothing', async () => {
    const before = await t.app.services.storage.list('content/');
    const html = await upload(admin, Buffer.from('<script>alert(1)</script>'), 'photo.png', 'image/png');
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.file).toMatch(/[\u0600-\u06FF]/);
    const svg = await upload(
      admin,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(422);
    const big = Buffer.concat([makePng(2, 2), Buffer.alloc(6 * 1024 * 1024)]);
    const large = await upload(admin, big);
    expect(large.statusCode).toBe(413);
    expect(await t.app.services.storage.list('content/')).toEqual(before);
  });

  it("is the admin's alone", async () => {
    const customer = await logIn(t, 'customer@renderfarm.test');
    expect((await upload(customer, makePng())).statusCode).toBe(404);
  });
});
