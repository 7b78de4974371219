import { describe, expect, it } from 'vitest';
import { assertPasswordAllowed, checkPassword, isCommonPassword } from './password-rules';

const rules = (password: unknown, context = {}) => checkPassword(password, context).map((p) => p.rule);

describe('password rules', () => {
  it('accepts a long, uncommon password', () => {
    expect(checkPassword('کوه-دماوند-۱۴۰۳')).toEqual([]);
    expect(checkPassword('correct horse battery staple')).toEqual([]);
  });

  it('needs a password of at least 8 characters, counted as characters not bytes', () => {
    expect(rules('')).toEqual(['required']);
    expect(rules(undefined)).toEqual(['required']);
    expect(rules(12345678)).toEqual(['required']);
    expect(rules('Ab1!xyz')).toEqual(['min_length']);
    expect(checkPassword('Ab1!xyz')[0]!.message).toBe('رمز عبور باید دست‌کم ۸ نویسه باشد.');
    // Seven Persian letters are 14 bytes but still seven characters.
    expect(rules('سلامدنی')).toEqual(['min_length']);
    expect(rules('x'.repeat(129))).toEqual(['max_length']);
  });

  it('refuses common passwords in any case or digit script', () => {
    expect(rules('password')).toEqual(['common']);
    expect(rules('PassWord123')).toEqual(['common']);
    expect(rules('۱۲۳۴۵۶۷۸')).toEqual(['common']);
    expect(rules('qwerty123!')).toEqual(['common']);
    expect(isCommonPassword('Iran1234')).toBe(true);
    expect(checkPassword('12345678')[0]!.message).toMatch(/رایج/);
  });

  it('refuses the e-mail local part and the mobile number inside the password', () => {
    expect(rules('Maryam.Ahmadi!2025', { email: 'maryam.ahmadi@example.com' })).toEqual(['contains_email']);
    expect(rules('zz-9121234567-zz', { mobile: '09121234567' })).toEqual(['contains_mobile']);
    expect(rules('zz-۹۱۲۱۲۳۴۵۶۷-zz', { mobile: '09121234567' })).toEqual(['contains_mobile']);
    expect(rules('ab-long-secret', { email: 'ab@example.com' })).toEqual([]);
  });

  it('throws RF_AUTH_PASSWORD_WEAK with every problem', () => {
    expect(() => assertPasswordAllowed('iran1234', { email: 'iran@x.test' })).toThrow(
      expect.objectContaining({
        code: 'RF_AUTH_PASSWORD_WEAK',
        details: {
          problems: [
            expect.objectContaining({ rule: 'common' }),
            expect.objectContaining({ rule: 'contains_email' }),
          ],
        },
      }),
    );
  });
});
