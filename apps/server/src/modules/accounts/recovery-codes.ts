import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { toLatinDigits } from '../../lib/digits';

export const RECOVERY_CODE_COUNT = 8;
// No 0/o, 1/l/i: a code read off paper should not be mistyped.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `k3m9q-x7p2a`: two groups of five, about 49 bits, enough behind a rate-limited form. */
export function generateRecoveryCode(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)];
  const group = () => Array.from({ length: 5 }, pick).join('');
  return `${group()}-${group()}`;
}

/** Codes are compared in the form they were issued: lower case, no spaces, Latin digits. */
export function normalizeRecoveryCode(input: string): string {
  return toLatinDigits(input).toLowerCase().replace(/\s/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** The index of the matching hash, looking at every hash so the time does not say which matched. */
export function findRecoveryCode(hashes: string[], code: string): number {
  const candidate = Buffer.from(hashRecoveryCode(code), 'hex');
  let found = -1;
  hashes.forEach((hash, index) => {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate) && found < 0) found = index;
  });
  return found;
}
