import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, mailDir, readMail } from './mailer';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A Persian message with both parts, as the modules' templates give them; the words are theirs. */
const message = (subject: string, url: string) => ({
  subject,
  html: `<!doctype html><html lang="fa" dir="rtl"><body><p>${subject}</p><a href="${url}">ادامه</a></body></html>`,
  text: `${subject}\n\n${url}\n\nاگر شما این درخواست را نداده‌اید، کاری لازم نیست.`,
});

describe('mail', () => {
  it('writes an .eml and a .json per message when no SMTP URL is set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rf-mail-'));
    dirs.push(dir);
    const mailer = createMailer({ from: 'رندر فارم ابری <no-reply@renderfarm.test>', storageDir: dir });
    expect(mailer.transport).toBe('files');
    const url = 'http://localhost:8000/reset-password/abc?email=a%40b.test';
    const { id } = await mailer.send({
      to: 'a@b.test',
      ...message('بازنشانی رمز عبور رندر فارم ابری', url),
    });
    await mailer.send({
      to: 'other@b.test',
      ...message('تأیید نشانی ایمیل در رندر فارم ابری', 'http://x/v'),
    });

    const files = (await readdir(mailDir(dir))).sort();
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);
    const eml = await readFile(
      join(mailDir(dir), files.find((f) => f.includes(id) && f.endsWith('.eml'))!),
      'utf8',
    );
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toMatch(/^To: a@b\.test$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);

    const [mail] = await readMail(dir, 'A@B.test');
    expect(mail).toMatchObject({ id, to: 'a@b.test', links: [url] });
    expect(mail!.subject).toBe('بازنشانی رمز عبور رندر فارم ابری');
    expect(await readMail(dir)).toHaveLength(2);
    mailer.close();
  });

  it('reads no mail from an empty storage directory', async () => {
    expect(await readMail(join(tmpdir(), 'rf-mail-none-xyz'))).toEqual([]);
  });
});
