import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyNationalIdCheckDigit } from './company-national-id';
import { checkEconomicCode, isEconomicCode } from './economic-code';
import { isNationalCode } from './national-code';

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('economic code (کد اقتصادی)', () => {
  it('takes a person’s national code, a company’s national ID, or an old twelve-digit code', () => {
    expect(checkEconomicCode('0499370899')).toEqual({ ok: true, code: '0499370899', kind: 'person' });
    expect(checkEconomicCode('۱۰۳۲۰۸۴۵۶۷۱')).toEqual({ ok: true, code: '10320845671', kind: 'company' });
    expect(checkEconomicCode('4111-5369-8574')).toEqual({ ok: true, code: '411153698574', kind: 'legacy' });
  });

  it.each([
    ['0499370898', 'checksum'],
    ['10320845672', 'checksum'],
    ['111111111111', 'same_digits'],
    ['123456789', 'length'],
    ['1234567890123', 'length'],
    ['41115369857x', 'not_digits'],
    ['  ', 'empty'],
  ])('refuses %s (%s)', (code, problem) => {
    expect(checkEconomicCode(code)).toEqual({ ok: false, problem });
  });

  it('a ten-digit code is valid exactly when it is a valid national code', () => {
    fc.assert(
      fc.property(digitString(10), (code) => {
        expect(isEconomicCode(code)).toBe(isNationalCode(code));
      }),
      { numRuns: 5_000 },
    );
  });

  it('an eleven-digit code is valid exactly when its check digit reads as a company national ID', () => {
    fc.assert(
      fc.property(digitString(10), fc.integer({ min: 0, max: 9 }), (ten, last) => {
        fc.pre(!/^0+$/.test(ten.slice(3, 9)) && !/^(\d)\1+$/.test(`${ten}${last}`));
        expect(isEconomicCode(`${ten}${last}`)).toBe(last === companyNationalIdCheckDigit(ten));
      }),
      { numRuns: 5_000 },
    );
  });
});
