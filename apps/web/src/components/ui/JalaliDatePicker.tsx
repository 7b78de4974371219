import { CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { toPersianDigits } from '../../lib/digits';
import {
  daysInMonth,
  JALALI_MONTHS,
  type JalaliDay,
  toIso,
  toJalali,
  weekdayOf,
} from '../../lib/jalali-calendar';
import { ChevronBack, ChevronForward } from './DirectionalIcon';
import { FieldError } from './FieldError';

const WEEKDAYS = ['ش', 'ی', 'د', 'س', 'چ', 'پ', 'ج'];

const show = (day: JalaliDay) =>
  toPersianDigits(`${day.year}/${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}`);

/**
 * A calendar day in the Jalali calendar: the field shows «۱۴۰۵/۰۹/۰۳», the calendar opens under it
 * (Saturday first, Persian digits), and the form gets the ISO date (`2026-11-24`). Keyboard: the
 * days are buttons in a grid; the months move with the two arrows.
 */
export function JalaliDatePicker({
  label,
  value,
  onChange,
  error,
  min,
  max,
  yearSelect = false,
}: {
  label: string;
  /** ISO `yyyy-mm-dd`, or null. */
  value: string | null;
  onChange: (iso: string | null) => void;
  error?: string | null | undefined;
  min?: string;
  max?: string;
  /** A year list beside the month (a birth date is decades back, not a few months). */
  yearSelect?: boolean;
}) {
  const id = useId();
  const todayIso = new Date().toISOString().slice(0, 10);
  // With every day after `max` closed, the calendar opens on `max`'s month rather than today's.
  const today = toJalali(max && max < todayIso ? max : todayIso);
  const chosen = value ? toJalali(value) : null;
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState({ year: (chosen ?? today).year, month: (chosen ?? today).month });
  const lastYear = toJalali(max ?? todayIso).year;
  const firstYear = min ? toJalali(min).year : lastYear - 100;
  const first = toIso({ ...month, day: 1 })!;
  const blanks = weekdayOf(first);
  const days = daysInMonth(month.year, month.month);
  const move = (step: number) => {
    const index = month.year * 12 + (month.month - 1) + step;
    setMonth({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <button
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => setOpen(!open)}
        className={`mt-1.5 flex min-h-10 w-full items-center justify-between rounded-lg border bg-white px-3 text-start text-sm ${
          error ? 'border-red-400' : 'border-gray-300'
        }`}
      >
        <span className={chosen ? 'text-gray-900' : 'text-gray-400'}>
          {chosen ? show(chosen) : 'انتخاب تاریخ'}
        </span>
        <CalendarDays aria-hidden="true" className="size-4 text-gray-500" />
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={`تقویم ${label}`}
          className="absolute z-20 mt-1 w-72 rounded-xl border border-gray-200 bg-white p-3 shadow-lg"
        >
          <div className="mb-2 flex items-center justify-between">
            <button
              type="button"
              aria-label="ماه قبل"
              onClick={() => move(-1)}
              className="grid size-10 place-items-center rounded-lg hover:bg-gray-100"
            >
              <ChevronBack className="size-4" />
            </button>
            <p className="flex items-center gap-2 text-sm font-semibold text-gray-900" aria-live="polite">
              {JALALI_MONTHS[month.month - 1]}{' '}
              {yearSelect ? (
                <select
                  aria-label="سال"
                  value={month.year}
                  onChange={(event) => setMonth({ ...month, year: Number(event.target.value) })}
                  className="min-h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm"
                >
                  {Array.from({ length: lastYear - firstYear + 1 }, (_, i) => lastYear - i).map((year) => (
                    <option key={year} value={year}>
                      {toPersianDigits(year)}
                    </option>
                  ))}
                </select>
              ) : (
                toPersianDigits(month.year)
              )}
            </p>
            <button
              type="button"
              aria-label="ماه بعد"
              onClick={() => move(1)}
              className="grid size-10 place-items-center rounded-lg hover:bg-gray-100"
            >
              <ChevronForward className="size-4" />
            </button>
          </div>
          <div className="grid grid-cols-7 gap-1 text-center text-sm">
            {WEEKDAYS.map((day) => (
              <span key={day} aria-hidden="true" className="py-1 text-xs text-gray-500">
                {day}
              </span>
            ))}
            {Array.from({ length: days }, (_, i) => {
              const day = { ...month, day: i + 1 };
              const iso = toIso(day)!;
              const disabled = Boolean((min && iso < min) || (max && iso > max));
              const selected = iso === value;
              return (
                <button
                  key={iso}
                  type="button"
                  disabled={disabled}
                  aria-pressed={selected}
                  aria-label={`${toPersianDigits(i + 1)} ${JALALI_MONTHS[month.month - 1]}`}
                  // The month's first day starts under its weekday (Saturday first).
                  style={i === 0 ? { gridColumnStart: blanks + 1 } : undefined}
                  onClick={() => {
                    onChange(iso);
                    setOpen(false);
                  }}
                  className={`grid size-9 place-items-center rounded-lg ${
                    selected ? 'bg-brand-600 text-white' : 'text-gray-800 hover:bg-gray-100'
                  } disabled:text-gray-300`}
                >
                  {toPersianDigits(i + 1)}
                </button>
              );
            })}
          </div>
        </div>
      )}
      <FieldError id={error ? `${id}-error` : undefined} error={error} />
    </div>
  );
}
