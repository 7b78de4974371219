import type { z } from 'zod';
import { checkPassword } from './password-rules';

/**
 * A new password's every problem in the same answer as the other fields' errors: its rules
 * (against the form's own e-mail and mobile) under `password`, a different repetition under
 * `password_confirmation`. Runs even when other fields failed (`when`), so a person fixes the
 * whole form in one go rather than one error per submit. The services check the rules again.
 */
export function newPasswordRules(value: unknown, ctx: z.RefinementCtx) {
  const form = (value ?? {}) as Record<string, unknown>;
  const { password } = form;
  if (typeof password !== 'string' || password === '') return;
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : null);
  const [problem] = checkPassword(password, { email: text('email'), mobile: text('mobile') });
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem.message });
  if (form.password_confirmation !== password) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: 'تکرار رمز عبور با رمز عبور یکی نیست.',
    });
  }
}

/** Refinement options: check the new password whatever else is wrong with the form. */
export const ALWAYS = { when: () => true } as const;
