import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUrl, totp, verifyTotp } from './totp';

// RFC 6238 Appendix B: the seeds are ASCII "1234567890" repeated to the hash's block length.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, keyof typeof SEEDS][] = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1111111109, '07081804', 'sha1'],
  [1111111109, '68084774', 'sha256'],
  [1111111109, '25091201', 'sha512'],
  [1111111111, '14050471', 'sha1'],
  [1111111111, '67062674', 'sha256'],
  [1111111111, '99943326', 'sha512'],
  [1234567890, '89005924', 'sha1'],
  [1234567890, '91819424', 'sha256'],
  [1234567890, '93441116', 'sha512'],
  [2000000000, '69279037', 'sha1'],
  [2000000000, '90698825', 'sha256'],
  [2000000000, '38618901', 'sha512'],
  [20000000000, '65353130', 'sha1'],
  [20000000000, '77737706', 'sha256'],
  [20000000000, '47863826', 'sha512'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives %s with %s', (seconds, expected, algorithm) => {
    expect(totp(SEEDS[algorithm], new Date(seconds * 1000), { digits: 8, algorithm })).toBe(expected);
  });

  it('matches the RFC 4226 HOTP values', () => {
    const codes = Array.from({ length: 10 }, (_, i) => hotp(SEEDS.sha1, i));
    expect(codes).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it('round-trips base32 and reads it as people paste it', () => {
    expect(base32Encode(SEEDS.sha1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(SEEDS.sha1);
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(() => base32Decode('GEZ1')).toThrow(RangeError);
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts one step of drift either side and names the step', () => {
    const secret = base32Encode(SEEDS.sha1);
    const at = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    expect(verifyTotp(secret, totp(secret, at), at)).toBe(step);
    expect(verifyTotp(secret, totp(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(verifyTotp(secret, totp(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(verifyTotp(secret, totp(secret, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(verifyTotp(secret, '12345', at)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull();
  });

  it('builds the otpauth URL authenticator apps read', () => {
    expect(otpauthUrl({ issuer: 'رندر فارم', account: 'a@b.test', secret: 'ABC' })).toBe(
      'otpauth://totp/%D8%B1%D9%86%D8%AF%D8%B1%20%D9%81%D8%A7%D8%B1%D9%85:a%40b.test?secret=ABC&issuer=%D8%B1%D9%86%D8%AF%D8%B1%20%D9%81%D8%A7%D8%B1%D9%85&algorithm=SHA1&digits=6&period=30',
    );
  });
});
