import { isAbsolute, resolve } from 'node:path';

/** The repository root: relative paths in settings (STORAGE_DIR) are read from here, whatever the cwd. */
export const ROOT_DIR = resolve(import.meta.dirname, '../../..');
export const SERVER_DIR = resolve(import.meta.dirname, '..');
export const WEB_DIST_DIR = resolve(ROOT_DIR, 'apps/web/dist');
export const MIGRATIONS_DIR = resolve(SERVER_DIR, 'drizzle');

export function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(ROOT_DIR, path);
}
