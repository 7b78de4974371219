import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeDigits } from '../../lib/digits';
import { ChargedMinutes } from './ChargedMinutes';

afterEach(cleanup);

const clock = (text: string) => {
  const [h, m] = normalizeDigits(text).split(':').map(Number);
  return h! * 60 + m!;
};

describe('ChargedMinutes', () => {
  it('says three minutes from 08:06 to 08:09 (Tehran) for three charged minutes', () => {
    const { container } = render(
      <ChargedMinutes minutes={3} from="2026-11-27T04:36:00.000Z" to="2026-11-27T04:39:00.000Z" />,
    );
    expect(container.textContent).toBe('۳ دقیقه، از ۰۸:۰۶ تا ۰۸:۰۹');
  });

  it('shows times that differ by the minutes it names, for every length up to three hours', () => {
    const start = Date.parse('2026-11-27T20:17:00.000Z');
    for (let minutes = 1; minutes <= 180; minutes++) {
      const { container } = render(
        <ChargedMinutes
          minutes={minutes}
          from={new Date(start).toISOString()}
          to={new Date(start + minutes * 60_000).toISOString()}
        />,
      );
      const [from, to] = [...container.querySelectorAll('time')].map((t) => clock(t.textContent ?? ''));
      expect(normalizeDigits(container.textContent ?? '').startsWith(`${minutes} `)).toBe(true);
      expect((to! - from! + 1440) % 1440).toBe(minutes);
      cleanup();
    }
  });

  it('names the day once when both ends are on it, and on each end across midnight', () => {
    const { container, rerender } = render(
      <ChargedMinutes
        minutes={3}
        from="2026-11-27T04:36:00.000Z"
        to="2026-11-27T04:39:00.000Z"
        style="datetime"
      />,
    );
    expect(container.textContent).toBe('۶ آذر ۱۴۰۵، ۳ دقیقه، از ۰۸:۰۶ تا ۰۸:۰۹');
    // 23:58 to 00:02 in Tehran (UTC+03:30).
    rerender(
      <ChargedMinutes
        minutes={4}
        from="2026-11-27T20:28:00.000Z"
        to="2026-11-27T20:32:00.000Z"
        style="datetime"
      />,
    );
    expect(container.textContent).toMatch(/^۴ دقیقه، از ۶ آذر ۱۴۰۵.*۲۳:۵۸ تا ۷ آذر ۱۴۰۵.*۰۰:۰۲$/);
  });
});
