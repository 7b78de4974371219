import { z } from 'zod';
import {
  codeField,
  emailField,
  mobileField,
  nameField,
  optionalText,
  passwordInput,
  text,
} from '../../http/fields';
import { ALWAYS, newPasswordRules } from '../auth';
import { TOKEN_ABILITIES, type TokenAbility } from './tables';

/** `user-profile-information.update`: the photo is not part of this body (see the report on uploads). */
export const profileInformationSchema = z.object({
  name: nameField,
  email: optionalText(emailField),
});

export const passwordUpdateSchema = z
  .object({
    current_password: optionalText(passwordInput('رمز عبور فعلی')),
    password: passwordInput('رمز عبور تازه'),
    password_confirmation: z.unknown(),
  })
  .superRefine(newPasswordRules, ALWAYS);

export const twoFactorCodeSchema = z.object({ code: codeField('کد ورود دومرحله‌ای') });

/** Profile: a new mobile number, then the SMS code sent to it. */
export const mobileChangeSchema = z.object({ mobile: mobileField });
export const mobileCodeSchema = z.object({ code: codeField() });

/** Forms that ask for the password again (log out other sessions, delete the account). */
export const passwordOnlySchema = z.object({ password: optionalText(passwordInput()) });

// Checked as a whole, so every problem is reported under `permissions` where the form shows it.
const permissions = z
  .array(z.unknown(), {
    error: (issue) => (issue.input == null ? 'دست‌کم یک دسترسی برگزینید.' : 'دسترسی‌ها معتبر نیستند.'),
  })
  .min(1, 'دست‌کم یک دسترسی برگزینید.')
  .max(TOKEN_ABILITIES.length, 'دسترسی‌ها معتبر نیستند.')
  .refine(
    (list) => list.every((a) => TOKEN_ABILITIES.includes(a as TokenAbility)),
    'دسترسی انتخاب‌شده معتبر نیست.',
  )
  .transform((list) => list as TokenAbility[]);

export const tokenStoreSchema = z.object({
  name: text('نام توکن', 100).regex(/^[^<>]*$/, 'نام توکن نباید < یا > داشته باشد.'),
  permissions,
});

export const tokenUpdateSchema = z.object({ permissions });
