import { describe, expect, it } from 'vitest';
import { formatToman, formatTomanAmount, rialToToman } from './money';

describe('rialToToman', () => {
  it('divides by ten', () => {
    expect(rialToToman(1250000)).toBe(125000);
  });

  it('rounds to whole Toman', () => {
    expect(rialToToman(15)).toBe(2);
    expect(rialToToman(14)).toBe(1);
    expect(rialToToman(-15)).toBe(-2);
  });
});

describe('formatToman', () => {
  it('shows Toman with Persian digits and separators', () => {
    expect(formatToman(1250000)).toBe('۱۲۵٬۰۰۰ تومان');
  });

  it('shows zero', () => {
    expect(formatToman(0)).toBe('۰ تومان');
  });

  it('shows a negative balance with a plain minus', () => {
    expect(formatToman(-500000)).toBe('-۵۰٬۰۰۰ تومان');
  });

  it('formats the amount alone without the unit', () => {
    expect(formatTomanAmount(99990)).toBe('۹٬۹۹۹');
  });
});
