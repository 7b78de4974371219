import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNationalCode, isNationalCode } from './national-code';

/**
 * A second, separately written reading of the rule, to test the real one against: weights from the
 * right (2…10), the check digit r when r < 2 else 11 − r, on a number built arithmetically.
 */
function reference(code: string): boolean {
  if (code.length < 8 || code.length > 10) return false;
  for (const ch of code) if (ch < '0' || ch > '9') return false;
  const digits = Array.from({ length: 10 - code.length }, () => 0).concat([...code].map(Number));
  if (digits.every((d) => d === digits[0])) return false;
  const check = digits[9]!;
  let total = 0;
  for (let position = 2; position <= 10; position++) total += digits[10 - position]! * position;
  const r = total - Math.floor(total / 11) * 11;
  return r < 2 ? check === r : check + r === 11;
}

/** The check digit the reference accepts after these nine digits (or null: none does). */
function referenceCheckDigit(nine: string): number | null {
  for (let d = 0; d <= 9; d++) if (reference(`${nine}${d}`)) return d;
  return null;
}

const persian = (latin: string) => latin.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
const arabic = (latin: string) => latin.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('national code', () => {
  it.each(['0499370899', '0790419904', '0084575948', '0013542419', '0067749828', '4608968882', '1234567891'])(
    'accepts the valid code %s',
    (code) => {
      expect(reference(code)).toBe(true);
      expect(checkNationalCode(code)).toEqual({ ok: true, code });
    },
  );

  it('accepts Persian and Arabic digits, spaces and dashes, and pads 8–9 digits', () => {
    expect(checkNationalCode('۰۴۹۹۳۷۰۸۹۹')).toEqual({ ok: true, code: '0499370899' });
    expect(checkNationalCode('٠٤٩٩٣٧٠٨٩٩')).toEqual({ ok: true, code: '0499370899' });
    expect(checkNationalCode(' 049-937-0899 ')).toEqual({ ok: true, code: '0499370899' });
    expect(checkNationalCode('499370899')).toEqual({ ok: true, code: '0499370899' });
    expect(checkNationalCode('84575948')).toEqual({ ok: true, code: '0084575948' });
  });

  it.each([
    ['0499370898', 'checksum'],
    ['1234567890', 'checksum'],
    ['0000000000', 'same_digits'],
    ['5555555555', 'same_digits'],
    ['00000000', 'same_digits'],
    ['04993708a9', 'not_digits'],
    ['abcdefghij', 'not_digits'],
    ['1234567', 'length'],
    ['04993708990', 'length'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('refuses %s (%s)', (code, problem) => {
    expect(checkNationalCode(code)).toEqual({ ok: false, problem });
    expect(reference(code.trim())).toBe(false);
  });

  it('agrees with the reference on any string of 8–10 digits', () => {
    fc.assert(
      fc.property(digitString(8, 10), (code) => {
        expect(isNationalCode(code)).toBe(reference(code));
      }),
      { numRuns: 20_000 },
    );
  });

  it('accepts exactly one check digit after nine digits that are not all alike, in any script', () => {
    fc.assert(
      fc.property(digitString(9, 9), (nine) => {
        const expected = referenceCheckDigit(nine);
        for (let d = 0; d <= 9; d++) {
          const code = `${nine}${d}`;
          const valid = d === expected;
          expect(isNationalCode(code)).toBe(valid);
          expect(isNationalCode(persian(code))).toBe(valid);
          expect(isNationalCode(arabic(code))).toBe(valid);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('reads a code without its leading zeros as the padded one', () => {
    fc.assert(
      fc.property(digitString(8, 10), (code) => {
        const padded = code.padStart(10, '0');
        expect(isNationalCode(code)).toBe(isNationalCode(padded));
      }),
    );
  });

  it('refuses any string with a letter in it', () => {
    fc.assert(
      fc.property(
        digitString(9, 9),
        fc.integer({ min: 0, max: 9 }),
        fc.constantFrom('a', 'Z', 'ب', '.', '_', '+'),
        (nine, at, letter) => {
          const code = `${nine}0`;
          const spoiled = code.slice(0, at) + letter + code.slice(at + 1);
          expect(checkNationalCode(spoiled)).toEqual({ ok: false, problem: 'not_digits' });
        },
      ),
    );
  });
});
