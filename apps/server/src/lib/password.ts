import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's scrypt floor (N=2^17, r=8, p=1): about 128 MiB and ~100 ms a hash on one core.
const PARAMS = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
/**
 * Under vitest (NODE_ENV=test) new hashes use N=2^12 (about 4 MiB, ~3 ms), as Laravel's test suites
 * lower BCRYPT_ROUNDS: the suite signs in and seeds thousands of times, and at the production cost
 * those hashes were a large share of its CPU on a two-core machine. Verification always reads the
 * cost from the stored hash, so nothing else changes; a deployed server never runs with NODE_ENV=test.
 */
const TEST_PARAMS = { ...PARAMS, N: 2 ** 12 };

/** The cost new hashes get: the production floor, or the cheap one in the test suite. */
export function hashParams(env: NodeJS.ProcessEnv = process.env): typeof PARAMS {
  return env.NODE_ENV === 'test' ? TEST_PARAMS : PARAMS;
}
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = hashParams();
  const hash = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const actual = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(saltB64, 'base64'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
