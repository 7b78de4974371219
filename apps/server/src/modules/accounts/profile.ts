import { unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type RequestContext, recordActivity } from '../activity/service';
import { AuthError } from '../auth/errors';
import { type User, users } from '../users/tables';
import { normalizeEmail } from './service';

/**
 * Profile/Show's "profile information" form: the name, and the e-mail, which must be verified
 * again when it changes. Returns whether the address changed (the route then mails a link).
 */
export async function updateProfileInformation(
  db: Database,
  user: User,
  input: { name: string; email?: string | undefined },
  context: RequestContext = {},
): Promise<{ user: User; emailChanged: boolean }> {
  const email = input.email ? normalizeEmail(input.email) : null;
  if (!email && !user.mobile) {
    throw new AuthError('RF_AUTH_ACCOUNT_EXISTS', 'ایمیل را وارد کنید.', { field: 'email' });
  }
  const emailChanged = email !== (user.email ? normalizeEmail(user.email) : null);
  if (emailChanged && email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id), isNull(users.deletedAt)));
    if (taken) throw new AuthError('RF_AUTH_ACCOUNT_EXISTS', 'این ایمیل برای حساب دیگری ثبت شده است.');
  }
  const [updated] = await db
    .update(users)
    .set({
      name: input.name,
      ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  await recordActivity(db, {
    event: 'account:profile.updated',
    actorId: user.id,
    subject: { type: 'user', id: user.id },
    properties: { email_changed: emailChanged },
    ...context,
  });
  return { user: updated!, emailChanged };
}

/** `current-user-photo.destroy`: forgets the photo and deletes its file when it lies under storage. */
export async function removeProfilePhoto(db: Database, user: User, storageDir: string): Promise<void> {
  if (!user.photoPath) return;
  await db.update(users).set({ photoPath: null, updatedAt: new Date() }).where(eq(users.id, user.id));
  const file = resolve(storageDir, user.photoPath);
  // A path that escapes storage (a bad row) is never unlinked.
  if (file.startsWith(resolve(storageDir) + sep)) await unlink(file).catch(() => {});
}
