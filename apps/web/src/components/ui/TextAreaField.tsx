import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { formatNumber } from '../../lib/digits';
import { FieldError } from './FieldError';

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'children'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's message for this field («متن پیام را وارد کنید»). */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Shows «۱۲ از ۵٬۰۰۰ نویسه» under the field; the server enforces the same limit. */
  maxLength?: number;
}

/** A labelled multi-line input with its hint, a length count and the inline error, like TextField. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  className = '',
  id: givenId,
  rows = 6,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint || maxLength ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const over = maxLength !== undefined && value.length > maxLength;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1.5 block w-full resize-y rounded-lg border bg-white px-3 py-2.5 leading-7 text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-600/30 disabled:bg-gray-50 ${
          error ? 'border-red-500' : 'border-gray-300'
        }`}
        {...textarea}
      />
      <FieldError id={errorId} error={error} />
      {hintId && (
        <div id={hintId} className="mt-1.5 flex items-start justify-between gap-4 text-xs text-gray-500">
          <span>{hint}</span>
          {maxLength !== undefined && (
            // Not `maxLength` on the element: a pasted long text is kept, so the person can shorten it.
            <span className={`shrink-0 tabular-nums ${over ? 'font-medium text-red-700' : ''}`}>
              {formatNumber(value.length)} از {formatNumber(maxLength)} نویسه
            </span>
          )}
        </div>
      )}
    </div>
  );
}
