import { type ReactNode, useId } from 'react';

/** A labelled checkbox with its inline error (terms, remember me, token permissions). */
export function Checkbox({
  label,
  checked,
  onChange,
  error,
  name,
  className = '',
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | null | undefined;
  name?: string;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm text-gray-700">
          {label}
        </label>
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
