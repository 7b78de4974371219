import { describe, expect, it } from 'vitest';
import { formatNumber, normalizeDigits, toPersianDigits } from './digits';

describe('toPersianDigits', () => {
  it('turns every Latin digit into its Persian form', () => {
    expect(toPersianDigits('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
  });

  it('accepts numbers and keeps other characters', () => {
    expect(toPersianDigits(42)).toBe('۴۲');
    expect(toPersianDigits('RTX 4090, 24GB')).toBe('RTX ۴۰۹۰, ۲۴GB');
  });
});

describe('normalizeDigits', () => {
  it('turns Persian digits into Latin digits', () => {
    expect(normalizeDigits('۰۹۱۲۳۴۵۶۷۸۹')).toBe('09123456789');
  });

  it('turns Arabic-Indic digits into Latin digits', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  });

  it('handles mixed input and leaves letters alone', () => {
    expect(normalizeDigits('کد ۱2٣')).toBe('کد 123');
  });

  it('is the inverse of toPersianDigits', () => {
    expect(normalizeDigits(toPersianDigits('09120000000'))).toBe('09120000000');
  });
});

describe('formatNumber', () => {
  it('groups thousands with the Persian separator', () => {
    expect(formatNumber(1250000)).toBe('۱٬۲۵۰٬۰۰۰');
  });

  it('drops fractions', () => {
    expect(formatNumber(12.4)).toBe('۱۲');
  });
});
