import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { ROOT_DIR } from '../../paths';

/**
 * The Blender add-on (integrations/blender/renderfarm_submit) as the zip Blender installs
 * (Preferences › Add-ons › Install…): the package's folder at the zip's top, its Python files only.
 * Built from the repository's files, so the download is always the add-on this server speaks to;
 * every entry has the same date, so the same files give the same bytes.
 */
export const BLENDER_ADDON_DIR = join(ROOT_DIR, 'integrations/blender/renderfarm_submit');
const PACKAGE = 'renderfarm_submit';
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** `bl_info["version"]` of the add-on, e.g. `1.0.0`. */
export function blenderAddonVersion(dir = BLENDER_ADDON_DIR): string {
  const source = readFileSync(join(dir, '__init__.py'), 'utf8');
  const match = /"version":\s*\((\d+),\s*(\d+),\s*(\d+)\)/.exec(source);
  if (!match) throw new Error(`no bl_info version in ${dir}/__init__.py`);
  return match.slice(1, 4).join('.');
}

export function blenderAddonFileName(dir = BLENDER_ADDON_DIR): string {
  return `renderfarm-blender-addon-${blenderAddonVersion(dir)}.zip`;
}

export async function blenderAddonZip(dir = BLENDER_ADDON_DIR): Promise<Buffer> {
  const zip = new ZipFile();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.py'))
    .sort();
  for (const name of files) {
    zip.addBuffer(readFileSync(join(dir, name)), `${PACKAGE}/${name}`, { mtime: FIXED_DATE, mode: 0o100644 });
  }
  zip.end();
  return buffer(zip.outputStream as Readable);
}

let cached: Promise<Buffer> | undefined;

/** The zip built once per process (the add-on's files change only with a deploy). */
export function cachedBlenderAddonZip(): Promise<Buffer> {
  cached ??= blenderAddonZip().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
