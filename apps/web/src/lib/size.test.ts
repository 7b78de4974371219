import { describe, expect, it } from 'vitest';
import { formatGigabytes } from './size';

describe('formatGigabytes', () => {
  it('shows gigabytes below a terabyte', () => {
    expect(formatGigabytes(24)).toBe('۲۴ گیگابایت');
    expect(formatGigabytes(512)).toBe('۵۱۲ گیگابایت');
  });

  it('shows decimal terabytes from 1000 GB', () => {
    expect(formatGigabytes(1000)).toBe('۱ ترابایت');
    expect(formatGigabytes(1500)).toBe('۱٫۵ ترابایت');
    expect(formatGigabytes(2000)).toBe('۲ ترابایت');
  });
});
