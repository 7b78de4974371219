import { formatJalali, type JalaliStyle } from '../../lib/jalali-date';
import { formatWhen } from '../../lib/relative-time';

/**
 * A machine-readable <time> shown in the Persian calendar. `relative` shows «۵ دقیقه پیش» for
 * recent events, with the full date in the tooltip.
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
  return (
    <time dateTime={value} title={formatJalali(value, 'datetime')} className={className}>
      {relative ? formatWhen(value) : formatJalali(value, style)}
    </time>
  );
}
