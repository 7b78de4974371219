import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DatabaseLockedError, lockDataDir } from './data-dir-lock';

describe('embedded database directory lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rf-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second owner while the first is alive', () => {
    const dir = tempDir();
    // The parent of this test process is alive and is not us.
    writeFileSync(join(dir, '.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, '.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });

  // A cluster on disk (initdb writes and syncs every file) took over 30 s on two cores under load.
  it('is held while PGlite is open and released on close', async () => {
    const dir = tempDir();
    const handle = await openDatabase({ dataDir: dir });
    expect(existsSync(join(dir, '.lock'))).toBe(true);
    await handle.close();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  }, 180_000);
});
