import { createHash, randomBytes } from 'node:crypto';

/** How long an admin's enrolment token may be traded for a node token. */
export const ENROLMENT_TTL_MS = 24 * 3600 * 1000;

/** Node and enrolment tokens: 32 random bytes, with a prefix that says what they are in a log or a vault. */
export const newNodeToken = () => `rn_${randomBytes(32).toString('base64url')}`;
export const newEnrolmentToken = () => `rne_${randomBytes(32).toString('base64url')}`;

/** Only the SHA-256 is kept: a copy of the database lets no one act as a node. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(rn_[A-Za-z0-9_-]{43})$/.exec(header ?? '');
  return match ? match[1]! : null;
}
