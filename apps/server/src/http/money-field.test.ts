import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moneyFields, RIAL_PER_TOMAN, readToman } from './money-field';

/**
 * Every amount a form sends goes through one parser. The walk loads every server source file (so
 * every validator is built), then (1) every field whose name says money, in every exported schema
 * and every `z.object` in the source, must be a money field, and (2) every money field refuses what
 * is not digits — hex, exponents, a plus, arrays, fractions — and takes Persian digits with «٬».
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = readdirSync(SRC, { recursive: true })
  .map(String)
  .filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('testing/') && f !== 'main.ts',
  );
const sourceText = Object.fromEntries(files.map((f) => [f, readFileSync(join(SRC, f), 'utf8')]));
const sources: Record<string, unknown> = {};

beforeAll(async () => {
  for (const f of files) sources[f] = await import(join(SRC, f));
}, 120_000);

/** A form field name that carries money. */
const MONEY_NAME =
  /^(amount|price_per_hour|setup_fee|unit_price|stop_below_balance|balance_min|balance_max)$/;

function unwrap(schema: z.ZodType): z.ZodType[] {
  // biome-ignore lint/suspicious/noExplicitAny: walking zod's internal definitions
  const def = (schema as any)._zod?.def;
  if (!def) return [schema];
  const inner: z.ZodType[] = [];
  for (const key of ['innerType', 'in', 'out', 'schema']) if (def[key]) inner.push(def[key]);
  if (def.options) inner.push(...def.options);
  if (def.left) inner.push(def.left, def.right);
  return [schema, ...inner.flatMap(unwrap)];
}

function isMoney(schema: z.ZodType): boolean {
  return unwrap(schema).some((s) => moneyFields().has(s));
}

function moneyNamedFields(schema: z.ZodType, path: string): { path: string; schema: z.ZodType }[] {
  const found: { path: string; schema: z.ZodType }[] = [];
  for (const s of unwrap(schema)) {
    if (!(s instanceof z.ZodObject)) continue;
    for (const [key, field] of Object.entries(s.shape as Record<string, z.ZodType>)) {
      if (MONEY_NAME.test(key)) found.push({ path: `${path}.${key}`, schema: field });
      found.push(...moneyNamedFields(field, `${path}.${key}`));
    }
  }
  return found;
}

describe('money fields', () => {
  it('the walk sees the validators', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    // The forms with amounts: top-up, invoices, refunds, plans, the wallet adjustment, machine settings.
    expect(moneyFields().size).toBeGreaterThanOrEqual(8);
  });

  it('every exported schema’s money-named field is a money field', () => {
    const loose: string[] = [];
    for (const [file, module] of Object.entries(sources)) {
      for (const [name, value] of Object.entries(module as Record<string, unknown>)) {
        if (!(value instanceof z.ZodType)) continue;
        for (const field of moneyNamedFields(value, `${file}:${name}`)) {
          if (!isMoney(field.schema)) loose.push(field.path);
        }
      }
    }
    expect(loose).toEqual([]);
  });

  it('no source file reads a money-named form field with its own parser', () => {
    // Inline schemas are not exported; read the source: a money-named key inside a file that builds
    // zod schemas may not be built on the spot from zod or a generic number field.
    const loose: string[] = [];
    for (const [file, text] of Object.entries(sourceText)) {
      if (!/from 'zod'/.test(text) || file.endsWith('money-field.ts')) continue;
      for (const [index, line] of text.split('\n').entries()) {
        const m = line.match(/^\s*(\w+):\s*(z\.|whole\(|optionalWhole\(|\w*[Nn]umber\()/);
        if (m && MONEY_NAME.test(m[1]!)) loose.push(`${file}:${index + 1}: ${line.trim()}`);
      }
    }
    expect(loose).toEqual([]);
  });

  const hostile = [
    '0x30D40',
    '2e5',
    '2E5',
    '+200000',
    '200000.0',
    '200000.5',
    '۲۰۰۰۰۰٫۵',
    '0b110',
    '0o17',
    'Infinity',
    'NaN',
    '',
    '   ',
    '٬200000',
    '200000٬',
    '200,,000',
    '--5000',
    '۲۰۰ هزار',
    'ده هزار',
    '1_000',
    '\u0000200000',
  ];
  const hostileValues: unknown[] = [
    ...hostile,
    [200000],
    ['200000'],
    { amount: 200000 },
    true,
    null,
    undefined,
    2.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 60,
  ];

  it('every money field refuses what is not digits, with its Persian message', () => {
    for (const [schema, spec] of moneyFields()) {
      for (const value of hostileValues) {
        const result = schema.safeParse(value);
        expect(result.success, `${spec.label} took ${JSON.stringify(value)}`).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(spec.message);
        expect(spec.message).toMatch(/[\u0600-\u06ff]/);
      }
    }
  });

  it('every money field takes Toman in any digits and separators, and gives Rial', () => {
    const persian = (n: number | string) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const arabic = (n: number) => String(n).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const grouped = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    for (const [schema, spec] of moneyFields()) {
      const low = Math.max(spec.min, spec.nonZero ? 1 : 0);
      fc.assert(
        fc.property(
          fc.integer({ min: low, max: spec.max }),
          fc.constantFrom('latin', 'persian', 'arabic', '٬', ',', '،', ' '),
          fc.boolean(),
          (toman, form, negative) => {
            const text =
              form === 'latin'
                ? String(toman)
                : form === 'persian'
                  ? persian(toman)
                  : form === 'arabic'
                    ? arabic(toman)
                    : persian(grouped(toman, form));
            const sign = spec.signed && negative ? -1 : 1;
            const sent = sign < 0 ? `-${text}` : text;
            const result = schema.safeParse(sent);
            expect(result.success, `${spec.label}: ${sent}`).toBe(true);
            expect(result.data).toBe(sign * toman * RIAL_PER_TOMAN);
          },
        ),
        { numRuns: 60 },
      );
      if (!spec.signed) expect(schema.safeParse(`-${Math.max(low, 1)}`).success).toBe(false);
      expect(schema.safeParse(String(spec.max + 1)).success).toBe(false);
    }
  });

  it('any string JavaScript reads as a number but is not plain digits is refused', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const read = readToman(text, true);
        const plain = /^\s*-?\s*\d+(?:[,٬،\s]\d+)*\s*$/.test(text);
        if (!plain) expect(read).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
