import { formatNumber } from '../../lib/digits';
import { formatJalali } from '../../lib/jalali-date';
import { JalaliTime } from '../ui/JalaliTime';

/**
 * Charged minutes with the clock time they cover: «۳ دقیقه، از ۰۸:۰۶ تا ۰۸:۰۹». The server sends
 * the range already on minute boundaries (billing's chargedSpan: the first charged minute's start
 * to the last one's end), so the times shown differ by exactly the minutes shown. Every page that
 * says how long something ran, and when, says it through this.
 */
export function ChargedMinutes({
  minutes,
  from,
  to,
  style = 'time',
}: {
  minutes: number;
  from: string;
  to: string;
  /**
   * `time` within one hour's row; `datetime` names the day too: once when both ends are on the
   * same day («۶ آذر ۱۴۰۵، ۳ دقیقه، از ۰۸:۰۶ تا ۰۸:۰۹»), on each end when the range crosses midnight.
   */
  style?: 'time' | 'datetime';
}) {
  if (style === 'datetime') {
    const sameDay = formatJalali(from, 'long') === formatJalali(to, 'long');
    const end = sameDay ? 'time' : 'datetime';
    return (
      <>
        {sameDay && (
          <>
            <JalaliTime value={from} style="long" />،{' '}
          </>
        )}
        {formatNumber(minutes)} دقیقه، از <JalaliTime value={from} style={end} /> تا{' '}
        <JalaliTime value={to} style={end} />
      </>
    );
  }
  return (
    <>
      {formatNumber(minutes)} دقیقه، از <JalaliTime value={from} style={style} /> تا{' '}
      <JalaliTime value={to} style={style} />
    </>
  );
}
