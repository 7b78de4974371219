import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH } from '../../http/fields';
import { toLatinDigits } from '../../lib/digits';
import { faNumber } from '../../lib/persian';
import { AuthError } from './errors';

export const PASSWORD_MIN_LENGTH = 8;
// The upper limit is a form field's (http/fields.ts): hashing a pasted megabyte would be a DoS.
export { PASSWORD_MAX_LENGTH };

const COMMON = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

export type PasswordRule =
  | 'required'
  | 'min_length'
  | 'max_length'
  | 'common'
  | 'contains_email'
  | 'contains_mobile';

export interface PasswordProblem {
  rule: PasswordRule;
  message: string;
}

export interface PasswordContext {
  email?: string | null | undefined;
  mobile?: string | null | undefined;
}

/** Lower case, Latin digits, NFKC: `Password۱۲۳` and `password123` are the same weak choice. */
function fold(text: string): string {
  return toLatinDigits(text.normalize('NFKC')).toLowerCase();
}

/**
 * The password rules of Register, ResetPassword and the password form (NIST SP 800-63B: length
 * and a blocklist, no composition rules). Every broken rule is reported, each in Persian.
 */
export function checkPassword(password: unknown, context: PasswordContext = {}): PasswordProblem[] {
  if (typeof password !== 'string' || password.length === 0) {
    return [{ rule: 'required', message: 'رمز عبور را وارد کنید.' }];
  }
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return [
      { rule: 'min_length', message: `رمز عبور باید دست‌کم ${faNumber(PASSWORD_MIN_LENGTH)} نویسه باشد.` },
    ];
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return [
      { rule: 'max_length', message: `رمز عبور نباید بیش از ${faNumber(PASSWORD_MAX_LENGTH)} نویسه باشد.` },
    ];
  }
  const problems: PasswordProblem[] = [];
  const folded = fold(password);
  if (COMMON.has(folded) || COMMON.has(folded.replace(/[!.@#$]+$/, ''))) {
    problems.push({
      rule: 'common',
      message: 'این رمز عبور بسیار رایج است و به‌آسانی حدس زده می‌شود؛ رمز دیگری برگزینید.',
    });
  }
  const local = context.email ? fold(context.email.split('@')[0] ?? '') : '';
  // Very short local parts ("a@…") would forbid half the alphabet; three characters is a name.
  if (local.length >= 3 && folded.includes(local)) {
    problems.push({
      rule: 'contains_email',
      message: 'رمز عبور نباید بخشی از نشانی ایمیل شما را در خود داشته باشد.',
    });
  }
  const mobileCore = context.mobile ? toLatinDigits(context.mobile).replace(/\D/g, '').slice(-10) : '';
  if (mobileCore.length === 10 && folded.includes(mobileCore)) {
    problems.push({
      rule: 'contains_mobile',
      message: 'رمز عبور نباید شماره موبایل شما را در خود داشته باشد.',
    });
  }
  return problems;
}

/** Throws `RF_AUTH_PASSWORD_WEAK` with every problem in `details.problems`. */
export function assertPasswordAllowed(
  password: unknown,
  context: PasswordContext = {},
): asserts password is string {
  const problems = checkPassword(password, context);
  if (problems.length > 0) {
    throw new AuthError('RF_AUTH_PASSWORD_WEAK', problems[0]!.message, { problems });
  }
}

export function isCommonPassword(password: string): boolean {
  return COMMON.has(fold(password));
}
