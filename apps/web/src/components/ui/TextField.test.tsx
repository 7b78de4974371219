import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './TextField';

afterEach(cleanup);

function Mobile({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField
        label="شماره موبایل"
        value={value}
        onChange={setValue}
        digits
        ltr
        error={error}
        hint="مثل ۰۹۱۲۳۴۵۶۷۸۹"
      />
      <output>{value}</output>
    </>
  );
}

describe('TextField', () => {
  it('ties the label to the input', () => {
    render(<Mobile />);
    expect(screen.getByLabelText('شماره موبایل').tagName).toBe('INPUT');
  });

  it('turns Persian and Arabic digits into Latin as they are typed', () => {
    render(<Mobile />);
    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '۰۹۱٢' } });
    expect(screen.getByRole('status').textContent).toBe('0912');
  });

  it('types Latin content left to right and asks for the numeric keypad', () => {
    render(<Mobile />);
    const input = screen.getByLabelText('شماره موبایل');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('keeps a keyboard with letters for a field that takes an e-mail or a mobile', () => {
    render(<TextField label="ایمیل یا موبایل" value="" onChange={() => {}} inputMode="email" digits ltr />);
    expect(screen.getByLabelText('ایمیل یا موبایل').getAttribute('inputmode')).toBe('email');
  });

  it('shows the error inline and announces it with the field', () => {
    render(<Mobile error="شماره موبایل را وارد کنید" />);
    const input = screen.getByLabelText('شماره موبایل');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['شماره موبایل را وارد کنید', 'مثل ۰۹۱۲۳۴۵۶۷۸۹']);
  });
});
