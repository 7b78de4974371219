import { expect, it } from 'vitest';
import { MAX_ROW_ID, rowId } from './row-id';

it('reads ids a serial column can hold, and nothing else', () => {
  expect(rowId('1')).toBe(1);
  expect(rowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  for (const bad of [
    '0',
    '2147483648',
    '9999999999',
    '12345678901',
    '-1',
    '1e3',
    '0x10',
    ' 1',
    '',
    undefined,
  ])
    expect(rowId(bad), String(bad)).toBeNull();
});
