import { type ReactNode, useId } from 'react';
import { FieldError } from './FieldError';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A labelled native select with its hint and inline error (the admin forms' plan, host, key and
 * image choices): native, so phones show their own picker and keyboards work without help.
 */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  error,
  hint,
  placeholder,
  disabled,
}: {
  label: string;
  name?: string;
  value: string | number;
  onChange: (value: string) => void;
  options: SelectOption[];
  error?: string | null | undefined;
  hint?: ReactNode;
  /** A first, empty choice («انتخاب کنید», «کمترین پورت آزاد»). */
  placeholder?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const chosen = options.find((option) => String(option.value) === String(value))?.label;
  return (
    // min-w-0: a native select is as wide as its longest option (a machine's 60-character name)
    // unless its box may shrink; then it is cut with «…» and the whole choice is its title.
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        title={chosen}
        disabled={disabled}
        className={`min-h-11 w-full min-w-0 truncate rounded-xl border bg-white px-3 text-sm disabled:bg-gray-100 ${error ? 'border-red-400' : 'border-gray-300'}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A `{ value: label }` map of Persian labels (or of status labels) as select options, in its order. */
export function labelOptions(labels: Record<string, string | { label: string }>): SelectOption[] {
  return Object.entries(labels).map(([value, label]) => ({
    value,
    label: typeof label === 'string' ? label : label.label,
  }));
}
