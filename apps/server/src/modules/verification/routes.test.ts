import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../lib/password';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createWorker } from '../../platform/jobs/worker';
import { readMail } from '../../platform/mail';
import { readSmsLog } from '../../platform/sms';
import { makeJpeg, makePng, makeWebp, multipartBody } from '../../testing/images';
import { activityLog } from '../activity/tables';
import { smsCodes } from '../auth/tables';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { notifications } from '../notifications/tables';
import { users } from '../users/tables';
import { verificationDocuments, verificationRequests } from './tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;
type Part = Parameters<typeof multipartBody>[0][number];

const MOBILE = '09127001122';
const CODE = '0790419904';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/**
 * Identity checks end to end through the routes (docs/screens.md §4–6): the wizard's bad input
 * (nothing stored), the mobile proof by SMS code, documents by their bytes, submit, care's claim
 * and decision, admin's revoke, the gates, and who may read a document.
 */
describe(`identity checks (KYC) routes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let customer: TestBrowser;
  let other: TestBrowser;
  let care: TestBrowser;
  let admin: TestBrowser;
  let customerId: number;
  const published: BroadcastEvent[] = [];
  const db = () => t.database.db;

  const requests = () =>
    db().select().from(verificationRequests).where(eq(verificationRequests.userId, customerId));
  const me = async () => (await db().select().from(users).where(eq(users.id, customerId)))[0]!;
  const lastCode = async (mobile: string) => {
    const entries = await readSmsLog(t.storageDir, mobile);
    return /کد تأیید شما: (\d{6})/.exec(entries.at(-1)!.text)![1]!;
  };

  const fields = (extra: Record<string, string> = {}) => ({
    type: 'individual',
    first_name: 'مریم',
    last_name: 'کاظمی',
    national_code: CODE,
    birth_date: '1992-04-15',
    ...extra,
  });
  /** The wizard's form as the page client sends it: FormData with the XSRF header. */
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
  const file = (name: string, bytes: Buffer, filename = `${name}.jpg`, type = 'image/jpeg'): Part => ({
    name,
    filename,
    type,
    bytes,
  });
  const errorsAfter = async (as: TestBrowser) => (await as.page('/panel/account/verify')).props.errors;

  beforeAll(async () => {
    t = await createAuthTestApp();
    const passwordHash = await hashPassword('password');
    const now = new Date();
    const [row] = await db()
      .insert(users)
      .values([
        {
          name: 'مریم کاظمی',
          email: 'maryam@renderfarm.test',
          mobile: MOBILE,
          passwordHash,
          emailVerifiedAt: now,
          mobileVerifiedAt: now,
          balance: 50_000_000,
        },
      ])
      .returning();
    customerId = row!.id;
    await db()
      .insert(users)
      .values({ name: 'کاربر دیگر', email: 'other@renderfarm.test', passwordHash, emailVerifiedAt: now });
    customer = await logIn(t, 'maryam@renderfarm.test', 'password', { ip: '10.77.0.1' });
    other = await logIn(t, 'other@renderfarm.test', 'password', { ip: '10.77.0.2' });
    care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.77.0.3' });
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.77.0.4' });
    // The app has no realtime server in tests: record what it would have published.
    vi.spyOn(t.app.broadcaster, 'publish').mockImplementation(async (event) => {
      published.push(event);
    });
    // A busy machine can take minutes to migrate, seed and start the app: wait for it.
  }, 300_000);
  afterAll(() => t.close());

  it('opens the wizard with nothing sent yet, and the Make form says identity is missing', async () => {
    const page = await customer.page('/panel/account/verify');
    expect(page.component).toBe('Panel/Account/Verify');
    expect(page.props.request).toBeNull();
    expect(page.props.can).toEqual({ edit: true, renew: false, withdraw: false });
    expect(page.props.account).toEqual({ mobile: MOBILE, mobile_verified: true });
    expect(page.props.required.individual).toEqual(['id_front', 'id_back', 'selfie']);
    const make = await customer.page('/panel/instances/create');
    expect(make.props.hardwares[0].blockers.join(' ')).toMatch(/احراز هویت/);
  });

  it.each([
    ['a wrong check digit', { national_code: '0790419905' }, 'national_code', /رقم کنترل/],
    ['letters', { national_code: '07904a9904' }, 'national_code', /فقط از رقم/],
    ['all zeros', { national_code: '0000000000' }, 'national_code', /تکرار یک رقم/],
    ['a birth date in the future', { birth_date: '2090-01-01' }, 'birth_date', /آینده/],
    ['an age under 18', { birth_date: `${new Date().getUTCFullYear() - 10}-01-01` }, 'birth_date', /۱۸ سال/],
  ])('refuses %s under its field and stores nothing', async (_what, bad, field, message) => {
    const res = await save(customer, fields(bad));
    expect(res.statusCode).toBe(303);
    expect((await errorsAfter(customer))[field]).toMatch(message);
    expect(await requests()).toEqual([]);
  });

  it('refuses a 6 MB document and an executable named .png, and stores nothing', async () => {
    const big = Buffer.concat([makeJpeg(), Buffer.alloc(6 * 1024 * 1024)]);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2000)]);
    // The demo requests' papers are there from the seed; this customer adds none.
    const papersBefore = await db().select().from(verificationDocuments);
    const res = await save(customer, fields(), [
      file('id_front', big),
      file('id_back', exe, 'card.png', 'image/png'),
    ]);
    expect(res.statusCode).toBe(303);
    const errors = await errorsAfter(customer);
    expect(errors.id_front).toMatch(/۵ مگابایت/);
    expect(errors.id_back).toMatch(/JPEG، PNG یا WebP یا فایل PDF/);
    expect(await requests()).toEqual([]);
    expect(await db().select().from(verificationDocuments)).toEqual(papersBefore);
  });

  it('saves a draft, but a submit needs the proven mobile and every document', async () => {
    const res = await save(customer, fields(), [file('id_front', makeJpeg())]);
    expect(res.statusCode).toBe(303);
    const [draft] = await requests();
    expect(draft).toMatchObject({
      status: 'draft',
      nationalCode: CODE,
      birthDate: '1992-04-15',
      mobile: null,
    });
    expect((await me()).kycStatus).toBe('draft');
    const page = await customer.page('/panel/account/verify');
    expect(page.props.documents.map((d: { kind: string }) => d.kind)).toEqual(['id_front']);
    expect(page.props.request.selfie_text).toMatch(/رندر فارم ابری/);

    await save(customer, fields({ submit: '1' }));
    expect((await errorsAfter(customer)).mobile).toMatch(/کد پیامکی/);
    expect((await requests())[0]!.status).toBe('draft');
  });

  it('proves the mobile by SMS code: a wrong, then a sixth, then an expired code are refused', async () => {
    const send = () =>
      customer.post('/panel/account/mobile/code', { mobile: MOBILE }, { referer: '/panel/account/verify' });
    const prove = (code: string) =>
      customer.request(
        'PUT',
        '/panel/account/mobile',
        { mobile: MOBILE, code },
        { referer: '/panel/account/verify' },
      );
    expect((await send()).statusCode).toBe(303);
    const code = await lastCode(MOBILE);
    const wrong = code === '000000' ? '111111' : '000000';
    await prove(wrong);
    expect((await errorsAfter(customer)).code).toMatch(/درست نیست/);
    for (let i = 0; i < 4; i++) await prove(wrong);
    // The sixth try, even with the right code, finds the code dead.
    await prove(code);
    expect((await errorsAfter(customer)).code).toMatch(/تعداد تلاش‌های نادرست/);
    expect((await requests())[0]!.mobileVerifiedAt).toBeNull();

    // Resending waits a minute: the test moves the last send back instead of waiting.
    await send();
    expect((await errorsAfter(customer)).mobile).toMatch(/صبر کنید/);
    const back = async () =>
      db()
        .update(smsCodes)
        .set({ sentAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(smsCodes.mobile, MOBILE));
    await back();
    await send();
    const second = await lastCode(MOBILE);
    await db()
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.mobile, MOBILE));
    await prove(second);
    expect((await errorsAfter(customer)).code).toMatch(/منقضی/);

    await back();
    await send();
    const third = await lastCode(MOBILE);
    expect((await prove(`${third.slice(0, 3)} ${third.slice(3)}`)).statusCode).toBe(303);
    const [draft] = await requests();
    expect(draft!.mobile).toBe(MOBILE);
    expect(draft!.mobileVerifiedAt).not.toBeNull();
  });

  it('asks for the password before a code goes to another number in a session not confirmed lately', async () => {
    const thief = new TestBrowser(t, { ip: '203.0.113.77' });
    await thief.post('/__testing/sign-in', { email: 'maryam@renderfarm.test' });
    await thief.page('/panel/account/verify');
    const res = await thief.post(
      '/panel/account/mobile/code',
      { mobile: '09127009999' },
      { referer: '/panel/account/verify' },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/confirm-password');
    const update = await thief.request(
      'PUT',
      '/panel/account/mobile',
      { mobile: '09127009999', code: '123456' },
      { referer: '/panel/account/verify' },
    );
    expect(update.statusCode).toBe(303);
    expect((await thief.page('/panel/account/verify')).props.errors.code).toBeTruthy();
    expect(await readSmsLog(t.storageDir, '09127009999')).toHaveLength(0);
    expect((await me()).mobile).toBe(MOBILE);
  });

  it('submits with every document; a second submit, and withdrawing under review, are refused', async () => {
    await save(customer, fields({ submit: '1' }), [
      file('id_back', makePng(4, 3), 'back.png', 'image/png'),
      file('selfie', makeWebp(), 'selfie.webp', 'image/webp'),
    ]);
    const [sent] = await requests();
    expect(sent!.status).toBe('submitted');
    expect(published).toContainEqual({
      channels: 'private-care',
      event: 'QueueChanged',
      data: { verify_pending: expect.any(Number) },
    });
    expect((await me()).kycStatus).toBe('submitted');

    await save(customer, fields({ submit: '1' }));
    expect((await errorsAfter(customer)).submit).toMatch(/در صف بررسی/);

    const list = await care.page('/care/verify');
    expect(list.component).toBe('Care/Verify/List');
    const row = list.props.items.data.find((r: { id: number }) => r.id === sent!.id);
    expect(row).toMatchObject({ status: 'submitted', name: 'مریم کاظمی', reviewer: null });

    expect((await care.post(`/care/verify/${sent!.id}/claim`)).statusCode).toBe(303);
    expect((await requests())[0]).toMatchObject({ status: 'under_review' });
    expect((await me()).kycStatus).toBe('under_review');

    await save(customer, fields({ submit: '1' }));
    expect((await errorsAfter(customer)).submit).toMatch(/در صف بررسی/);
    await customer.request('DELETE', '/panel/account/verify', {}, { referer: '/panel/account/verify' });
    expect((await customer.page('/panel/account/verify')).props.flash.error).toMatch(/در حال بررسی/);
    expect((await requests())[0]!.status).toBe('under_review');
  });

  it('streams a document to its owner and staff only (no-store), logging each staff view', async () => {
    const [request] = await requests();
    const [doc] = await db()
      .select()
      .from(verificationDocuments)
      .where(and(eq(verificationDocuments.requestId, request!.id), eq(verificationDocuments.kind, 'selfie')));
    const own = await customer.request('GET', `/panel/account/verify/documents/${doc!.uuid}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.rawPayload.equals(makeWebp())).toBe(true);

    expect((await other.request('GET', `/panel/account/verify/documents/${doc!.uuid}`)).statusCode).toBe(404);
    expect(
      (await other.request('GET', `/care/verify/${request!.id}/documents/${doc!.uuid}`)).statusCode,
    ).not.toBe(200);
    expect((await customer.request('GET', '/panel/account/verify/documents/not-a-uuid')).statusCode).toBe(
      404,
    );

    const staffView = await care.request('GET', `/care/verify/${request!.id}/documents/${doc!.uuid}`);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.headers['cache-control']).toBe('private, no-store');
    const logged = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.event, 'kyc:document.viewed'), eq(activityLog.subjectId, String(request!.id))),
      );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.properties).toMatchObject({ document: doc!.uuid, kind: 'selfie' });
    // A document of another request under this one's URL is not found.
    expect(
      (await care.request('GET', `/care/verify/${request!.id + 999}/documents/${doc!.uuid}`)).statusCode,
    ).toBe(404);
  });

  it('shows the reviewer the checks and refuses a decision by someone who did not claim it', async () => {
    const [request] = await requests();
    const page = await care.page(`/care/verify/${request!.id}`);
    expect(page.component).toBe('Care/Verify/Edit');
    expect(page.props.checks).toMatchObject({
      national_code_valid: true,
      mobile_matches: true,
      duplicates: [],
    });
    expect(page.props.can).toMatchObject({ claim: false, decide: true, revoke: false });
    expect(page.props.documents).toHaveLength(3);

    await admin.request(
      'PATCH',
      `/admin/verify/${request!.id}`,
      { decision: 'approve' },
      { referer: `/admin/verify/${request!.id}` },
    );
    expect((await admin.page(`/admin/verify/${request!.id}`)).props.errors.decision).toMatch(/همکار دیگری/);
    expect((await requests())[0]!.status).toBe('under_review');

    await care.request(
      'PATCH',
      `/care/verify/${request!.id}`,
      { decision: 'reject', reason: '' },
      { referer: `/care/verify/${request!.id}` },
    );
    expect((await care.page(`/care/verify/${request!.id}`)).props.errors.reason).toMatch(/دلیل رد/);
    expect((await requests())[0]!.status).toBe('under_review');
  });

  it('rejects with a reason: the customer is told, and may fix and send again', async () => {
    const [request] = await requests();
    const res = await care.request(
      'PATCH',
      `/care/verify/${request!.id}`,
      { decision: 'reject', reason: 'عکس سلفی تار است؛ دوباره بگیرید.' },
      { referer: `/care/verify/${request!.id}` },
    );
    expect(res.statusCode).toBe(303);
    expect((await requests())[0]).toMatchObject({
      status: 'rejected',
      reason: 'عکس سلفی تار است؛ دوباره بگیرید.',
    });
    expect((await me()).kycStatus).toBe('rejected');
    const told = await db().select().from(notifications).where(eq(notifications.userId, customerId));
    expect(told.map((n) => n.event)).toContain('kyc_decided');
    expect(published).toContainEqual(
      expect.objectContaining({
        channels: `private-users.${customerId}`,
        event: 'KycDecided',
        data: { status: 'rejected' },
      }),
    );
    await createWorker({ db: db(), handlers: t.app.jobHandlers }).drain();
    const mail = await readMail(t.storageDir, 'maryam@renderfarm.test');
    expect(mail.map((m) => m.subject)).toContain('درخواست احراز هویت پذیرفته نشد');

    const page = await customer.page('/panel/account/verify');
    expect(page.props.request).toMatchObject({
      status: 'rejected',
      reason: 'عکس سلفی تار است؛ دوباره بگیرید.',
    });
    expect(page.props.can).toMatchObject({ edit: false, renew: true });

    // A new request: the fields, the proven mobile and the card's sides come along; the selfie (its
    // note carries the old request's words) is taken again with the new request's words.
    await customer.request('POST', '/panel/account/verify/renew', {}, { referer: '/panel/account/verify' });
    expect((await customer.page('/panel/account/verify')).props.previous).toEqual({
      status: 'rejected',
      reason: 'عکس سلفی تار است؛ دوباره بگیرید.',
    });
    await save(customer, fields({ submit: '1' }), [file('selfie', makeJpeg())]);
    const all = await requests();
    expect(all.map((r) => r.status).sort()).toEqual(['rejected', 'submitted']);
    const again = all.find((r) => r.status === 'submitted')!;
    const docs = await db()
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.requestId, again.id));
    expect(docs.map((d) => d.kind).sort()).toEqual(['id_back', 'id_front', 'selfie']);
    expect(docs.find((d) => d.kind === 'selfie')!.mime).toBe('image/jpeg');

    const review = await care.page(`/care/verify/${again.id}`);
    expect(review.props.attempts).toEqual([expect.objectContaining({ status: 'rejected' })]);
  });

  it('approves: Make loses its KYC blocker; the page is read-only; an admin revoke closes the gates again', async () => {
    const again = (await requests()).find((r) => r.status === 'submitted')!;
    await care.post(`/care/verify/${again.id}/claim`);
    const res = await care.request(
      'PATCH',
      `/care/verify/${again.id}`,
      { decision: 'approve' },
      { referer: `/care/verify/${again.id}` },
    );
    expect(res.statusCode).toBe(303);
    expect((await me()).kycStatus).toBe('approved');
    expect(published).toContainEqual(
      expect.objectContaining({
        channels: `private-users.${customerId}`,
        event: 'KycDecided',
        data: { status: 'approved' },
      }),
    );
    const make = await customer.page('/panel/instances/create');
    expect(make.props.kyc_status).toBe('approved');
    expect(make.props.hardwares.flatMap((h: { blockers: string[] }) => h.blockers).join(' ')).not.toMatch(
      /احراز هویت/,
    );
    const page = await customer.page('/panel/account/verify');
    expect(page.props.can).toEqual({ edit: false, renew: false, withdraw: false });
    await save(customer, fields());
    expect((await errorsAfter(customer)).submit).toMatch(/تأیید شده/);

    // Care cannot revoke; an admin must give a reason.
    expect(
      (await care.request('PATCH', `/admin/verify/${again.id}/revoke`, { reason: 'x' })).statusCode,
    ).not.toBe(303);
    await admin.request(
      'PATCH',
      `/admin/verify/${again.id}/revoke`,
      { reason: '' },
      { referer: `/admin/verify/${again.id}` },
    );
    expect((await admin.page(`/admin/verify/${again.id}`)).props.errors.reason).toBeTruthy();
    await admin.request(
      'PATCH',
      `/admin/verify/${again.id}/revoke`,
      { reason: 'کارت ملی جعلی تشخیص داده شد.' },
      { referer: `/admin/verify/${again.id}` },
    );
    expect((await me()).kycStatus).toBe('revoked');
    const blocked = await customer.page('/panel/instances/create');
    expect(blocked.props.hardwares[0].blockers.join(' ')).toMatch(/احراز هویت/);
    const edit = await admin.page(`/admin/verify/${again.id}`);
    expect(edit.props.request.status).toBe('revoked');
    expect(edit.props.history.map((h: { event: string }) => h.event)).toEqual(
      expect.arrayContaining(['برداشتن برای بررسی', 'تأیید', 'لغو تأیید']),
    );
    const list = await admin.page('/admin/verify?status=revoked');
    expect(list.props.items.data.map((r: { id: number }) => r.id)).toContain(again.id);
  });

  it('withdraws a sent request back to a draft, and deletes a draft with its papers', async () => {
    await save(other, fields({ national_code: '0499370899', first_name: 'رضا', last_name: 'محمدی' }), [
      file('company_paper', PDF, 'papers.pdf', 'application/pdf'),
    ]);
    const otherId = (await db().select().from(users).where(eq(users.email, 'other@renderfarm.test')))[0]!.id;
    const mine = () =>
      db().select().from(verificationRequests).where(eq(verificationRequests.userId, otherId));
    expect((await mine())[0]!.status).toBe('draft');
    await db()
      .update(verificationRequests)
      .set({ status: 'submitted' })
      .where(eq(verificationRequests.userId, otherId));
    await other.request('DELETE', '/panel/account/verify', {}, { referer: '/panel/account/verify' });
    expect((await mine())[0]!.status).toBe('draft');
    await other.request('DELETE', '/panel/account/verify', {}, { referer: '/panel/account/verify' });
    expect(await mine()).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, otherId)))[0]!.kycStatus).toBe('none');
  });

  it('asks a company for its national id, registration number and papers before sending', async () => {
    const company = {
      type: 'legal',
      first_name: 'رضا',
      last_name: 'محمدی',
      national_code: '0013542419',
      birth_date: '1985-06-01',
      company_name: 'نقش‌آفرینان پارس',
    };
    await save(other, { ...company, company_national_id: '1032045', submit: '1' });
    const errors = await errorsAfter(other);
    expect(errors.company_national_id).toMatch(/۱۱ رقم/);
    expect(errors.company_registration_no).toMatch(/شمارهٔ ثبت/);
    const otherId = (await db().select().from(users).where(eq(users.email, 'other@renderfarm.test')))[0]!.id;
    const mine = () =>
      db().select().from(verificationRequests).where(eq(verificationRequests.userId, otherId));
    expect(await mine()).toEqual([]);

    await save(other, { ...company, company_national_id: '۱۰۳۲۰۴۵۶۷۸۹', company_registration_no: '548712' }, [
      file('id_front', makeJpeg()),
      file('id_back', makeJpeg()),
    ]);
    // The selfie once the draft (and so its words) exists.
    await save(other, { ...company, company_national_id: '10320456789', company_registration_no: '548712' }, [
      file('selfie', makeJpeg()),
    ]);
    const [draft] = await mine();
    expect(draft).toMatchObject({
      type: 'legal',
      companyNationalId: '10320456789',
      companyRegistrationNo: '548712',
    });
    // Its mobile is proven (as the mobile test did for the first customer); the papers still miss.
    await db()
      .update(users)
      .set({ mobile: '09127002233', mobileVerifiedAt: new Date() })
      .where(eq(users.id, otherId));
    await db()
      .update(verificationRequests)
      .set({ mobile: '09127002233', mobileVerifiedAt: new Date() })
      .where(eq(verificationRequests.id, draft!.id));
    await save(other, {
      ...company,
      company_national_id: '10320456789',
      company_registration_no: '548712',
      submit: '1',
    });
    expect((await errorsAfter(other)).company_paper).toMatch(/روزنامهٔ رسمی/);
    await save(
      other,
      { ...company, company_national_id: '10320456789', company_registration_no: '548712', submit: '1' },
      [file('company_paper', PDF, 'papers.pdf', 'application/pdf')],
    );
    expect((await mine())[0]!.status).toBe('submitted');
    // Back to a draft, then gone, so the tests after this one start from nothing.
    await other.request('DELETE', '/panel/account/verify', {}, { referer: '/panel/account/verify' });
    await other.request('DELETE', '/panel/account/verify', {}, { referer: '/panel/account/verify' });
    expect(await mine()).toEqual([]);
  });

  it('shows and edits the account: badges, bill-to, limits, opt-in; verified names win', async () => {
    const show = await customer.page('/panel/account');
    expect(show.component).toBe('Panel/Account/Show');
    expect(show.props.account).toMatchObject({
      mobile: MOBILE,
      mobile_verified: true,
      kyc_status: 'revoked',
    });
    expect(show.props.limits.map((l: { key: string }) => l.key)).toContain('max_instances');
    const edit = await customer.page('/panel/account/edit');
    expect(edit.component).toBe('Panel/Account/Edit');
    expect(edit.props.names_locked).toBe(false);

    await customer.request(
      'PUT',
      '/panel/account',
      { kind: 'person', name: 'م', national_code: '123', address: '', postal_code: '' },
      { referer: '/panel/account/edit' },
    );
    const errors = (await customer.page('/panel/account/edit')).props.errors;
    expect(Object.keys(errors).sort()).toEqual(['address', 'name', 'national_code', 'postal_code']);

    const res = await customer.request(
      'PUT',
      '/panel/account',
      {
        kind: 'person',
        name: 'مریم کاظمی',
        national_code: '۰۷۹۰۴۱۹۹۰۴',
        address: 'تهران، خیابان آزادی، پلاک ۱۲',
        postal_code: '1234567890',
        marketing_opt_in: '1',
      },
      { referer: '/panel/account/edit' },
    );
    expect(res.statusCode).toBe(303);
    const after = await customer.page('/panel/account');
    expect(after.props.bill_to).toMatchObject({
      kind: 'person',
      national_code: CODE,
      postal_code: '1234567890',
    });
    expect(after.props.marketing_opt_in).toBe(true);
    // A new pro-forma invoice starts from the saved profile.
    const invoice = await customer.page('/panel/invoices/create');
    expect(invoice.props.bill_to).toMatchObject({
      kind: 'person',
      national_code: CODE,
      postal_code: '1234567890',
    });
  });

  it('lists for care only the waiting requests, and for admins every status with filters', async () => {
    const careList = await care.page('/care/verify');
    expect(
      careList.props.items.data.every((r: { status: string }) =>
        ['submitted', 'under_review'].includes(r.status),
      ),
    ).toBe(true);
    const adminList = await admin.page('/admin/verify?type=individual&q=%D9%85%D8%B1%DB%8C%D9%85');
    expect(adminList.component).toBe('Admin/Verify/List');
    expect(adminList.props.items.data.length).toBeGreaterThan(0);
    expect((await customer.request('GET', '/care/verify')).statusCode).not.toBe(200);
    expect((await care.request('GET', '/admin/verify')).statusCode).not.toBe(200);
    expect((await care.request('GET', '/care/verify/999999')).statusCode).toBe(404);
  });
});
