import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StagingFileStore } from './upload-routes';

describe('the tus staging store', () => {
  const root = mkdtempSync(join(tmpdir(), 'staging-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('has its folder as soon as it exists, made synchronously', () => {
    const directory = join(root, 'staging', 'drive-uploads');
    new StagingFileStore({ directory });
    expect(existsSync(directory)).toBe(true);
  });

  it('fails in the constructor, not later in a callback nothing can catch, when the folder cannot be made', () => {
    writeFileSync(join(root, 'a-file'), 'not a folder');
    expect(() => new StagingFileStore({ directory: join(root, 'a-file', 'uploads') })).toThrow(
      /ENOTDIR|EEXIST/,
    );
  });
});
