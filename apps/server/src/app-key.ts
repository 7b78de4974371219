import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * APP_KEY from the environment, or one generated on first start and kept in `storage/app-key`
 * (mode 0600) so sessions and encrypted columns survive restarts.
 */
export function ensureAppKey(configured: string | undefined, storageDir: string): string {
  if (configured) return configured;
  const file = join(storageDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const key = `base64:${randomBytes(32).toString('base64')}`;
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
