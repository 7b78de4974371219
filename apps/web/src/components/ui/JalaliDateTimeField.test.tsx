import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { JalaliDateTimeField } from './JalaliDateTimeField';

afterEach(cleanup);

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <JalaliDateTimeField
      label="زمان انتشار"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('JalaliDateTimeField', () => {
  it('shows an instant as its Jalali day and Tehran time, and sends the instant back', () => {
    const seen: string[] = [];
    // 06:30 UTC on 26 November 2026 is 10:00 on ۵ آذر ۱۴۰۵ in Tehran.
    render(<Harness initial="2026-11-26T06:30:00.000Z" seen={seen} />);
    expect(screen.getByRole('group', { name: 'زمان انتشار' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'روز' }).textContent).toContain('۱۴۰۵/۰۹/۰۵');
    const time = screen.getByLabelText('ساعت (تهران)') as HTMLInputElement;
    expect(time.value).toBe('10:00');

    fireEvent.change(time, { target: { value: '۱۸:۳۰' } });
    expect(seen.at(-1)).toBe('2026-11-26T15:00:00.000Z');

    fireEvent.click(screen.getByRole('button', { name: 'روز' }));
    fireEvent.click(screen.getByRole('button', { name: '۶ آذر' }));
    expect(seen.at(-1)).toBe('2026-11-27T15:00:00.000Z');
  });

  it('sends a time that is not HH:MM as invalid, for the server to refuse', () => {
    const seen: string[] = [];
    render(<Harness initial="2026-11-26T06:30:00.000Z" seen={seen} />);
    fireEvent.change(screen.getByLabelText('ساعت (تهران)'), { target: { value: '25:00' } });
    expect(seen.at(-1)).toBe('invalid');
  });

  it('picking a day with the time untouched shows the time it sends, never a placeholder', () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const time = screen.getByLabelText('ساعت (تهران)') as HTMLInputElement;
    expect(time.placeholder).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'روز' }));
    fireEvent.click(screen.getAllByRole('button', { name: /^\d|^[۰-۹]+ / })[14]!);
    // The box now holds 10:00 as a value, and 10:00 Tehran time is what the form got.
    expect(time.value).toBe('10:00');
    const sent = new Date(seen.at(-1)!);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Tehran',
        hour: '2-digit',
        minute: '2-digit',
      }).format(sent),
    ).toBe('10:00');
    // Emptied on purpose: the form is told it is not a time, not midnight.
    fireEvent.change(time, { target: { value: '' } });
    expect(seen.at(-1)).toBe('invalid');
  });
});
