import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV for spreadsheets', () => {
  it('starts with a BOM, quotes what needs it, and never lets a cell become a formula', () => {
    const csv = toCsv(
      ['نام', 'مبلغ'],
      [
        ['سرور، ویلا', 1200],
        ['=HYPERLINK("x")', null],
        ['-5', -5],
      ],
    );
    expect(csv.startsWith('\uFEFFنام,مبلغ\r\n')).toBe(true);
    expect(csv).toContain('"سرور، ویلا",1200\r\n'.replace('"سرور، ویلا"', 'سرور، ویلا'));
    expect(csv).toContain(`"'=HYPERLINK(""x"")",\r\n`);
    expect(csv).toContain("'-5,-5\r\n");
  });
});
