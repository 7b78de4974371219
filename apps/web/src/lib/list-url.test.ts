import { describe, expect, it } from 'vitest';
import { listUrl } from './list-url';

describe('listUrl', () => {
  it('keeps the filters that have a value and drops the empty ones', () => {
    expect(listUrl('/panel/items', { type: 'usage', machine: '', from: null, page: undefined })).toBe(
      '/panel/items?type=usage',
    );
    expect(listUrl('/admin/ports', { resource: 3, page: 2 })).toBe('/admin/ports?resource=3&page=2');
    expect(listUrl('/admin/ports', {})).toBe('/admin/ports');
  });
});
