import { checkCompanyNationalId } from './company-national-id';
import { toLatinDigits } from './digits';
import { checkNationalCode } from './national-code';

/**
 * The economic code (کد اقتصادی) printed on an official invoice. Since the tax administration
 * unified the codes (docs/decisions/0013-official-invoice.md), a natural person's economic code is
 * their national code (10 digits) and a legal person's is its national ID (11 digits), each with its
 * own check digit. Codes issued before that are 12 digits with no published check digit: they are
 * still accepted, as digits that are not one digit repeated.
 */

export type EconomicCodeKind = 'person' | 'company' | 'legacy';

export type EconomicCodeProblem = 'empty' | 'not_digits' | 'length' | 'same_digits' | 'checksum';

export type EconomicCodeCheck =
  | { ok: true; code: string; kind: EconomicCodeKind }
  | { ok: false; problem: EconomicCodeProblem };

export const ECONOMIC_CODE_MESSAGES: Record<EconomicCodeProblem, string> = {
  empty: 'کد اقتصادی را بنویسید.',
  not_digits: 'کد اقتصادی فقط از رقم تشکیل می‌شود؛ حرف یا نشانه ننویسید.',
  length: 'کد اقتصادی ۱۰ رقم (کد ملی شخص)، ۱۱ رقم (شناسهٔ ملی شرکت) یا ۱۲ رقم (کد اقتصادی قدیمی) است.',
  same_digits: 'کد اقتصادی نمی‌تواند از تکرار یک رقم باشد.',
  checksum: 'این کد اقتصادی درست نیست (رقم کنترل نمی‌خواند)؛ رقم‌ها را دوباره بررسی کنید.',
};

/** Reads a typed economic code: its Latin digits and which kind it is, or why it is not one. */
export function checkEconomicCode(input: string): EconomicCodeCheck {
  const code = toLatinDigits(input).replace(/[\s\-‌]/g, '');
  if (code === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(code)) return { ok: false, problem: 'not_digits' };
  if (/^(\d)\1+$/.test(code)) return { ok: false, problem: 'same_digits' };
  switch (code.length) {
    case 10:
      return checkNationalCode(code).ok
        ? { ok: true, code, kind: 'person' }
        : { ok: false, problem: 'checksum' };
    case 11:
      return checkCompanyNationalId(code).ok
        ? { ok: true, code, kind: 'company' }
        : { ok: false, problem: 'checksum' };
    case 12:
      return { ok: true, code, kind: 'legacy' };
    default:
      return { ok: false, problem: 'length' };
  }
}

export function isEconomicCode(input: string): boolean {
  return checkEconomicCode(input).ok;
}
