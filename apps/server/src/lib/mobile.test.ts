import { describe, expect, it } from 'vitest';
import { DomainError } from './domain-error';
import { maskedMobileInText, maskMobile, mobileAsSeenBy, normalizeMobile, parseMobile } from './mobile';

describe('Iranian mobile numbers', () => {
  it.each([
    ['09121234567', '09121234567'],
    ['۰۹۱۲۱۲۳۴۵۶۷', '09121234567'],
    ['٠٩١٢١٢٣٤٥٦٧', '09121234567'],
    ['0912 123 4567', '09121234567'],
    ['0912-123-4567', '09121234567'],
    ['+989121234567', '09121234567'],
    ['+98 912 123 4567', '09121234567'],
    ['00989121234567', '09121234567'],
    ['989121234567', '09121234567'],
    ['9121234567', '09121234567'],
    ['  ۰۹۱۲-۱۲۳ ۴۵۶۷ ', '09121234567'],
    ['(0912) 123.4567', '09121234567'],
    ['+۹۸۹۳۵۱۲۳۴۵۶۷', '09351234567'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '0912123456',
    '091212345678',
    '08121234567',
    '02112345678',
    '+449121234567',
    '0912abc4567',
    '۰۹۱۲۱۲۳۴۵۶۷۸',
    "0912' or 1=1--",
    '<script>0912</script>',
    '9'.repeat(100),
  ])('refuses %j with a Persian message', (input) => {
    const result = parseMobile(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/شماره موبایل معتبر نیست/);
  });

  it('refuses values that are not strings', () => {
    expect(parseMobile(9121234567).ok).toBe(false);
    expect(parseMobile(null).ok).toBe(false);
  });

  it('throws a coded error from normalizeMobile', () => {
    try {
      normalizeMobile('123');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('RF_AUTH_MOBILE_INVALID');
      expect((error as DomainError).status).toBe(422);
    }
  });

  it('masks the middle of a number', () => {
    expect(maskMobile('09120000000')).toBe('0912***0000');
    expect(maskMobile('09121234567')).toBe('0912***4567');
    expect(maskMobile('bad')).toBe('***');
  });

  it('writes a masked number into Persian text in Persian digits, isolated left to right', () => {
    expect(maskedMobileInText('09121234567')).toBe('\u2066۰۹۱۲***۴۵۶۷\u2069');
  });
});

describe('whose eyes a number is shown to', () => {
  it('shows it in full to staff and to its owner, masked to anyone else', () => {
    const mobile = '09121234567';
    expect(mobileAsSeenBy(mobile, 7, { id: 2, role: 'care' })).toBe(mobile);
    expect(mobileAsSeenBy(mobile, 7, { id: 1, role: 'admin' })).toBe(mobile);
    expect(mobileAsSeenBy(mobile, 7, { id: 7, role: 'customer' })).toBe(mobile);
    expect(mobileAsSeenBy(mobile, 7, { id: 8, role: 'customer' })).toBe('0912***4567');
    expect(mobileAsSeenBy(mobile, 7, null)).toBe('0912***4567');
    expect(mobileAsSeenBy(null, 7, { id: 1, role: 'admin' })).toBeNull();
  });
});
