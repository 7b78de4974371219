import { useForm } from '@renderfarm/react';
import type { InstanceEditProps } from '@server/modules/instances/contracts';
import type { FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { FormSection } from '../../../../components/ui/FormSection';
import { SavedNote } from '../../../../components/ui/SavedNote';
import { useRoute } from '../../../../lib/route';

const WEEKDAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'];

type Day = { on: boolean; start: string; stop: string };

/**
 * «برنامهٔ هفتگی» on Edit: for each Persian weekday, whether the machine is started and stopped on
 * its own, and when (Tehran time). A stop earlier than the start runs overnight into the next day.
 */
export function ScheduleForm({ uuid, schedule }: { uuid: string; schedule: InstanceEditProps['schedule'] }) {
  const route = useRoute();
  const form = useForm<{ week: Day[] }>({
    week: WEEKDAYS.map((_, weekday) => {
      const day = schedule.find((d) => d.weekday === weekday);
      return { on: Boolean(day), start: day?.start ?? '09:00', stop: day?.stop ?? '18:00' };
    }),
  });
  const errors = form.errors as Record<string, string | undefined>;
  const days = form.data.week.flatMap((day, weekday) =>
    day.on ? [{ weekday, start: day.start, stop: day.stop }] : [],
  );
  /** The server names errors by position in the list it got: map them back to the weekday. */
  const errorFor = (weekday: number, field: 'start' | 'stop' | 'weekday') => {
    const index = days.findIndex((d) => d.weekday === weekday);
    return index < 0 ? undefined : errors[`days.${index}.${field}`];
  };
  const set = (weekday: number, patch: Partial<Day>) =>
    form.setData(
      'week',
      form.data.week.map((day, i) => (i === weekday ? { ...day, ...patch } : day)),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.transform(() => ({ days }) as never);
    void form.put(route('panel.instances.schedule', { instance: uuid }), { preserveScroll: true });
  };

  return (
    <FormSection
      id="schedule"
      title="برنامهٔ هفتگی"
      description="سرور در روزها و ساعت‌هایی که می‌گویید (به وقت تهران) خودش روشن و خاموش می‌شود؛ اگر ساعت خاموش شدن پیش از روشن شدن باشد، خاموشی فردای آن روز است."
    >
      <form onSubmit={submit} noValidate className="grid gap-3">
        {WEEKDAYS.map((name, weekday) => {
          const day = form.data.week[weekday]!;
          const startError = errorFor(weekday, 'start') ?? errorFor(weekday, 'weekday');
          const stopError = errorFor(weekday, 'stop');
          return (
            <fieldset
              key={name}
              className="grid gap-2 rounded-xl border border-gray-200 p-3 sm:grid-cols-[8rem_1fr_1fr] sm:items-center"
            >
              <legend className="sr-only">{name}</legend>
              <Checkbox label={name} checked={day.on} onChange={(on) => set(weekday, { on })} />
              <label className="flex items-center gap-2 text-sm text-gray-700">
                روشن
                <input
                  type="time"
                  value={day.start}
                  disabled={!day.on}
                  onChange={(event) => set(weekday, { start: event.target.value })}
                  aria-label={`ساعت روشن شدن ${name}`}
                  aria-invalid={startError ? true : undefined}
                  className="min-h-10 min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-2 disabled:bg-gray-100"
                  dir="ltr"
                />
              </label>
              <label className="flex items-center gap-2 text-sm text-gray-700">
                خاموش
                <input
                  type="time"
                  value={day.stop}
                  disabled={!day.on}
                  onChange={(event) => set(weekday, { stop: event.target.value })}
                  aria-label={`ساعت خاموش شدن ${name}`}
                  aria-invalid={stopError ? true : undefined}
                  className="min-h-10 min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-2 disabled:bg-gray-100"
                  dir="ltr"
                />
              </label>
              {(startError ?? stopError) && (
                <p className="text-sm text-red-700 sm:col-span-3">{startError ?? stopError}</p>
              )}
            </fieldset>
          );
        })}
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={form.processing}>
            ذخیرهٔ برنامه
          </Button>
          <SavedNote show={form.recentlySuccessful} />
        </div>
      </form>
    </FormSection>
  );
}
