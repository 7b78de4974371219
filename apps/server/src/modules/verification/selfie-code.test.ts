import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSmsLog } from '../../platform/sms';
import { makePng, multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { verificationDocuments, verificationRequests } from './tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;
type Part = Parameters<typeof multipartBody>[0][number];

const MOBILE = '09127003344';

/**
 * The words the selfie's note must carry belong to one request: the customer's page shows the
 * code of the request the selfie goes into, care's page checks the same one, and a request made
 * after a rejection has a code (and needs a selfie) of its own.
 */
describe(`the selfie code of an identity check (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let customer: TestBrowser;
  let care: TestBrowser;
  let admin: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;

  const fields = (extra: Record<string, string> = {}) => ({
    type: 'individual',
    first_name: 'لیلا',
    last_name: 'مرادی',
    national_code: '0790419904',
    birth_date: '1993-02-10',
    ...extra,
  });
  const png = (name: string): Part => ({
    name,
    filename: `${name}.png`,
    type: 'image/png',
    bytes: makePng(6, 4, [name.length * 20, 80, 160]),
  });
  const save = (as: TestBrowser, values: Record<string, string>, files: Part[] = []) => {
    const { payload, headers } = multipartBody([
      ...Object.entries(values).map(([name, value]) => ({ name, value })),
      ...files,
    ]);
    return as.request('POST', '/panel/account/verify', payload, {
      ...headers,
      referer: '/panel/account/verify',
    });
  };
  const requestsOf = (userId: number) =>
    db()
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId))
      .orderBy(asc(verificationRequests.id));

  beforeAll(async () => {
    t = await createAuthTestApp();
    const [row] = await db()
      .insert(users)
      .values({
        name: 'لیلا مرادی',
        email: 'leila@renderfarm.test',
        mobile: MOBILE,
        passwordHash: (await db().select().from(users).where(eq(users.email, 'care@renderfarm.test')))[0]!
          .passwordHash,
        emailVerifiedAt: new Date(),
        mobileVerifiedAt: new Date(),
      })
      .returning();
    customerId = row!.id;
    customer = await logIn(t, 'leila@renderfarm.test', 'password', { ip: '10.79.0.1' });
    care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.79.0.3' });
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.79.0.4' });
    // A busy machine can take minutes to migrate, seed and start the app: wait for it.
  }, 300_000);
  afterAll(() => t.close());

  it('refuses a selfie sent in the save that makes the request, before its code was shown', async () => {
    await save(customer, fields(), [png('id_front'), png('selfie')]);
    expect((await customer.page('/panel/account/verify')).props.errors.selfie).toMatch(/متن دست‌نوشته/);
    expect(await requestsOf(customerId)).toEqual([]);
  });

  it('after a rejection, the new request has its own code, shown to the customer and checked by care', async () => {
    // The first request: saved (its code now shown), the mobile proven, the papers, sent.
    await save(customer, fields(), [png('id_front'), png('id_back')]);
    const first = (await customer.page('/panel/account/verify')).props.request;
    expect(first.selfie_text).toMatch(/رندر فارم ابری/);
    await customer.request(
      'POST',
      '/panel/account/mobile/code',
      { mobile: MOBILE },
      { referer: '/panel/account/verify' },
    );
    const sms = await readSmsLog(t.storageDir, MOBILE);
    const code = /(\d{6})/.exec(sms.at(-1)!.text)![1]!;
    await customer.request(
      'PUT',
      '/panel/account/mobile',
      { mobile: MOBILE, code },
      { referer: '/panel/account/verify' },
    );
    await save(customer, fields({ submit: '1' }), [png('selfie')]);
    const [a] = await requestsOf(customerId);
    expect(a).toMatchObject({ status: 'submitted', selfieText: first.selfie_text });
    expect((await care.page(`/care/verify/${a!.id}`)).props.request.selfie_text).toBe(first.selfie_text);

    await care.post(`/care/verify/${a!.id}/claim`);
    await care.request(
      'PATCH',
      `/care/verify/${a!.id}`,
      { decision: 'reject', reason: 'متن دست‌نوشته در عکس خوانا نیست.' },
      { referer: `/care/verify/${a!.id}` },
    );

    // Rejected: the page tells why and offers a new request; no code to photograph yet.
    const rejected = await customer.page('/panel/account/verify');
    expect(rejected.props.request.status).toBe('rejected');
    expect(rejected.props.can).toMatchObject({ edit: false, renew: true });

    const renewed = await customer.request(
      'POST',
      '/panel/account/verify/renew',
      {},
      { referer: '/panel/account/verify' },
    );
    expect(renewed.statusCode).toBe(303);
    const page = await customer.page('/panel/account/verify');
    const second = page.props.request;
    expect(second.status).toBe('draft');
    expect(second.selfie_text).not.toBe(first.selfie_text);
    expect(page.props.previous).toEqual({ status: 'rejected', reason: 'متن دست‌نوشته در عکس خوانا نیست.' });
    expect(page.props.can).toMatchObject({ edit: true, renew: false });
    // The card's sides come along; the old selfie holds the old code, so it does not.
    expect(page.props.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['id_back', 'id_front']);
    // Asking again changes nothing: the same draft, the same code.
    await customer.request('POST', '/panel/account/verify/renew', {}, { referer: '/panel/account/verify' });
    expect((await customer.page('/panel/account/verify')).props.request.selfie_text).toBe(second.selfie_text);

    await save(customer, fields({ submit: '1' }), [png('selfie')]);
    const [, b] = await requestsOf(customerId);
    expect(b).toMatchObject({ status: 'submitted', selfieText: second.selfie_text });
    const review = await care.page(`/care/verify/${b!.id}`);
    expect(review.props.request.selfie_text).toBe(second.selfie_text);
    expect((await customer.page('/panel/account/verify')).props.request.selfie_text).toBe(second.selfie_text);
    // The rejected request keeps its own code for whoever reads it later.
    expect((await care.page(`/care/verify/${a!.id}`)).props.request.selfie_text).toBe(first.selfie_text);
  });

  it('walks every request: each has a code of its own, and both sides show the same one', async () => {
    // Every account with a request signs in (the demo ones have no e-mail: they get one here).
    const owners = await db().selectDistinct({ id: verificationRequests.userId }).from(verificationRequests);
    expect(owners.length).toBeGreaterThan(3);
    for (const { id } of owners) {
      await db()
        .update(users)
        .set({ email: `walk-${id}@renderfarm.test` })
        .where(and(eq(users.id, id), isNull(users.email)));
      const [owner] = await db().select().from(users).where(eq(users.id, id));
      const requests = await requestsOf(id);
      const codes = requests.map((r) => r.selfieText);
      expect(codes.every((c) => c.trim() !== '')).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);

      const browser = await newBrowser(t, { ip: `10.79.1.${id % 250}` });
      await browser.request('POST', '/__testing/sign-in', { email: owner!.email });
      const own = await browser.page('/panel/account/verify');
      expect(own.props.request.selfie_text).toBe(requests.at(-1)!.selfieText);

      for (const request of requests) {
        if (request.status === 'draft') continue;
        const staff = await admin.page(`/admin/verify/${request.id}`);
        expect(staff.props.request.selfie_text).toBe(request.selfieText);
      }
    }
    // A selfie never sits on a request whose code it was not taken for: each was uploaded to it.
    const selfies = await db()
      .select({ key: verificationDocuments.storageKey })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.kind, 'selfie'));
    expect(new Set(selfies.map((s) => s.key)).size).toBe(selfies.length);
  });
});
