import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../platform/jobs/worker';
import { readSmsLog } from '../../platform/sms';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';

/** Profile: an account sees its mobile number and changes it with an SMS code sent to the new one. */
describe('changing the mobile number', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  const PROFILE = '/user/profile';
  const lastCode = async (mobile: string) => {
    const entries = await readSmsLog(t.storageDir, mobile);
    return /\d{6}/.exec(entries.at(-1)!.text)![0];
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.60.0.1' });
  });
  afterAll(() => t.close());

  it('shows the number, refuses a taken or wrong one in Persian, and changes it only with the right code', async () => {
    expect((await customer.page(PROFILE)).props.user.mobile).toBe('09120000000');

    await customer.post('/user/mobile/code', { mobile: '09120000002' }, { referer: PROFILE });
    expect((await customer.errorsOn(PROFILE)).mobile).toBe('این شماره برای حساب دیگری ثبت شده است.');
    await customer.post('/user/mobile/code', { mobile: '0912' }, { referer: PROFILE });
    expect((await customer.errorsOn(PROFILE)).mobile).toMatch(/موبایل/);

    const sent = await customer.post('/user/mobile/code', { mobile: '۰۹۳۵۱۱۱۲۲۳۳' }, { referer: PROFILE });
    expect(sent.statusCode).toBe(303);
    const page = await customer.page(PROFILE);
    expect(page.props.user.mobile_pending).toBe('09351112233');
    expect(page.props.flash.success).toContain('\u2066۰۹۳۵***۲۲۳۳\u2069');

    await customer.visit('PUT', '/user/mobile', { code: '000000' }, { referer: PROFILE });
    expect((await customer.errorsOn(PROFILE)).code).toMatch(/درست نیست/);
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    expect(before!.mobile).toBe('09120000000');

    await customer.visit(
      'PUT',
      '/user/mobile',
      { code: await lastCode('09351112233') },
      { referer: PROFILE },
    );
    const after = await customer.page(PROFILE);
    expect(after.props.user.mobile).toBe('09351112233');
    expect(after.props.user.mobile_pending).toBeNull();
    expect(after.props.flash.success).toBe('شمارهٔ موبایل شما تغییر کرد.');
    // The old number hears of it.
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    const told = await readSmsLog(t.storageDir, '09120000000');
    expect(told.at(-1)!.text).toMatch(/شمارهٔ موبایل حساب شما .*۰۹۳۵\*\*\*۲۲۳۳.* تغییر کرد/);
  });

  it('asks for the password again before a new number is set in a session not confirmed lately', async () => {
    const thief = new TestBrowser(t, { ip: '203.0.113.67' });
    await thief.post('/__testing/sign-in', { email: 'customer@renderfarm.test' });
    await thief.page(PROFILE);
    const sent = await thief.post('/user/mobile/code', { mobile: '09351112299' }, { referer: PROFILE });
    expect(sent.headers.location).toBe('/user/confirm-password');
    const update = await thief.visit('PUT', '/user/mobile', { code: '123456' }, { referer: PROFILE });
    expect(update.headers.location).toBe('/user/confirm-password');
  });
});
