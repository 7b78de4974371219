import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password';
import { JobRegistry } from '../../platform/jobs/registry';
import { jobs } from '../../platform/jobs/tables';
import { createWorker } from '../../platform/jobs/worker';
import { createMailer, readMail } from '../../platform/mail';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { sessions } from '../sessions/tables';
import { users } from '../users/tables';
import { createEmailVerificationService } from './email-verification';
import {
  createPasswordResetMailJobHandler,
  createPasswordResetService,
  PASSWORD_RESET_MAIL_JOB,
} from './password-reset';
import { createSignedLinks } from './signed-links';

const appKey = `base64:${randomBytes(32).toString('base64')}`;

describe(`password reset and e-mail verification (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let dir: string;
  let now = Date.parse('2025-03-01T10:00:00Z');
  const clock = () => new Date(now);
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'rf-reset-'));
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'نرگس',
        email: 'narges@example.test',
        passwordHash: 'x',
        emailVerifiedAt: new Date(now),
      })
      .returning();
    userId = user!.id;
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const service = () =>
    createPasswordResetService({
      db: database.db,
      mailer: createMailer({ from: 'a <a@b.test>', storageDir: dir }),
      appUrl: 'http://localhost:8000',
      clock,
    });
  /** Asks for a link as the route does, then runs the queued mail job. */
  const request = async (email: string) => {
    const answer = await service().request(email);
    const handlers = new JobRegistry().register(
      PASSWORD_RESET_MAIL_JOB,
      createPasswordResetMailJobHandler(service()),
    );
    await createWorker({ db: database.db, handlers }).drain();
    return answer;
  };
  const linkFromMail = async () => {
    const mail = (await readMail(dir, 'narges@example.test')).at(-1)!;
    const url = new URL(mail.links[0]!);
    return { token: url.pathname.split('/').at(-1)!, email: url.searchParams.get('email')! };
  };

  it('answers without the mail: the same queued job whether or not the address has an account', async () => {
    const known = await service().request('narges@example.test');
    const unknown = await service().request('ghost@example.test');
    expect(known).toEqual(unknown);
    // Nothing told the two apart in the request: no mail yet, one job each, the same shape.
    expect(await readMail(dir)).toHaveLength(0);
    const queued = await database.db.select().from(jobs).where(eq(jobs.name, PASSWORD_RESET_MAIL_JOB));
    expect(queued.map((j) => Object.keys(j.payload).sort())).toEqual([
      ['email', 'ip', 'userAgent'],
      ['email', 'ip', 'userAgent'],
    ]);
    await database.db.delete(jobs);
  });

  it('answers the same for known and unknown addresses, mailing only the known one', async () => {
    const known = await request('Narges@Example.test');
    const unknown = await request('ghost@example.test');
    expect(known).toEqual(unknown);
    expect(await readMail(dir)).toHaveLength(1);
    expect((await readMail(dir))[0]!.links[0]).toMatch(
      /^http:\/\/localhost:8000\/reset-password\/[\w-]{43}\?email=/,
    );
  });

  it('mails a link only to a verified address: an address nobody proved is not a way in', async () => {
    await database.db
      .insert(users)
      .values({ name: 'ناشناس', email: 'unproved@example.test', passwordHash: 'x' });
    const answer = await request('unproved@example.test');
    expect(answer).toEqual(await request('nobody-here@example.test'));
    expect(await readMail(dir, 'unproved@example.test')).toHaveLength(0);
  });

  it('resets with the mailed token once, ending every session', async () => {
    await database.db.insert(sessions).values({ id: 'old-session', userId });
    const { token, email } = await linkFromMail();
    await expect(service().reset({ token, email, password: 'password' })).rejects.toMatchObject({
      code: 'RF_AUTH_PASSWORD_WEAK',
    });
    await expect(
      service().reset({ token: `${token}x`, email, password: 'new-secret-123' }),
    ).rejects.toMatchObject({
      code: 'RF_AUTH_RESET_TOKEN_INVALID',
    });
    await expect(
      service().reset({ token, email: 'other@example.test', password: 'new-secret-123' }),
    ).rejects.toMatchObject({
      code: 'RF_AUTH_RESET_TOKEN_INVALID',
    });
    expect(await service().reset({ token, email, password: 'new-secret-123' })).toEqual({ userId });
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(await verifyPassword('new-secret-123', user!.passwordHash!)).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    await expect(service().reset({ token, email, password: 'another-secret-1' })).rejects.toMatchObject({
      code: 'RF_AUTH_RESET_TOKEN_INVALID',
    });
  });

  it('sends at most one link a minute and lets a link expire after 60 minutes', async () => {
    now += 120_000;
    await request('narges@example.test');
    await request('narges@example.test');
    expect(await readMail(dir, 'narges@example.test')).toHaveLength(2);
    const { token, email } = await linkFromMail();
    now += 60 * 60_000;
    await expect(service().reset({ token, email, password: 'late-secret-123' })).rejects.toMatchObject({
      code: 'RF_AUTH_RESET_TOKEN_INVALID',
    });
  });

  it('verifies an address through the signed link, only for that address', async () => {
    const links = createSignedLinks({ appKey, appUrl: 'http://localhost:8000', clock });
    const verification = createEmailVerificationService({
      db: database.db,
      mailer: createMailer({ from: 'a <a@b.test>', storageDir: dir }),
      links,
      clock,
    });
    // Not yet verified (the reset tests above needed it verified).
    const [user] = await database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, userId))
      .returning();
    await verification.send(user!);
    const link = (await readMail(dir, 'narges@example.test')).at(-1)!.links[0]!;
    expect(link).toMatch(/\/email\/verify\/\d+\/[0-9a-f]{64}\?expires=\d+&signature=/);
    await expect(verification.verify(link, userId + 1)).rejects.toMatchObject({
      code: 'RF_AUTH_SIGNATURE_INVALID',
    });
    // Neither the address nor a mobile proven before: the first contact, which leads to the welcome.
    expect(await verification.verify(link, userId)).toEqual({ userId, firstContact: true });
    const [after] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.emailVerifiedAt).toBeInstanceOf(Date);
    now += 61 * 60_000;
    await expect(verification.verify(link)).rejects.toMatchObject({ code: 'RF_AUTH_LINK_EXPIRED' });
  });
});
