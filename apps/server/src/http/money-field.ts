import { z } from 'zod';
import { toLatinDigits } from '../lib/digits';
import { faNumber } from '../lib/persian';

/**
 * The one way a form's amount of money becomes a number. People type Toman (the unit the whole UI
 * shows); the field hands the service integer Rial (the unit of the database and of every JSON
 * amount). Only digits are an amount: Persian, Arabic-Indic or Latin, grouped with «٬», «,», «،»
 * or spaces, and a leading minus where the field takes one. Everything JavaScript's `Number()`
 * would also read — `0x30D40`, `2e5`, `+200000`, `[200000]`, `12.0`, `Infinity` — is refused with
 * the field's Persian message, so what a person sees in the ledger is what they typed.
 */

export const RIAL_PER_TOMAN = 10;

export interface MoneyFieldSpec {
  /** The field as a person names it: «مبلغ», «قیمت هر ساعت». */
  label: string;
  /** Whether a minus is allowed (an adjustment that takes money away). */
  signed: boolean;
  /** Bounds in Toman, inclusive; a signed field bounds the size either way. */
  min: number;
  max: number;
  /** Zero refused even when `min` is 0 (an adjustment of nothing). */
  nonZero: boolean;
  /** The Persian message for every way the amount can be wrong. */
  message: string;
}

const registry = new Map<z.ZodType, MoneyFieldSpec>();

/** Every money field built so far (each validator module builds its own when it is loaded). */
export function moneyFields(): ReadonlyMap<z.ZodType, MoneyFieldSpec> {
  return registry;
}

const MINUS = /^[-−–]/;
// Groups of digits with one separator between them; no leading or trailing separator.
const GROUPED = /^\d+(?:[,٬،\s]\d+)*$/;

/**
 * Whole Toman from what was sent, or null: a string of digits (with the separators above, and a
 * leading minus when `signed`), or a JSON integer. Nothing else.
 */
export function readToman(value: unknown, signed: boolean): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && (signed || value >= 0) ? value : null;
  if (typeof value !== 'string') return null;
  let text = toLatinDigits(value).trim();
  let sign = 1;
  if (signed && MINUS.test(text)) {
    sign = -1;
    text = text.slice(1).trimStart();
  }
  if (!GROUPED.test(text)) return null;
  const digits = text.replace(/[,٬،\s]/g, '');
  if (digits.length > 15) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? sign * n : null;
}

/**
 * A form's amount typed in Toman → integer Rial. `message` defaults to one that names the unit and
 * the range; every refusal (not digits, out of range, zero where zero means nothing) gives it.
 */
export function tomanField(options: {
  label: string;
  min?: number;
  max: number;
  signed?: boolean;
  nonZero?: boolean;
  message?: string;
}): z.ZodType<number> {
  const min = options.min ?? 0;
  const signed = options.signed ?? false;
  const nonZero = options.nonZero ?? false;
  const message =
    options.message ??
    `${options.label} را به تومان و فقط با رقم بنویسید، از ${faNumber(min)} تا ${faNumber(options.max)} تومان؛ مثلاً ۵۰۰٬۰۰۰.`;
  const field = z.unknown().transform((value, ctx): number => {
    const toman = readToman(value, signed);
    const size = toman === null ? null : Math.abs(toman);
    if (toman === null || size === null || (nonZero && toman === 0) || size < min || size > options.max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return toman * RIAL_PER_TOMAN;
  });
  registry.set(field, { label: options.label, signed, min, max: options.max, nonZero, message });
  return field;
}

/** The same, where an empty field means «not set» (null). */
export function optionalTomanField(options: Parameters<typeof tomanField>[0]) {
  const inner = tomanField(options);
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.union([z.null(), inner]),
  );
}
