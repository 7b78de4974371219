import { toLatinDigits } from './digits';

/**
 * Iranian national codes (کد ملی): ten digits, the last a mod-11 check digit of the other nine.
 * Older cards print them without leading zeros, so eight or nine digits are padded on the left.
 * Persian and Arabic-Indic digits are read as Latin ones; spaces and dashes are ignored.
 */

export type NationalCodeProblem = 'empty' | 'not_digits' | 'length' | 'same_digits' | 'checksum';

export type NationalCodeCheck = { ok: true; code: string } | { ok: false; problem: NationalCodeProblem };

/** What the person is told for each problem (Persian, shown under the field). */
export const NATIONAL_CODE_MESSAGES: Record<NationalCodeProblem, string> = {
  empty: 'کد ملی را بنویسید.',
  not_digits: 'کد ملی فقط از رقم تشکیل می‌شود؛ حرف یا نشانه ننویسید.',
  length: 'کد ملی ۱۰ رقم است؛ رقم‌ها را دوباره بشمارید.',
  same_digits: 'کد ملی نمی‌تواند از تکرار یک رقم باشد.',
  checksum: 'این کد ملی درست نیست (رقم کنترل نمی‌خواند)؛ رقم‌ها را دوباره بررسی کنید.',
};

/** Reads a typed national code: the ten-digit Latin form, or why it is not one. */
export function checkNationalCode(input: string): NationalCodeCheck {
  const typed = toLatinDigits(input).replace(/[\s\-‌]/g, '');
  if (typed === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(typed)) return { ok: false, problem: 'not_digits' };
  if (typed.length < 8 || typed.length > 10) return { ok: false, problem: 'length' };
  const code = typed.padStart(10, '0');
  if (/^(\d)\1{9}$/.test(code)) return { ok: false, problem: 'same_digits' };
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (code.charCodeAt(i) - 48) * (10 - i);
  const remainder = sum % 11;
  const expected = remainder < 2 ? remainder : 11 - remainder;
  if (code.charCodeAt(9) - 48 !== expected) return { ok: false, problem: 'checksum' };
  return { ok: true, code };
}

/** Whether `input` is a valid national code (any digits, 8–10 of them). */
export function isNationalCode(input: string): boolean {
  return checkNationalCode(input).ok;
}
