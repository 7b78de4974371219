import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, readMail } from '../../../platform/mail';
import { emailVerificationMail, newSignInMail, passwordResetMail } from './templates';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('mail templates', () => {
  it('sends the password reset mail through the file mailer with its subject and one link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rf-mail-'));
    dirs.push(dir);
    const mailer = createMailer({ from: 'رندر فارم ابری <no-reply@renderfarm.test>', storageDir: dir });
    const url = 'http://localhost:8000/reset-password/abc?email=a%40b.test';
    const { id } = await mailer.send({
      to: 'a@b.test',
      ...passwordResetMail({ name: 'مریم', url, minutes: 60 }),
    });
    const [mail] = await readMail(dir, 'A@B.test');
    expect(mail).toMatchObject({ id, to: 'a@b.test', links: [url] });
    expect(mail!.subject).toBe('بازنشانی رمز عبور رندر فارم ابری');
    mailer.close();
  });

  it('renders right-to-left Persian templates and escapes what users typed', () => {
    const mail = emailVerificationMail({
      name: '<script>x</script>',
      url: 'http://x/v?a=1&b=2',
      minutes: 60,
    });
    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.html).not.toContain('<script>x');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('href="http://x/v?a=1&amp;b=2"');
    expect(mail.text).toContain('http://x/v?a=1&b=2');
    expect(mail.text).toContain('۶۰ دقیقه');
  });

  it('names time, IP and device in the new sign-in notice', () => {
    const mail = newSignInMail({
      name: 'علی',
      at: new Date('2025-03-01T10:00:00Z'),
      ip: '203.0.113.5',
      device: 'Chrome on Windows',
      securityUrl: 'http://localhost:8000/user/profile',
    });
    expect(mail.subject).toMatch(/ورود تازه/);
    expect(mail.text).toContain('203.0.113.5');
    expect(mail.text).toContain('Chrome on Windows');
    expect(mail.text).toMatch(/۱۴۰۳/);
    expect(mail.html).toContain('dir="rtl"');
  });
});
