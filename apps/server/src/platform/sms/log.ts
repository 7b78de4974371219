import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { SmsProvider } from './provider';

export interface SmsLogEntry {
  id: string;
  at: string;
  to: string;
  text: string;
}

/**
 * Development SMS: every message becomes one JSON line in `STORAGE_DIR/sms.log`, so a developer
 * can read the code and an end-to-end test can pull it out with `readSmsLog`.
 */
export function createLogSmsProvider(options: { storageDir: string }): SmsProvider {
  const file = smsLogPath(options.storageDir);
  return {
    name: 'log',
    async send(message) {
      const entry: SmsLogEntry = {
        id: randomUUID(),
        at: new Date().toISOString(),
        to: message.to,
        text: message.text,
      };
      await mkdir(dirname(file), { recursive: true });
      // One write per line: appends of a single short line do not interleave between processes.
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
      return { id: entry.id, text: message.text };
    },
  };
}

export function smsLogPath(storageDir: string): string {
  return join(storageDir, 'sms.log');
}

/** Every logged message, oldest first; `to` keeps only one number's messages. */
export async function readSmsLog(storageDir: string, to?: string): Promise<SmsLogEntry[]> {
  let content: string;
  try {
    content = await readFile(smsLogPath(storageDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries = content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SmsLogEntry);
  return to ? entries.filter((entry) => entry.to === to) : entries;
}
