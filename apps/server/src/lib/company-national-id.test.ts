import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkCompanyNationalId,
  companyNationalIdCheckDigit,
  isCompanyNationalId,
} from './company-national-id';

/**
 * A second, separately written reading of the rule: the coefficients as one list of ten, the sum
 * built digit by digit from the number's value, 10 folded to 0 by `% 10`.
 */
function reference(code: string): boolean {
  if (!/^[0-9]{11}$/.test(code)) return false;
  const digits = [...code].map((d) => Number.parseInt(d, 10));
  if (digits.slice(3, 9).every((d) => d === 0)) return false;
  const coefficients = [29, 27, 23, 19, 17, 29, 27, 23, 19, 17];
  const shift = digits[9]! + 2;
  const total = coefficients.reduce((sum, c, i) => sum + (digits[i]! + shift) * c, 0);
  return (total % 11) % 10 === digits[10];
}

const persian = (latin: string) => latin.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('company national ID (شناسهٔ ملی)', () => {
  // Check digits computed with the reference, not the code under test.
  it.each(['10320845671', '10101234565', '14008123457', '10860953260', '10101656557'])(
    'accepts the valid ID %s',
    (code) => {
      expect(reference(code)).toBe(true);
      expect(checkCompanyNationalId(code)).toEqual({ ok: true, code });
    },
  );

  it('reads Persian digits, spaces and dashes', () => {
    expect(checkCompanyNationalId('۱۰۳۲۰۸۴۵۶۷۱')).toEqual({ ok: true, code: '10320845671' });
    expect(checkCompanyNationalId(' 1032-0845-671 ')).toEqual({ ok: true, code: '10320845671' });
  });

  it.each([
    ['10320845672', 'checksum'],
    ['10320845670', 'checksum'],
    ['10100000001', 'serial'],
    ['1032084567', 'length'],
    ['103208456711', 'length'],
    ['1032084567a', 'not_digits'],
    ['', 'empty'],
  ])('refuses %s (%s)', (code, problem) => {
    expect(checkCompanyNationalId(code)).toEqual({ ok: false, problem });
    expect(reference(code)).toBe(false);
  });

  it('agrees with the reference on any eleven digits', () => {
    fc.assert(
      fc.property(digitString(11), (code) => {
        expect(isCompanyNationalId(code)).toBe(reference(code));
        expect(isCompanyNationalId(persian(code))).toBe(reference(code));
      }),
      { numRuns: 20_000 },
    );
  });

  it('accepts exactly one check digit after any ten digits with a serial', () => {
    fc.assert(
      fc.property(digitString(10), (ten) => {
        fc.pre(!/^0+$/.test(ten.slice(3, 9)));
        const accepted = [...'0123456789'].filter((d) => isCompanyNationalId(`${ten}${d}`));
        expect(accepted).toEqual([String(companyNationalIdCheckDigit(ten))]);
      }),
      { numRuns: 3_000 },
    );
  });
});
