/**
 * A CSV file spreadsheet programs open in Persian: UTF-8 with a byte-order mark (Excel needs it to
 * read the letters), CRLF rows, every field quoted when it holds a comma, quote or line break, and a
 * leading = + - @ neutralised so a cell is never taken for a formula.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
