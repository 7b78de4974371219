import { toLatinDigits } from './digits';

/**
 * The national ID of a legal person (شناسهٔ ملی اشخاص حقوقی): eleven digits, the last a check digit
 * of the first ten. Each of the ten is raised by the tenth digit plus 2 and weighted 29, 27, 23, 19,
 * 17 in turn; the sum mod 11 (10 counts as 0) is the check digit. Digits 4 to 9 are a serial that
 * is never all zero. Persian and Arabic-Indic digits are read as Latin ones; spaces and dashes are
 * ignored.
 */

export type CompanyNationalIdProblem = 'empty' | 'not_digits' | 'length' | 'serial' | 'checksum';

export type CompanyNationalIdCheck =
  | { ok: true; code: string }
  | { ok: false; problem: CompanyNationalIdProblem };

export const COMPANY_NATIONAL_ID_MESSAGES: Record<CompanyNationalIdProblem, string> = {
  empty: 'شناسهٔ ملی شرکت را بنویسید.',
  not_digits: 'شناسهٔ ملی فقط از رقم تشکیل می‌شود؛ حرف یا نشانه ننویسید.',
  length: 'شناسهٔ ملی شرکت ۱۱ رقم است؛ رقم‌ها را دوباره بشمارید.',
  serial: 'این شناسهٔ ملی درست نیست (رقم‌های چهارم تا نهم همه صفرند).',
  checksum: 'این شناسهٔ ملی درست نیست (رقم کنترل نمی‌خواند)؛ رقم‌ها را دوباره بررسی کنید.',
};

const WEIGHTS = [29, 27, 23, 19, 17];

/** The check digit that follows these ten digits. */
export function companyNationalIdCheckDigit(ten: string): number {
  const raise = ten.charCodeAt(9) - 48 + 2;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (ten.charCodeAt(i) - 48 + raise) * (WEIGHTS[i % 5] ?? 0);
  const remainder = sum % 11;
  return remainder === 10 ? 0 : remainder;
}

/** Reads a typed company national ID: the eleven-digit Latin form, or why it is not one. */
export function checkCompanyNationalId(input: string): CompanyNationalIdCheck {
  const code = toLatinDigits(input).replace(/[\s\-‌]/g, '');
  if (code === '') return { ok: false, problem: 'empty' };
  if (!/^\d+$/.test(code)) return { ok: false, problem: 'not_digits' };
  if (code.length !== 11) return { ok: false, problem: 'length' };
  if (/^0+$/.test(code.slice(3, 9))) return { ok: false, problem: 'serial' };
  if (code.charCodeAt(10) - 48 !== companyNationalIdCheckDigit(code.slice(0, 10))) {
    return { ok: false, problem: 'checksum' };
  }
  return { ok: true, code };
}

export function isCompanyNationalId(input: string): boolean {
  return checkCompanyNationalId(input).ok;
}
