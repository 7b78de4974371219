import { useWhen } from '../../hooks/use-when';
import { formatJalali, type JalaliStyle } from '../../lib/jalali-date';

/**
 * A machine-readable <time> shown in the Persian calendar. `relative` shows «۵ دقیقه پیش» for
 * recent events, with the full date in the tooltip (the date alone until hydrated: hooks/use-when.ts).
 */
export function JalaliTime({
  value,
  style = 'long',
  relative = false,
  className,
}: {
  value: string;
  style?: JalaliStyle;
  relative?: boolean;
  className?: string;
}) {
  const { when } = useWhen();
  return (
    <time dateTime={value} title={formatJalali(value, 'datetime')} className={className}>
      {relative ? when(value) : formatJalali(value, style)}
    </time>
  );
}
