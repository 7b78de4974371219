import { useId, useState } from 'react';
import { fromTehran, tehranParts } from '../../lib/tehran-clock';
import { FieldError } from './FieldError';
import { JalaliDatePicker } from './JalaliDatePicker';
import { TextField } from './TextField';

/**
 * A moment as staff think of it: a day in the Jalali calendar and a time on Tehran's clock, whatever
 * the browser's own zone. The form gets the ISO instant; a day with a time that is not `HH:MM` is
 * sent as `invalid` (a loose string could still parse as some other time), so the server refuses it
 * under the field rather than the form guessing. Picking a day with no time yet fills the time box
 * with `defaultTime` as a real value: what the box shows is what is sent (a placeholder «۱۰:۰۰»
 * once read as a time while the form sent ۰۰:۰۰).
 */
export function JalaliDateTimeField({
  label,
  value,
  onChange,
  error,
  hint,
  defaultTime = '10:00',
}: {
  label: string;
  /** ISO instant, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string;
  /** `HH:MM` the time box takes when a day is picked and it is empty. */
  defaultTime?: string;
}) {
  const errorId = useId();
  const [parts, setParts] = useState(() => (value ? tehranParts(value) : { date: '', time: '' }));
  const change = (next: { date: string; time: string }) => {
    setParts(next);
    if (!next.date) onChange('');
    else onChange((next.time && fromTehran(next.date, next.time)) || 'invalid');
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-gray-800">{label}</legend>
      <div className="mt-2 grid grid-cols-[1fr_7rem] items-start gap-2">
        <JalaliDatePicker
          label="روز"
          value={parts.date || null}
          onChange={(date) => change({ date: date ?? '', time: date ? parts.time || defaultTime : '' })}
        />
        <TextField
          label="ساعت (تهران)"
          ltr
          digits
          inputMode="numeric"
          maxLength={5}
          value={parts.time}
          onChange={(time) => change({ ...parts, time })}
        />
      </div>
      {hint && <p className="mt-1.5 text-xs leading-6 text-gray-600">{hint}</p>}
      <FieldError id={error ? errorId : undefined} error={error} />
    </fieldset>
  );
}
