import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng, makeWebp, multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { PROFILE_PHOTO_DIR, PROFILE_PHOTO_MAX_BYTES } from './profile-photo';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;
type Part = Parameters<typeof multipartBody>[0][number];

const CUSTOMER = 'customer@renderfarm.test';
// The demo customer's verified name: an approved identity keeps it (profile.ts).
const NAME = 'علی رضایی';

describe('profile photo upload (user-profile-information.update, multipart)', () => {
  let t: T;
  let browser: TestBrowser;
  beforeAll(async () => {
    t = await createAuthTestApp();
    browser = await logIn(t, CUSTOMER, 'password', { ip: '10.7.0.1' });
  });
  afterAll(() => t.close());

  const photoDir = () => join(t.storageDir, PROFILE_PHOTO_DIR);
  const storedFiles = async () => (existsSync(photoDir()) ? (await readdir(photoDir())).sort() : []);
  const customer = async () =>
    (await t.database.db.select().from(users).where(eq(users.email, CUSTOMER)))[0]!;

  /** The form as the page client sends it: FormData, the real PUT, the XSRF header. */
  const upload = (parts: Part[], as: TestBrowser = browser, headers: Record<string, string> = {}) => {
    const { payload, headers: type } = multipartBody([
      { name: 'name', value: NAME },
      { name: 'email', value: CUSTOMER },
      ...parts,
    ]);
    return as.request('PUT', '/user/profile-information', payload, {
      ...type,
      referer: '/user/profile',
      ...headers,
    });
  };
  const photo = (bytes: Buffer, filename = 'me.png', type = 'image/png'): Part => ({
    name: 'photo',
    filename,
    type,
    bytes,
  });

  it('stores a PNG under a random name, shows photo_url and serves it safely', async () => {
    const png = makePng(3, 2);
    const res = await upload([photo(png, '../../etc/passwd.png')]);
    expect(res.statusCode).toBe(303);
    const [name] = await storedFiles();
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await readFile(join(photoDir(), name!))).toEqual(png);
    expect((await customer()).photoPath).toBe(`${PROFILE_PHOTO_DIR}/${name}`);

    const page = await browser.page('/user/profile');
    expect(page.props.errors).toEqual({});
    expect(page.props.flash.success).toBe('مشخصات شما ذخیره شد.');
    expect(page.props.user.photo_url).toBe(`/user/profile-photo/${name}`);
    expect(page.props.auth.user.photo_url).toBe(`/user/profile-photo/${name}`);

    const served = await browser.request('GET', page.props.user.photo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload).toEqual(png);
  });

  it('replaces the photo with a JPEG, then a WebP, deleting each old file', async () => {
    const [first] = await storedFiles();
    expect((await upload([photo(makeJpeg(), 'x.png', 'image/png')])).statusCode).toBe(303);
    const [second] = await storedFiles();
    // The type comes from the bytes: a JPEG named .png is stored and served as a JPEG.
    expect(second).toMatch(/\.jpg$/);
    expect(second).not.toBe(first);
    expect(existsSync(join(photoDir(), first!))).toBe(false);
    expect((await browser.request('GET', `/user/profile-photo/${second}`)).headers['content-type']).toBe(
      'image/jpeg',
    );
    // The old URL is gone with its file.
    expect((await browser.request('GET', `/user/profile-photo/${first}`)).statusCode).toBe(404);

    await upload([photo(makeWebp(), 'pic', 'application/octet-stream')]);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.webp$/);
    expect((await customer()).photoPath).toBe(`${PROFILE_PHOTO_DIR}/${files[0]}`);
  });

  it('refuses bad files with a Persian error on photo and keeps the old photo', async () => {
    const before = await storedFiles();
    const kept = (await customer()).photoPath;
    expect(before).toHaveLength(1);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40)]);
    const cases: [string, Part[], RegExp][] = [
      [
        'too large',
        [photo(Buffer.concat([makePng(), Buffer.alloc(PROFILE_PHOTO_MAX_BYTES)]))],
        /حداکثر ۲ مگابایت/,
      ],
      ['wrong type (GIF)', [photo(gif, 'a.gif', 'image/gif')], /JPEG،\u200F PNG یا WebP/],
      [
        'a renamed text file',
        [photo(Buffer.from('<?php echo "hi"; ?>\n'), 'photo.png', 'image/png')],
        /JPEG،\u200F PNG یا WebP/,
      ],
      ['an empty file', [photo(Buffer.alloc(0), 'empty.png')], /خالی/],
      ['several files', [photo(makePng()), photo(makeJpeg(), 'b.jpg', 'image/jpeg')], /تنها یک فایل/],
      [
        'more files than the parser takes',
        [photo(makePng()), photo(makePng()), photo(makeWebp(), 'c.webp', 'image/webp')],
        /تنها یک فایل/,
      ],
      ['a file under another name', [{ ...photo(makePng()), name: 'avatar' }], /تنها یک فایل/],
      ['a text value instead of a file', [{ name: 'photo', value: 'http://evil.test/x.png' }], /فایل انتخاب/],
      ['a cut-off PNG header', [photo(makePng().subarray(0, 20))], /JPEG،\u200F PNG یا WebP/],
      ['a picture 7000 pixels wide', [photo(makePng(7000, 1))], /۶۰۰۰ پیکسل/],
    ];
    for (const [label, parts, message] of cases) {
      const res = await upload(parts);
      expect(res.statusCode, label).toBe(303);
      const errors = await browser.errorsOn('/user/profile');
      expect(errors.photo, label).toMatch(message);
      expect(await storedFiles(), label).toEqual(before);
      expect((await customer()).photoPath, label).toBe(kept);
    }
  });

  it('refuses a body declared larger than the limit without reading it', async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(PROFILE_PHOTO_MAX_BYTES * 2, 0x61);
    const res = await upload([photo(big, 'big.png')]);
    expect(res.statusCode).toBe(303);
    expect((await browser.errorsOn('/user/profile')).photo).toMatch(/حداکثر ۲ مگابایت/);
    expect(await storedFiles()).toEqual(before);
  });

  it('reports a bad name and a bad photo together, and stores nothing', async () => {
    const before = await storedFiles();
    const { payload, headers } = multipartBody([
      { name: 'name', value: '' },
      photo(Buffer.from('not an image')),
    ]);
    await browser.request('PUT', '/user/profile-information', payload, {
      ...headers,
      referer: '/user/profile',
    });
    const errors = await browser.errorsOn('/user/profile');
    expect(Object.keys(errors).sort()).toEqual(['name', 'photo']);
    expect(await storedFiles()).toEqual(before);
  });

  it("keeps an approved identity's name: another one is a Persian error beside it, nothing changes", async () => {
    const before = await customer();
    expect(before.kycStatus).toBe('approved');
    const { payload, headers } = multipartBody([
      { name: 'name', value: 'نام دیگری' },
      { name: 'email', value: CUSTOMER },
      photo(makePng(3, 3)),
    ]);
    await browser.request('PUT', '/user/profile-information', payload, {
      ...headers,
      referer: '/user/profile',
    });
    expect((await browser.errorsOn('/user/profile')).name).toMatch(/نام تأییدشده/);
    const after = await customer();
    expect([after.name, after.photoPath]).toEqual([before.name, before.photoPath]);
  });

  it('keeps the photo when the e-mail is refused after the file was checked', async () => {
    const before = await storedFiles();
    const kept = (await customer()).photoPath;
    const { payload, headers } = multipartBody([
      { name: 'name', value: NAME },
      { name: 'email', value: 'admin@renderfarm.test' },
      photo(makePng(4, 4)),
    ]);
    await browser.request('PUT', '/user/profile-information', payload, {
      ...headers,
      referer: '/user/profile',
    });
    expect((await browser.errorsOn('/user/profile')).email).toMatch(/حساب دیگری/);
    // The new file written before the refusal was removed again.
    expect(await storedFiles()).toEqual(before);
    expect((await customer()).photoPath).toBe(kept);
  });

  it('needs the CSRF token: the header or the _token field', async () => {
    const before = await storedFiles();
    const { payload, headers } = multipartBody([{ name: 'name', value: NAME }, photo(makePng(5, 5))]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/user/profile-information',
      payload,
      headers: { ...headers, cookie: browser.cookie },
    });
    expect(refused.statusCode).toBe(419);
    expect(await storedFiles()).toEqual(before);
    expect((await customer()).name).toBe(NAME);

    const token = decodeURIComponent(browser.jar.get('XSRF-TOKEN')!);
    const withField = multipartBody([
      { name: '_token', value: token },
      { name: 'name', value: NAME },
      { name: 'email', value: CUSTOMER },
      photo(makePng(6, 6)),
    ]);
    const accepted = await t.app.inject({
      method: 'PUT',
      url: '/user/profile-information',
      payload: withField.payload,
      headers: { ...withField.headers, cookie: browser.cookie, referer: '/user/profile' },
    });
    expect(accepted.statusCode).toBe(303);
    const after = await storedFiles();
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('still takes JSON, leaving the photo alone; an empty file input changes nothing', async () => {
    const kept = (await customer()).photoPath;
    const res = await browser.request(
      'PUT',
      '/user/profile-information',
      { name: NAME, email: CUSTOMER, photo: null },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    expect(await browser.errorsOn('/user/profile')).toEqual({});
    // A plain HTML form posts an empty, nameless part for an input left empty.
    await upload([photo(Buffer.alloc(0), '', 'application/octet-stream')]);
    expect(await browser.errorsOn('/user/profile')).toEqual({});
    expect((await customer()).photoPath).toBe(kept);
  });

  it('lets only the owner and staff see a photo', async () => {
    const url = (await browser.page('/user/profile')).props.user.photo_url as string;
    await t.database.db.insert(users).values({
      name: 'مشتری دیگر',
      email: 'other.photo@example.com',
      emailVerifiedAt: new Date(),
      passwordHash: (await customer()).passwordHash,
    });
    const other = await logIn(t, 'other.photo@example.com');
    const refused = await other.request('GET', url);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    const care = await logIn(t, 'care@renderfarm.test');
    expect((await care.request('GET', url)).statusCode).toBe(200);
    const guest = await t.app.inject({ method: 'GET', url });
    expect(guest.statusCode).toBe(303);
    expect(guest.headers.location).toBe('/login');
    // Not a stored name at all.
    expect((await browser.request('GET', '/user/profile-photo/..%2F..%2Fdb.png')).statusCode).toBe(404);
  });

  it('takes multipart only on the upload route', async () => {
    const { payload, headers } = multipartBody([
      { name: 'current_password', value: 'password' },
      { name: 'password', value: 'another long phrase' },
      { name: 'password_confirmation', value: 'another long phrase' },
    ]);
    const res = await browser.request('PUT', '/user/password', payload, headers);
    expect(res.statusCode).toBe(415);
  });

  it('removes the photo and its file; the URL then answers 404', async () => {
    const [name] = await storedFiles();
    const res = await browser.request('DELETE', '/user/profile-photo', {}, { referer: '/user/profile' });
    expect(res.statusCode).toBe(303);
    expect(await storedFiles()).toEqual([]);
    expect((await customer()).photoPath).toBeNull();
    const page = await browser.page('/user/profile');
    expect(page.props.user.photo_url).toBeNull();
    expect(page.props.auth.user.photo_url).toBeNull();
    expect((await browser.request('GET', `/user/profile-photo/${name}`)).statusCode).toBe(404);
  });
});
