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

  it('shows a negative amount with the minus sign before the digits, kept left to right', () => {
    // U+200E keeps «−۵۰٬۰۰۰» one left-to-right run inside Persian text, so it never reads «۵۰٬۰۰۰−».
    expect(formatToman(-500000)).toBe('\u200e−۵۰٬۰۰۰ تومان');
    expect(formatTomanAmount(-500000)).not.toContain('-');
  });

  it('groups with the Persian separator only, never a comma', () => {
    for (const rial of [10, 12_340, 1_234_560, 987_654_321_000, -28_753_330]) {
      expect(formatToman(rial)).not.toMatch(/[,0-9]/);
      expect(formatToman(rial)).toMatch(/^\u200e?−?[۰-۹]{1,3}(٬[۰-۹]{3})* تومان$/);
    }
  });

  it('formats the amount alone without the unit', () => {
    expect(formatTomanAmount(99990)).toBe('۹٬۹۹۹');
  });
});
