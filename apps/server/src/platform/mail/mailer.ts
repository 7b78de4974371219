import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { MailError } from './errors';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where e-mail goes: an SMTP server (MAIL_URL) or, in development and tests, files on disk. */
export interface Mailer {
  readonly transport: 'smtp' | 'files';
  send(message: MailMessage): Promise<{ id: string }>;
  close(): void;
}

/** The `.json` twin of every `.eml` the file transport writes, for tests and the dev mail viewer. */
export interface StoredMail {
  id: string;
  at: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the text part, in order: tests follow them. */
  links: string[];
}

export function mailDir(storageDir: string): string {
  return join(storageDir, 'mail');
}

/**
 * Builds the mailer: SMTP through nodemailer when `url` is set; otherwise nodemailer still builds
 * the real MIME message, which is written as `<time>-<id>.eml` with a `.json` summary beside it.
 */
export function createMailer(options: {
  url?: string | undefined;
  from: string;
  storageDir: string;
}): Mailer {
  if (options.url) {
    const transport = nodemailer.createTransport(options.url);
    return {
      transport: 'smtp',
      async send(message) {
        try {
          const info = await transport.sendMail({ from: options.from, ...message });
          return { id: String(info.messageId) };
        } catch (cause) {
          throw new MailError('ارسال ایمیل ممکن نشد؛ کمی بعد دوباره تلاش کنید.', {
            cause,
          });
        }
      },
      close: () => transport.close(),
    };
  }

  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = mailDir(options.storageDir);
  return {
    transport: 'files',
    async send(message) {
      const id = randomUUID();
      const info = await builder.sendMail({
        from: options.from,
        messageId: `<${id}@renderfarm.local>`,
        ...message,
      });
      const at = new Date();
      // Sortable names: the newest file is the last one listed.
      const base = `${at.toISOString().replace(/[:.]/g, '-')}-${id}`;
      const stored: StoredMail = {
        id,
        at: at.toISOString(),
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        links: [...message.text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
      };
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${base}.eml`), info.message as Buffer);
      await writeFile(join(dir, `${base}.json`), JSON.stringify(stored, null, 2));
      return { id };
    },
    close: () => builder.close(),
  };
}

/** Messages written by the file transport, oldest first; `to` keeps one recipient's. */
export async function readMail(storageDir: string, to?: string): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await readdir(mailDir(storageDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map(async (name) => JSON.parse(await readFile(join(mailDir(storageDir), name), 'utf8')) as StoredMail),
  );
  return to ? mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase()) : mails;
}
