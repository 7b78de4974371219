/**
 * How each kind of field is typed, the same in every form: keyboard, autofill, direction, digits.
 * Spread after `bindField(...)`; a form adds only what is its own (label, autoFocus, hint).
 */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', ltr: true } as const;

/** Persian digits typed on a phone keyboard become Latin; the number reads left to right. */
export const MOBILE_INPUT = {
  type: 'tel',
  autoComplete: 'tel',
  digits: true,
  ltr: true,
} as const;

/** E-mail or mobile in one field: a keyboard with letters, digits normalised. */
export const LOGIN_INPUT = { type: 'text', autoComplete: 'username', digits: true, ltr: true } as const;

export const CURRENT_PASSWORD_INPUT = {
  type: 'password',
  autoComplete: 'current-password',
  ltr: true,
} as const;

export const NEW_PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password', ltr: true } as const;

/** The server's limit for a person's name (http/fields.ts `nameField`). */
export const NAME_MAX_LENGTH = 100;

export const NAME_INPUT = { autoComplete: 'name', maxLength: NAME_MAX_LENGTH } as const;

/** One-time codes (SMS, authenticator): digits only, filled from the SMS where the phone can. */
export const CODE_INPUT = {
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  digits: true,
  ltr: true,
} as const;
