import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CapturedMail {
  id: string;
  at: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Mail the server wrote to STORAGE_DIR/mail (one .json summary per message), oldest first. */
export function readMail(storageDir: string, to?: string): CapturedMail[] {
  const dir = join(storageDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as CapturedMail)
    .filter((mail) => !to || String(mail.to).toLowerCase() === to.toLowerCase());
}

/** Waits for a mail to `to` whose link matches `pattern`, and returns that link. */
export async function waitForMailLink(
  storageDir: string,
  to: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = readMail(storageDir, to)
      .filter((mail) => Date.parse(mail.at) >= after)
      .flatMap((mail) => mail.links)
      .reverse()
      .find((href) => pattern.test(href));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for the newest SMS to `mobile` in STORAGE_DIR/sms.log sent at or after `after`, and returns its 6-digit code. */
export async function waitForSmsCode(storageDir: string, mobile: string, after = 0): Promise<string> {
  const file = join(storageDir, 'sms.log');
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (existsSync(file)) {
      const entries = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { at: string; to: string; text: string })
        .filter((entry) => entry.to === mobile && Date.parse(entry.at) >= after);
      const latest = entries.at(-1);
      // Codes may be written with Persian digits in a Persian message: read either.
      const digits = latest?.text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
      const code = digits?.match(/\b\d{6}\b/)?.[0];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
