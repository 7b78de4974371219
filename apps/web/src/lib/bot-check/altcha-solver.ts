import { BotCheckError } from './errors';
import type { AltchaChallenge } from './types';

/** Hashes per batch: large enough to keep crypto.subtle busy, small enough to keep a frame free. */
export const ALTCHA_BATCH_SIZE = 500;

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

// A macrotask between batches: input, paint and timers run while the search goes on.
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Finds the number n with SHA-256(salt + n) = challenge, trying 0…maxnumber in small batches of
 * parallel `crypto.subtle` digests so the page stays responsive, and returns ALTCHA's token: the
 * base64 JSON of the challenge with the number (what the server's verify expects).
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  { batchSize = ALTCHA_BATCH_SIZE, signal }: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const target = challenge.challenge.toLowerCase();
  for (let start = 0; start <= challenge.maxnumber; start += batchSize) {
    if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
    const end = Math.min(start + batchSize - 1, challenge.maxnumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n))),
    );
    const found = hashes.findIndex((hash) => toHex(hash) === target);
    if (found >= 0) {
      const { algorithm, challenge: c, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: c, number: numbers[found], salt, signature }));
    }
    await yieldToPage();
  }
  throw new BotCheckError(
    'WEB_ERR_BOTCHECK_UNSOLVED',
    'بررسی امنیتی کامل نشد. صفحه را دوباره بارگذاری کنید و دوباره بفرستید.',
  );
}
