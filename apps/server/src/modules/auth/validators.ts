import { z } from 'zod';
import {
  captchaField,
  checkbox,
  codeField,
  emailField,
  mobileField,
  nameField,
  optionalText,
  passwordInput,
  termsField,
  text,
} from '../../http/fields';
import { ALWAYS, newPasswordRules } from './new-password';

/** `login.store`: one field for an e-mail or a mobile number (`email`, as Fortify names it). */
export const loginSchema = z.object({
  email: text('ایمیل یا شماره موبایل', 255),
  password: passwordInput(),
  remember: checkbox.optional(),
  captcha_token: captchaField,
});

export const registerSchema = z
  .object({
    name: nameField,
    email: emailField,
    mobile: optionalText(mobileField),
    password: passwordInput(),
    password_confirmation: z.unknown(),
    terms: termsField,
    captcha_token: captchaField,
  })
  .superRefine(newPasswordRules, ALWAYS);

export const forgotPasswordSchema = z.object({ email: emailField, captcha_token: captchaField });

/** `verification.address.update`: a corrected address while the first is still unverified. */
export const verificationAddressSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: text('کد بازنشانی', 200),
    email: emailField,
    password: passwordInput(),
    password_confirmation: z.unknown(),
  })
  .superRefine(newPasswordRules, ALWAYS);

export const confirmPasswordSchema = z.object({
  password: optionalText(passwordInput()),
  code: optionalText(codeField()),
  resend: checkbox.optional(),
});

export const twoFactorChallengeSchema = z
  .object({
    code: optionalText(codeField('کد ورود دومرحله‌ای')),
    recovery_code: optionalText(
      text('کد بازیابی', 40).regex(/^[\p{L}\p{N}\s-]+$/u, 'کد بازیابی معتبر نیست.'),
    ),
  })
  .refine((v) => v.code || v.recovery_code, {
    path: ['code'],
    message: 'کد ورود دومرحله‌ای یا یک کد بازیابی را وارد کنید.',
  });

/** `users.auth.signin.store`: `remember` is kept with the pending code and honoured once it is right. */
export const mobileSigninSchema = z.object({
  mobile: mobileField,
  remember: checkbox.optional(),
  captcha_token: captchaField,
});

export const mobileVerifySchema = z.object({ code: codeField() });

export const mobileSignupSchema = z.object({
  name: nameField,
  mobile: mobileField,
  email: optionalText(emailField),
  referral_code: optionalText(
    text('کد معرف', 32).regex(/^[A-Za-z0-9_-]+$/, 'کد معرف فقط حروف و رقم لاتین دارد.'),
  ),
  terms: termsField,
  captcha_token: captchaField,
});
