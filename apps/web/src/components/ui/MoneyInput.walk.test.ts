import { describe, expect, it } from 'vitest';

/**
 * Every amount a person types goes through MoneyInput (Toman, one parser, the read-back hint).
 * The walk reads every page and component: a text field labelled with a unit of money, or one
 * named for an amount, built from a bare TextField, is a second money input waiting to disagree.
 */
const files = import.meta.glob(['../../**/*.tsx', '!../../**/*.test.tsx', '!./MoneyInput.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
}) as Record<string, string>;

const MONEY_LABEL = /label=\{?["'`][^"'`]*(تومان|ریال)/;
const MONEY_NAME =
  /name=["'](amount|unit_price|price_per_hour|setup_fee|stop_below_balance|balance_min|balance_max)["']|bindField\([^)]*'(amount|unit_price|price_per_hour|setup_fee|stop_below_balance|balance_min|balance_max)'|field\('(price_per_hour|setup_fee)'\)/;

/** Each `<TextField …>` element's opening tag, with the file and line it starts on. */
function textFields(source: string): { line: number; tag: string }[] {
  const found: { line: number; tag: string }[] = [];
  const re = /<TextField\b/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    // The opening tag ends at the first «/>» or «>» at the start of a line after the props.
    const rest = source.slice(m.index);
    const end = rest.search(/\n\s*\/?>|\/>/);
    found.push({ line: source.slice(0, m.index).split('\n').length, tag: rest.slice(0, end + 3) });
  }
  return found;
}

describe('money inputs', () => {
  it('the walk reads the pages', () => {
    expect(Object.keys(files).length).toBeGreaterThan(100);
  });

  it('no text field for money is built outside MoneyInput', () => {
    const loose: string[] = [];
    for (const [file, source] of Object.entries(files)) {
      for (const { line, tag } of textFields(source)) {
        if (MONEY_LABEL.test(tag) || MONEY_NAME.test(tag)) loose.push(`${file}:${line}`);
      }
    }
    expect(loose).toEqual([]);
  });

  it('no screen asks for Rial', () => {
    const rial = Object.entries(files)
      .filter(([, source]) => /\(ریال\)|به ریال/.test(source))
      .map(([file]) => file);
    expect(rial).toEqual([]);
  });
});
