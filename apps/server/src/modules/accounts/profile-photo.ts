import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { RouteRegistry } from '@renderfarm/routes';
import { UploadError } from '../../http/upload-error';
import { type SniffedImage, sniffImage } from '../../lib/files/image-type';

/** Profile photos live here, under STORAGE_DIR; `users.photo_path` holds the path relative to it. */
export const PROFILE_PHOTO_DIR = 'uploads/profile-photos';
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Bigger pictures would cost every viewer's browser a large decode for a small avatar. */
export const PROFILE_PHOTO_MAX_SIDE = 6000;

export const PROFILE_PHOTO_TOO_LARGE = 'حجم عکس باید حداکثر ۲ مگابایت باشد.';

/** Stored names: 32 random hex digits and the extension the bytes proved. Nothing of the sender's. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export const PHOTO_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;

/** The picture inside an upload, or an UploadError saying in Persian why it is not one we take. */
export function checkProfilePhoto(bytes: Buffer): SniffedImage {
  const image = sniffImage(bytes);
  // The right-to-left mark after the comma keeps «JPEG، PNG» in reading order in a right-to-left line.
  if (!image) throw new UploadError('RF_UPLOAD_TYPE', 'عکس باید از نوع JPEG،\u200F PNG یا WebP باشد.');
  if (image.width > PROFILE_PHOTO_MAX_SIDE || image.height > PROFILE_PHOTO_MAX_SIDE) {
    throw new UploadError(
      'RF_UPLOAD_DIMENSIONS',
      `طول و عرض عکس باید حداکثر ${new Intl.NumberFormat('fa-IR', { useGrouping: false }).format(PROFILE_PHOTO_MAX_SIDE)} پیکسل باشد.`,
    );
  }
  return image;
}

/** Writes the photo under a fresh random name; returns its path relative to storage. */
export async function storeProfilePhoto(
  storageDir: string,
  bytes: Buffer,
  ext: SniffedImage['ext'],
): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(join(storageDir, PROFILE_PHOTO_DIR), { recursive: true });
  // `wx`: never over an existing file, should 128 random bits ever repeat.
  await writeFile(join(storageDir, PROFILE_PHOTO_DIR, name), bytes, { flag: 'wx', mode: 0o640 });
  return posix.join(PROFILE_PHOTO_DIR, name);
}

/** The stored file name of a `photo_path`, when it is one of ours (anything else is never touched). */
export function profilePhotoName(photoPath: string | null | undefined): string | null {
  if (!photoPath) return null;
  const name = photoPath.slice(PROFILE_PHOTO_DIR.length + 1);
  return photoPath.startsWith(`${PROFILE_PHOTO_DIR}/`) && STORED_NAME.test(name) ? name : null;
}

export function isStoredPhotoName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** Deletes a replaced or removed photo; a path that is not one of ours is left alone. */
export async function deleteProfilePhoto(storageDir: string, photoPath: string | null | undefined) {
  const name = profilePhotoName(photoPath);
  if (!name) return;
  await unlink(join(storageDir, PROFILE_PHOTO_DIR, name)).catch((error: NodeJS.ErrnoException) => {
    // Already gone is the state we wanted.
    if (error.code !== 'ENOENT') throw error;
  });
}

/** The bytes of a stored photo, or null when the file is missing. */
export async function readProfilePhoto(storageDir: string, name: string): Promise<Buffer | null> {
  if (!isStoredPhotoName(name)) return null;
  try {
    return await readFile(join(storageDir, PROFILE_PHOTO_DIR, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Where the browser loads a user's photo (`photo_url` in props), or null without one. */
export function profilePhotoUrl(
  registry: RouteRegistry,
  photoPath: string | null | undefined,
): string | null {
  const name = profilePhotoName(photoPath);
  return name ? registry.url('profile-photo.show', { photo: name }, false) : null;
}
