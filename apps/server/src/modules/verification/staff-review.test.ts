import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../testing/images';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { insertUser } from '../users/queries';
import { users } from '../users/tables';
import {
  type DocumentKind,
  type VerificationType,
  verificationDocuments,
  verificationRequests,
} from './tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

/**
 * The reviewer's page and the decide route (care and admin) for what an approval needs: the
 * papers of the request's kind, shown as missing with no approval offered, and refused by the
 * service when sent anyway, with the request left as it was.
 */
describe(`reviewing an identity check (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let care: TestBrowser;
  let admin: TestBrowser;
  let serial = 0;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.78.0.3' });
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.78.0.4' });
    // A busy machine can take minutes to migrate, seed and start the app: wait for it.
  }, 300_000);
  afterAll(() => t.close());

  const staffId = async (email: string) =>
    (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  /** A customer's request of `type`, claimed by `reviewer`, carrying `kinds` (each stored). */
  async function claimedRequest(
    reviewer: string,
    type: VerificationType,
    kinds: DocumentKind[],
    nationalCode = '0790419904',
  ) {
    serial += 1;
    const owner = await insertUser(db(), {
      name: `مشتری بررسی ${serial}`,
      email: `review-${serial}@renderfarm.test`,
      kycStatus: 'under_review',
    });
    const [request] = await db()
      .insert(verificationRequests)
      .values({
        userId: owner.id,
        type,
        firstName: 'مینا',
        lastName: 'نوری',
        nationalCode,
        birthDate: '1990-01-01',
        companyName: type === 'legal' ? 'شرکت نمونه' : null,
        companyNationalId: type === 'legal' ? '10320456789' : null,
        companyRegistrationNo: type === 'legal' ? '12345' : null,
        selfieText: `رندر فارم ابری — ${serial}`,
        status: 'under_review',
        reviewerId: await staffId(reviewer),
        submittedAt: new Date(),
        claimedAt: new Date(),
      })
      .returning();
    for (const kind of kinds) {
      const key = `kyc/${owner.id}/${kind}-review-${serial}`;
      const bytes = makePng(4, 4, [10, 20, 30]);
      await t.app.services.storage.put(key, bytes);
      await db()
        .insert(verificationDocuments)
        .values({
          requestId: request!.id,
          kind,
          storageKey: key,
          mime: 'image/png',
          size: bytes.length,
          sha256: '0'.repeat(64),
          fileName: `${kind}.png`,
        });
    }
    return request!;
  }

  const statusOf = async (id: number) =>
    (await db().select().from(verificationRequests).where(eq(verificationRequests.id, id)))[0]!.status;
  const decide = (as: TestBrowser, area: 'care' | 'admin', id: number, body: Record<string, string>) =>
    as.request('PATCH', `/${area}/verify/${id}`, body, { referer: `/${area}/verify/${id}` });

  it('shows a company request without papers as missing them, offers no approval, and refuses one sent anyway', async () => {
    const request = await claimedRequest('care@renderfarm.test', 'legal', []);
    const page = await care.page(`/care/verify/${request.id}`);
    expect(page.props.approval.missing).toEqual([
      { kind: 'id_front', label: 'روی کارت ملی' },
      { kind: 'id_back', label: 'پشت کارت ملی' },
      { kind: 'selfie', label: 'عکس سلفی با دست‌نوشته' },
      { kind: 'company_paper', label: 'روزنامهٔ رسمی یا آگهی تأسیس شرکت' },
    ]);
    expect(page.props.can).toMatchObject({ decide: true, approve: false });

    const res = await decide(care, 'care', request.id, { decision: 'approve' });
    expect(res.statusCode).toBe(303);
    const after = await care.page(`/care/verify/${request.id}`);
    expect(after.props.errors.decision).toContain('روزنامهٔ رسمی یا آگهی تأسیس شرکت');
    expect(await statusOf(request.id)).toBe('under_review');
  });

  it('offers approval once every paper of the kind is there', async () => {
    const request = await claimedRequest('care@renderfarm.test', 'individual', [
      'id_front',
      'id_back',
      'selfie',
    ]);
    const page = await care.page(`/care/verify/${request.id}`);
    expect(page.props.approval.missing).toEqual([]);
    expect(page.props.can).toMatchObject({ decide: true, approve: true });
    await decide(care, 'care', request.id, { decision: 'approve' });
    expect(await statusOf(request.id)).toBe('approved');
  });

  describe('a national code already approved on another account', () => {
    const CODE = '0013542419';
    const PAPERS: DocumentKind[] = ['id_front', 'id_back', 'selfie'];
    let holderId: number;

    beforeAll(async () => {
      const holder = await insertUser(db(), {
        name: 'دارندهٔ کد',
        email: 'holder@renderfarm.test',
        kycStatus: 'approved',
      });
      holderId = holder.id;
      await db().insert(verificationRequests).values({
        userId: holder.id,
        firstName: 'نادر',
        lastName: 'شریفی',
        nationalCode: CODE,
        birthDate: '1980-01-01',
        selfieText: 'رندر فارم ابری — ۱۱۱۱۱۱',
        status: 'approved',
        submittedAt: new Date(),
        reviewedAt: new Date(),
      });
    });

    const overrides = (requestId: number) =>
      db()
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.event, 'kyc:duplicate.overridden'),
            eq(activityLog.subjectId, String(requestId)),
          ),
        );

    it('is not approved by care, with or without a reason', async () => {
      const request = await claimedRequest('care@renderfarm.test', 'individual', PAPERS, CODE);
      const page = await care.page(`/care/verify/${request.id}`);
      expect(page.props.approval.approved_elsewhere).toEqual([{ user_id: holderId, name: 'دارندهٔ کد' }]);
      expect(page.props.can).toMatchObject({ decide: true, approve: false, override: false });

      await decide(care, 'care', request.id, { decision: 'approve' });
      expect((await care.page(`/care/verify/${request.id}`)).props.errors.decision).toMatch(/مدیر/);
      expect(await statusOf(request.id)).toBe('under_review');

      await decide(care, 'care', request.id, { decision: 'approve', override_reason: 'مشتری قدیمی ماست.' });
      expect((await care.page(`/care/verify/${request.id}`)).props.errors.decision).toMatch(/مدیر/);
      expect(await statusOf(request.id)).toBe('under_review');
      expect(await overrides(request.id)).toEqual([]);
    });

    it('is approved by an admin only with a reason, and the override is written to the log', async () => {
      const request = await claimedRequest('admin@renderfarm.test', 'individual', PAPERS, CODE);
      const page = await admin.page(`/admin/verify/${request.id}`);
      expect(page.props.can).toMatchObject({ decide: true, approve: false, override: true });

      await decide(admin, 'admin', request.id, { decision: 'approve' });
      expect((await admin.page(`/admin/verify/${request.id}`)).props.errors.override_reason).toMatch(/دلیل/);
      await decide(admin, 'admin', request.id, { decision: 'approve', override_reason: '   ' });
      expect((await admin.page(`/admin/verify/${request.id}`)).props.errors.override_reason).toMatch(/دلیل/);
      expect(await statusOf(request.id)).toBe('under_review');
      expect(await overrides(request.id)).toEqual([]);

      const reason = 'حساب پیشین همین شخص است و بسته خواهد شد.';
      const res = await decide(admin, 'admin', request.id, { decision: 'approve', override_reason: reason });
      expect(res.statusCode).toBe(303);
      expect(await statusOf(request.id)).toBe('approved');
      const [entry, ...more] = await overrides(request.id);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        actorId: await staffId('admin@renderfarm.test'),
        subjectType: 'verification',
        properties: expect.objectContaining({ reason, accounts: [holderId] }),
      });
      const history = (await admin.page(`/admin/verify/${request.id}`)).props.history;
      expect(history).toContainEqual(expect.objectContaining({ reason, actor: expect.any(String) }));
    });

    it('does not stand in the way when the other account was only rejected or revoked', async () => {
      const other = await insertUser(db(), { name: 'ردشده', email: 'rejected-code@renderfarm.test' });
      await db()
        .insert(verificationRequests)
        .values([
          { userId: other.id, nationalCode: '0084575948', status: 'rejected', selfieText: 'x' },
          { userId: other.id, nationalCode: '0084575948', status: 'revoked', selfieText: 'y' },
        ]);
      const request = await claimedRequest('care@renderfarm.test', 'individual', PAPERS, '0084575948');
      const page = await care.page(`/care/verify/${request.id}`);
      expect(page.props.approval.approved_elsewhere).toEqual([]);
      expect(page.props.can).toMatchObject({ approve: true, override: false });
      await decide(care, 'care', request.id, { decision: 'approve' });
      expect(await statusOf(request.id)).toBe('approved');
    });
  });
});
