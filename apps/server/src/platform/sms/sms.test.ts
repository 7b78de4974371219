import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SmsError } from './errors';
import { createSmsProvider, readSmsLog } from './index';

const dirs: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'rf-sms-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('log SMS provider', () => {
  it('appends each message to sms.log and returns its text', async () => {
    const dir = await tempDir();
    const sms = createSmsProvider({ provider: 'log', storageDir: dir });
    const receipt = await sms.send({ to: '09120000000', text: 'کد تأیید: ۱۲۳۴۵۶\nخط دوم' });
    await sms.send({ to: '09350000000', text: 'دیگری' });
    expect(receipt.text).toBe('کد تأیید: ۱۲۳۴۵۶\nخط دوم');
    const mine = await readSmsLog(dir, '09120000000');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: receipt.id, to: '09120000000', text: 'کد تأیید: ۱۲۳۴۵۶\nخط دوم' });
    expect(await readSmsLog(dir)).toHaveLength(2);
  });

  it('reads an empty log when nothing was sent', async () => {
    expect(await readSmsLog(await tempDir())).toEqual([]);
  });
});

describe('Kavenegar SMS provider', () => {
  const calls: { url: string; body: string }[] = [];
  const answer =
    (body: unknown, status = 200) =>
    async (url: string, init?: RequestInit) => {
      calls.push({ url, body: String(init?.body) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };

  it('posts text to sms/send.json with the key in the path', async () => {
    calls.length = 0;
    const sms = createSmsProvider({
      provider: 'kavenegar',
      storageDir: '.',
      apiKey: 'KEY/1',
      sender: '10004346',
      fetch: answer({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792343 }] }),
    });
    const receipt = await sms.send({ to: '09120000000', text: 'سلام' });
    expect(receipt.id).toBe('8792343');
    expect(calls[0]!.url).toBe('https://api.kavenegar.com/v1/KEY%2F1/sms/send.json');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
      receptor: '09120000000',
      message: 'سلام',
      sender: '10004346',
    });
  });

  it('sends codes through a verify-lookup template when one is set', async () => {
    calls.length = 0;
    const sms = createSmsProvider({
      provider: 'kavenegar',
      storageDir: '.',
      apiKey: 'k',
      codeTemplate: 'renderfarm-otp',
      fetch: answer({ return: { status: 200 }, entries: [{ messageid: 1 }] }),
    });
    await sms.send({ to: '09120000000', text: 'کد: 123456', code: '123456' });
    expect(calls[0]!.url).toMatch(/\/verify\/lookup\.json$/);
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
      receptor: '09120000000',
      token: '123456',
      template: 'renderfarm-otp',
    });
  });

  it('turns a provider refusal or a network error into RF_NOTIFY_SMS_FAILED', async () => {
    const refused = createSmsProvider({
      provider: 'kavenegar',
      storageDir: '.',
      apiKey: 'k',
      fetch: answer({ return: { status: 418, message: 'اعتبار کافی نیست' } }),
    });
    await expect(refused.send({ to: '09120000000', text: 'x' })).rejects.toMatchObject({
      code: 'RF_NOTIFY_SMS_FAILED',
    });
    const offline = createSmsProvider({
      provider: 'kavenegar',
      storageDir: '.',
      apiKey: 'k',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(offline.send({ to: '09120000000', text: 'x' })).rejects.toBeInstanceOf(SmsError);
  });

  it('needs an API key', () => {
    expect(() => createSmsProvider({ provider: 'kavenegar', storageDir: '.' })).toThrow(/SMS_API_KEY/);
  });
});
