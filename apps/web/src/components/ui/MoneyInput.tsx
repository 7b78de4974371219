import { useEffect, useState } from 'react';
import { normalizeDigits, toPersianDigits } from '../../lib/digits';
import { TextField, type TextFieldProps } from './TextField';

/** Toman typed (Persian or Latin digits, with or without separators) → Rial, or null. */
export function parseToman(text: string): number | null {
  const digits = normalizeDigits(text).replace(/[,\s٬،]/g, '');
  if (!/^\d{1,13}$/.test(digits)) return null;
  return Number(digits) * 10;
}

/** Rial → «۱٬۲۵۰٬۰۰۰» (Toman, grouped, Persian digits) for the input. */
export function formatTomanInput(rial: number | null): string {
  if (rial === null) return '';
  return toPersianDigits(new Intl.NumberFormat('en-US').format(Math.floor(rial / 10))).replace(/,/g, '٬');
}

/**
 * An amount of money: the person types Toman, sees it grouped in Persian digits, and the form
 * gets integer Rial (the unit of every amount on the wire). Fractions and letters are refused by
 * the server with a Persian message; here they simply give `null`.
 */
export function MoneyInput({
  value,
  onChange,
  ...field
}: Omit<TextFieldProps, 'value' | 'onChange' | 'digits' | 'ltr' | 'inputMode'> & {
  /** Rial. */
  value: number | null;
  onChange: (rial: number | null) => void;
}) {
  const [text, setText] = useState(formatTomanInput(value));
  // Only an outside change of the value rewrites what is typed (not every keystroke).
  // biome-ignore lint/correctness/useExhaustiveDependencies: text is the input's own state
  useEffect(() => {
    if (parseToman(text) !== value) setText(formatTomanInput(value));
  }, [value]);
  return (
    <TextField
      {...field}
      value={text}
      inputMode="numeric"
      ltr
      onChange={(typed) => {
        setText(typed);
        onChange(parseToman(typed));
      }}
      onBlur={() => setText(formatTomanInput(parseToman(text)))}
      hint={field.hint ?? 'به تومان'}
    />
  );
}
