import { describe, expect, it } from 'vitest';
import { formatTitle, SITE_NAME } from './title';

describe('formatTitle', () => {
  it('is the site name when the page has no title', () => {
    expect(formatTitle()).toBe('رندر فارم ابری');
    expect(formatTitle('  ')).toBe(SITE_NAME);
  });

  it('puts the page title first, then the site name', () => {
    expect(formatTitle('تعرفه‌ها')).toBe('تعرفه‌ها | رندر فارم ابری');
  });

  it('does not repeat the site name on the home page', () => {
    expect(formatTitle('رندر فارم ابری')).toBe('رندر فارم ابری');
  });
});
