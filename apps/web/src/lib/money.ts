import { formatNumber } from './digits';

/**
 * Money is stored and sent as integer Rial; people in Iran count in Toman (10 Rial), so the UI
 * shows Toman. Keeping the conversion here means no screen divides by ten on its own.
 */
const RIAL_PER_TOMAN = 10;

/** Whole Toman for an amount in Rial (rounded half away from zero, as a cashier would). */
export function rialToToman(rial: number): number {
  return Math.sign(rial) * Math.round(Math.abs(rial) / RIAL_PER_TOMAN);
}

/** The Toman amount as a number with Persian digits, without the unit: 1250000 Rial → «۱۲۵٬۰۰۰». */
export function formatTomanAmount(rial: number): string {
  const toman = rialToToman(rial);
  // Intl puts a bidi mark and a typographic minus before negatives; a plain «-» reads better
  // inside Persian text and keeps the sign on the reading side.
  return toman < 0 ? `-${formatNumber(-toman)}` : formatNumber(toman);
}

/** An amount in Rial shown as Toman: 1250000 → «۱۲۵٬۰۰۰ تومان». */
export function formatToman(rial: number): string {
  return `${formatTomanAmount(rial)} تومان`;
}
