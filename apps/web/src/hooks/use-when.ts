import { formatJalali } from '../lib/jalali-date';
import { formatRelative, formatWhen } from '../lib/relative-time';
import { useHydrated } from './use-hydrated';

/**
 * formatWhen and formatRelative («۵ دقیقه پیش») for a component to call while rendering. On the
 * server and while hydrating they give the calendar date (what formatWhen says of anything older
 * than a week): it reads no clock, so both sides write the same text; the relative words follow
 * on the render right after (hooks/use-hydrated.ts).
 */
export function useWhen(): {
  when: (value: string | number | Date) => string;
  relative: (value: string | number | Date) => string;
} {
  const hydrated = useHydrated();
  return hydrated
    ? { when: (value) => formatWhen(value), relative: (value) => formatRelative(value) }
    : { when: (value) => formatJalali(value), relative: (value) => formatJalali(value) };
}
