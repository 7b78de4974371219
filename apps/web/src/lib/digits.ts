/**
 * Digits as people read and type them in Persian.
 *
 * Everything a person reads gets Persian digits (۰–۹); everything the app sends or compares gets
 * Latin digits, because Iranian keyboards and phones produce Persian (U+06F0…) or Arabic-Indic
 * (U+0660…) digits depending on the layout.
 */

const PERSIAN_ZERO = 0x06f0;
const ARABIC_ZERO = 0x0660;

/** Replaces Latin digits with Persian ones and leaves every other character as it is. */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/** Replaces Persian and Arabic-Indic digits with Latin ones, so «۰۹۱۲» and «٠٩١٢» both become "0912". */
export function normalizeDigits(value: string): string {
  return value.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_ZERO);
  });
}

const integerFormat = new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 });

/** A whole number with Persian digits and the Persian thousands separator: 12500 → «۱۲٬۵۰۰». */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}
