import { JalaliDatePicker } from './JalaliDatePicker';

/**
 * A list's period filter: two Jalali day pickers («از» … «تا»), side by side in the filter grid
 * of the page (they render as two cells, not a box of their own). Days are ISO strings, empty when
 * unset, as the list URLs carry them; the server reads them as whole days in Tehran.
 */
export function PeriodFields({
  from,
  to,
  onChange,
  fromLabel = 'از',
  toLabel = 'تا',
  errors = {},
}: {
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
  errors?: { from?: string | undefined; to?: string | undefined };
}) {
  return (
    <>
      <JalaliDatePicker
        label={fromLabel}
        value={from || null}
        onChange={(day) => onChange({ from: day ?? '' })}
        error={errors.from}
      />
      <JalaliDatePicker
        label={toLabel}
        value={to || null}
        onChange={(day) => onChange({ to: day ?? '' })}
        error={errors.to}
      />
    </>
  );
}
