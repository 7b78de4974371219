import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JalaliTime } from '../components/ui/JalaliTime';
import { formatJalali } from '../lib/jalali-date';
import { useNow } from './use-now';

// act() below waits for hydration and the render after it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FIVE_MINUTES_AGO = new Date(Date.now() - 5 * 60_000).toISOString();

function Uptime() {
  const now = useNow();
  return <p>{now === null ? 'بدون ساعت' : 'با ساعت'}</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('clock-free server render, clock after hydration', () => {
  it('the server writes the calendar date; hydration matches it, then the relative words follow', async () => {
    const html = renderToString(<JalaliTime value={FIVE_MINUTES_AGO} relative />);
    expect(html).toContain(formatJalali(FIVE_MINUTES_AGO));
    expect(html).not.toContain('پیش');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <JalaliTime value={FIVE_MINUTES_AGO} relative />, {
        onRecoverableError: recoverable,
      });
    });
    expect(container.textContent).toBe('۵ دقیقه پیش');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('useNow is null on the server and a time once hydrated', async () => {
    const html = renderToString(<Uptime />);
    expect(html).toBe('<p>بدون ساعت</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Uptime />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('با ساعت');
    expect(recoverable).not.toHaveBeenCalled();
  });
});
