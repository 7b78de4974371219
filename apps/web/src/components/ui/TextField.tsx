import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { formatNumber, normalizeDigits } from '../../lib/digits';
import { FieldError } from './FieldError';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'dir' | 'children'> {
  label: string;
  /** Reaches the input (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  /** The server's message for this field («شماره موبایل را وارد کنید»). */
  error?: string | null | undefined;
  hint?: ReactNode;
  /**
   * Latin content (mobile, e-mail, codes): typed left to right so it does not scramble, still
   * aligned with the Persian labels.
   */
  ltr?: boolean;
  /** Turn Persian and Arabic digits into Latin as they are typed (mobile numbers, codes, amounts). */
  digits?: boolean;
  /**
   * The most characters the server takes: a count under the field («۱۲ از ۶۰ نویسه», red past it).
   * Not `maxLength`, which would cut a pasted text without a word: the person shortens it.
   */
  counter?: number;
}

/** A labelled input with its hint and inline error, wired for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  ltr = false,
  digits = false,
  counter,
  className = '',
  id: givenId,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint || counter !== undefined ? `${id}-hint` : undefined;
  const over = counter !== undefined && value.trim().length > counter;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(digits ? normalizeDigits(event.target.value) : event.target.value)}
        dir={ltr ? 'ltr' : undefined}
        // An explicit mode wins: an «e-mail or mobile» field wants letters and takes digits too.
        inputMode={input.inputMode ?? (digits ? 'numeric' : undefined)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        // An LTR value still lines up with the labels on the start (right) side.
        className={`mt-1.5 block h-11 w-full rounded-lg border bg-white px-3 text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600/30 disabled:bg-gray-50 ${
          ltr ? 'text-end' : ''
        } ${error ? 'border-red-500' : 'border-gray-300'}`}
        {...input}
      />
      <FieldError id={errorId} error={error} />
      {hintId && (
        <div id={hintId} className="mt-1.5 flex items-start justify-between gap-4 text-xs text-gray-500">
          <span>{hint}</span>
          {counter !== undefined && (
            <span className={`shrink-0 tabular-nums ${over ? 'font-medium text-red-700' : ''}`}>
              {formatNumber(value.trim().length)} از {formatNumber(counter)} نویسه
              {over && ` (${formatNumber(value.trim().length - counter)} نویسه بیش از اندازه)`}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
