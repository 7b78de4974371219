import { describe, expect, it } from 'vitest';
import { normaliseHref } from './link-href';

describe('normaliseHref (the link dialog)', () => {
  it('keeps site paths, full addresses, mail and phone links', () => {
    expect(normaliseHref(' /prices ')).toBe('/prices');
    expect(normaliseHref('#faq')).toBe('#faq');
    expect(normaliseHref('https://aparat.com/v/abc')).toBe('https://aparat.com/v/abc');
    expect(normaliseHref('mailto:info@example.ir')).toBe('mailto:info@example.ir');
    expect(normaliseHref('tel:+982191000000')).toBe('tel:+982191000000');
  });

  it('adds https to a bare host', () => {
    expect(normaliseHref('www.example.ir/blog')).toBe('https://www.example.ir/blog');
  });

  it('refuses empty input, other schemes and protocol-relative hosts', () => {
    expect(normaliseHref('   ')).toBeNull();
    expect(normaliseHref('javascript:alert(1)')).toBeNull();
    expect(normaliseHref(' JavaScript:alert(1)')).toBeNull();
    expect(normaliseHref('data:text/html,<script>')).toBeNull();
    expect(normaliseHref('vbscript:x')).toBeNull();
    expect(normaliseHref('//evil.example')).toBeNull();
    expect(normaliseHref('/\\evil.example')).toBeNull();
  });
});
