import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import type { Mailer } from '../../platform/mail';
import { recordActivity } from '../activity';
import { emailVerificationMail } from '../notifications';
import { findActiveUserById, type User, updateUser } from '../users';
import { AuthError } from './errors';
import type { SignedLinks } from './signed-links';

export const VERIFY_LINK_MINUTES = 60;

// The hash of the address in the link: a link sent to an old address stops working after a change.
const emailHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

/** Auth/VerifyEmail: `/email/verify/{id}/{hash}` signed for 60 minutes (docs/screens.md §2). */
export function createEmailVerificationService(options: {
  db: Database;
  mailer: Mailer;
  links: SignedLinks;
  clock?: Clock;
}) {
  const { db, mailer, links } = options;
  const clock = options.clock ?? systemClock;

  return {
    /** Mails the link; the route limits calls (6 a minute). */
    async send(user: User): Promise<void> {
      if (!user.email || user.emailVerifiedAt) return;
      const url = links.sign(`/email/verify/${user.id}/${emailHash(user.email)}`, VERIFY_LINK_MINUTES * 60);
      await mailer.send({
        to: user.email,
        ...emailVerificationMail({ name: user.name, url, minutes: VERIFY_LINK_MINUTES }),
      });
    },

    /** Checks the signed URL (path + query) and marks the address verified; returns the user id. */
    async verify(url: string, signedInUserId?: number): Promise<{ userId: number; firstContact: boolean }> {
      links.verify(url);
      const match = /^\/email\/verify\/(\d+)\/([0-9a-f]{64})$/.exec(new URL(url, 'http://x').pathname);
      if (!match) throw new AuthError('RF_AUTH_SIGNATURE_INVALID', 'این پیوند معتبر نیست.');
      const userId = Number(match[1]);
      const user = await findActiveUserById(db, userId);
      const expected = Buffer.from(user?.email ? emailHash(user.email) : '0'.repeat(64));
      if (
        !user ||
        (signedInUserId !== undefined && signedInUserId !== userId) ||
        !timingSafeEqual(expected, Buffer.from(match[2]!))
      ) {
        throw new AuthError('RF_AUTH_SIGNATURE_INVALID', 'این پیوند معتبر نیست.');
      }
      // The account's first verified way to reach it: a new account, welcomed as the mobile
      // sign-up is (Users/Landing's checklist), not a later change of address.
      const firstContact = !user.emailVerifiedAt && !user.mobileVerifiedAt;
      if (!user.emailVerifiedAt) {
        await updateUser(db, userId, { emailVerifiedAt: clock() });
        await recordActivity(db, { event: 'auth:email.verified', actorId: userId });
      }
      return { userId, firstContact };
    },
  };
}
