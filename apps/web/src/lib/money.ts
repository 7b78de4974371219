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
  // Intl writes a negative as U+200E, the minus sign U+2212, then the digits: the mark keeps
  // «−۵۰٬۰۰۰» one left-to-right run, so inside Persian text it never turns into «۵۰٬۰۰۰−».
  return formatNumber(rialToToman(rial));
}

/** An amount in Rial shown as Toman: 1250000 → «۱۲۵٬۰۰۰ تومان». */
export function formatToman(rial: number): string {
  return `${formatTomanAmount(rial)} تومان`;
}
