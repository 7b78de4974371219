import { describe, expect, it } from 'vitest';
import { isExternalUrl } from './SiteLink';

const ORIGIN = 'https://renderfarm.ir';

describe('isExternalUrl', () => {
  it('keeps paths on this site', () => {
    expect(isExternalUrl('/prices', ORIGIN)).toBe(false);
    expect(isExternalUrl('prices', ORIGIN)).toBe(false);
    expect(isExternalUrl('/blog/%D8%B1%D9%86%D8%AF%D8%B1', ORIGIN)).toBe(false);
  });

  it('treats absolute URLs to this origin as internal', () => {
    expect(isExternalUrl('https://renderfarm.ir/about', ORIGIN)).toBe(false);
  });

  it('sends other sites and other schemes out', () => {
    expect(isExternalUrl('https://instagram.com/renderfarm', ORIGIN)).toBe(true);
    expect(isExternalUrl('//t.me/renderfarm', ORIGIN)).toBe(true);
    expect(isExternalUrl('tel:02191000000', ORIGIN)).toBe(true);
    expect(isExternalUrl('mailto:support@renderfarm.ir', ORIGIN)).toBe(true);
  });
});
