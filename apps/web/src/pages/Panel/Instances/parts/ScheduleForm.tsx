import { useForm } from '@renderfarm/react';
import type { InstanceEditProps, InstanceScheduleDay } from '@server/modules/instances/contracts';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../../components/ui/Button';
import { FieldError } from '../../../../components/ui/FieldError';
import { FormSection } from '../../../../components/ui/FormSection';
import { SavedNote } from '../../../../components/ui/SavedNote';
import { TextField } from '../../../../components/ui/TextField';
import { toPersianDigits } from '../../../../lib/digits';
import { useRoute } from '../../../../lib/route';

/** 0 = شنبه … 6 = جمعه, as the server counts them. */
export const PERSIAN_WEEKDAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'];

interface Row {
  on: boolean;
  start: string;
  stop: string;
}

const TIME = /^([01]?\d|2[0-3]):[0-5]\d$/;

/** Seven rows, one per weekday; a day without a schedule is off with office hours ready to switch on. */
function rowsOf(schedule: InstanceScheduleDay[]): Row[] {
  return PERSIAN_WEEKDAYS.map((_, weekday) => {
    const day = schedule.find((d) => d.weekday === weekday);
    return day
      ? { on: true, start: day.start, stop: day.stop }
      : { on: false, start: '09:00', stop: '18:00' };
  });
}

/** The days switched on, in weekday order: what `panel.instances.schedule` takes. */
function daysOf(rows: Row[]): InstanceScheduleDay[] {
  return rows.flatMap((row, weekday) => (row.on ? [{ weekday, start: row.start, stop: row.stop }] : []));
}

/** `HH:MM` with a leading zero, for comparing two valid times. */
const padded = (time: string) => time.padStart(5, '0');

/**
 * «برنامهٔ هفتگی» on the machine's Edit page: for each Persian weekday, a switch and the times the
 * machine is started and stopped (Tehran). A stop earlier than the start runs past midnight.
 */
export function ScheduleForm({
  instance,
  schedule,
}: {
  instance: InstanceEditProps['instance'];
  schedule: InstanceEditProps['schedule'];
}) {
  const route = useRoute();
  const form = useForm({ rows: rowsOf(schedule) });
  const errors = form.errors as Partial<Record<string, string>>;
  // The server names a field by its place in the list it got: the nth day switched on.
  const sentIndex = (weekday: number) => form.data.rows.slice(0, weekday).filter((row) => row.on).length;
  const errorOf = (weekday: number, field: 'weekday' | 'start' | 'stop') =>
    form.data.rows[weekday]!.on ? errors[`days.${sentIndex(weekday)}.${field}`] : undefined;

  const update = (weekday: number, patch: Partial<Row>) =>
    form.setData(
      'rows',
      form.data.rows.map((row, i) => (i === weekday ? { ...row, ...patch } : row)),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({ days: daysOf(data.rows) }));
    void form.put(route('panel.instances.schedule', { instance: instance.uuid }), { preserveScroll: true });
  };

  return (
    <FormSection
      id="schedule"
      title="برنامهٔ هفتگی"
      description="در روزهایی که روشن کرده‌اید، سرور سر ساعت خودش روشن و سر ساعت خاموش می‌شود (به وقت تهران). روشن شدن خودکار هم مثل روشن کردن دستی به موجودی کافی نیاز دارد؛ اگر نشد، در تاریخچهٔ سرور ثبت و به شما خبر داده می‌شود."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <ul className="grid divide-y divide-gray-100">
          {PERSIAN_WEEKDAYS.map((name, weekday) => (
            <DayRow
              key={name}
              name={name}
              row={form.data.rows[weekday]!}
              onChange={(patch) => update(weekday, patch)}
              errors={{
                weekday: errorOf(weekday, 'weekday'),
                start: errorOf(weekday, 'start'),
                stop: errorOf(weekday, 'stop'),
              }}
            />
          ))}
        </ul>
        <FieldError id={undefined} error={errors.days} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={form.processing}>
            ذخیرهٔ برنامه
          </Button>
          <SavedNote show={form.recentlySuccessful} />
        </div>
      </form>
    </FormSection>
  );
}

function DayRow({
  name,
  row,
  onChange,
  errors,
}: {
  name: string;
  row: Row;
  onChange: (patch: Partial<Row>) => void;
  errors: { weekday: string | undefined; start: string | undefined; stop: string | undefined };
}) {
  const nameId = useId();
  const overnight =
    row.on && TIME.test(row.start) && TIME.test(row.stop) && padded(row.stop) < padded(row.start);
  return (
    <li
      role="group"
      aria-labelledby={nameId}
      className="grid gap-3 py-3 sm:grid-cols-[9rem_1fr_1fr] sm:items-start"
    >
      <div className="flex items-center justify-between gap-3 sm:min-h-11 sm:pt-6">
        <span id={nameId} className={`font-medium ${row.on ? 'text-gray-900' : 'text-gray-500'}`}>
          {name}
        </span>
        <DaySwitch
          checked={row.on}
          label={`${name}: روشن و خاموش شدن خودکار`}
          onChange={(on) => onChange({ on })}
        />
      </div>
      <TextField
        label="روشن شدن"
        value={row.start}
        onChange={(start) => onChange({ start })}
        error={errors.start ?? errors.weekday}
        disabled={!row.on}
        placeholder="09:00"
        inputMode="numeric"
        maxLength={5}
        autoComplete="off"
        ltr
        digits
      />
      <TextField
        label="خاموش شدن"
        value={row.stop}
        onChange={(stop) => onChange({ stop })}
        error={errors.stop}
        hint={overnight ? `فردای آن روز، ساعت ${toPersianDigits(padded(row.stop))}` : undefined}
        disabled={!row.on}
        placeholder="18:00"
        inputMode="numeric"
        maxLength={5}
        autoComplete="off"
        ltr
        digits
      />
    </li>
  );
}

/** An on/off switch (a checkbox to assistive technology), 44 px wide for a thumb. */
function DaySwitch({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      onClick={() => onChange(!checked)}
      className="grid min-h-10 min-w-11 shrink-0 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {/* In RTL the thumb starts on the right (off) and moves to the left (on). */}
      <span
        aria-hidden="true"
        className={`flex h-6 w-11 items-center rounded-full p-0.5 transition-colors ${
          checked ? 'justify-end bg-brand-600' : 'justify-start bg-gray-300'
        }`}
      >
        <span className="size-5 rounded-full bg-white shadow" />
      </span>
    </button>
  );
}
