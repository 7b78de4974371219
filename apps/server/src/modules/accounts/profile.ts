import type { Database } from '../../db/client';
import { normalizeEmail } from '../../lib/email-address';
import { type RequestContext, recordActivity } from '../activity';
import { AuthError } from '../auth';
import { emailTakenByAnother, findActiveUserByPhoto, lockUser, type User, updateUser } from '../users';
import { maskEmail, tellOldContact } from './contact-change-notice';
import { deleteProfilePhoto, PROFILE_PHOTO_DIR } from './profile-photo';

/**
 * Profile/Show's "profile information" form: the name, the e-mail, which must be verified again
 * when it changes (the old address, if verified, is told), and a new photo already stored
 * (`photoPath`). Returns whether the address
 * changed (the route then mails a link) and the photo it replaced (the route deletes its file).
 */
export async function updateProfileInformation(
  db: Database,
  user: User,
  input: { name: string; email?: string | undefined; photoPath?: string | undefined },
  context: RequestContext = {},
): Promise<{ user: User; emailChanged: boolean; replacedPhotoPath: string | null }> {
  const email = input.email ? normalizeEmail(input.email) : null;
  if (!email && !user.mobile) {
    throw new AuthError('RF_AUTH_ACCOUNT_EXISTS', 'ایمیل را وارد کنید.', { field: 'email' });
  }
  // An approved identity fixes the name (invoices and the KYC record carry it); staff correct it.
  if (user.kycStatus === 'approved' && input.name.trim() !== user.name) {
    throw new AuthError(
      'RF_AUTH_NAME_LOCKED',
      'پس از تأیید هویت، نام حساب همان نام تأییدشده است؛ برای اصلاح آن به پشتیبانی تیکت بزنید.',
    );
  }
  const emailChanged = email !== (user.email ? normalizeEmail(user.email) : null);
  if (emailChanged && email) {
    if (await emailTakenByAnother(db, email, user.id))
      throw new AuthError('RF_AUTH_ACCOUNT_EXISTS', 'این ایمیل برای حساب دیگری ثبت شده است.');
  }
  const photoChanged = input.photoPath !== undefined;
  return db.transaction(async (tx) => {
    // The row's own photo, read under a lock: two uploads at once each delete what they replaced.
    const current = await lockUser(tx, user.id);
    const updated = await updateUser(tx, user.id, {
      name: input.name,
      ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
      ...(photoChanged ? { photoPath: input.photoPath } : {}),
    });
    if (emailChanged && current?.email && current.emailVerifiedAt) {
      await tellOldContact(tx, {
        kind: 'email',
        name: current.name,
        to: current.email,
        now: email ? maskEmail(email) : null,
      });
    }
    await recordActivity(tx, {
      event: 'account:profile.updated',
      actorId: user.id,
      subject: { type: 'user', id: user.id },
      properties: { email_changed: emailChanged, photo_changed: photoChanged },
      ...context,
    });
    return {
      user: updated!,
      emailChanged,
      replacedPhotoPath: photoChanged ? (current?.photoPath ?? null) : null,
    };
  });
}

/** `current-user-photo.destroy`: forgets the photo, then deletes its file (only ever one of ours). */
export async function removeProfilePhoto(
  db: Database,
  userId: number,
  storageDir: string,
  context: RequestContext = {},
): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const current = await lockUser(tx, userId);
    if (!current?.photoPath) return null;
    await updateUser(tx, userId, { photoPath: null });
    await recordActivity(tx, {
      event: 'account:photo.removed',
      actorId: userId,
      subject: { type: 'user', id: userId },
      ...context,
    });
    return current.photoPath;
  });
  // After the commit: a failed update never leaves a row pointing at a deleted file.
  if (removed) await deleteProfilePhoto(storageDir, removed);
  return removed !== null;
}

/** The live account whose photo is stored under `name` (names are random, so at most one). */
export async function findPhotoOwner(db: Database, name: string): Promise<{ id: number } | null> {
  return findActiveUserByPhoto(db, `${PROFILE_PHOTO_DIR}/${name}`);
}
