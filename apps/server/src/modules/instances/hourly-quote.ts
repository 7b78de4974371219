import { withTax } from '../../lib/vat';
import type { HourlyQuote } from './contracts';

/**
 * What an hour of a plan costs and how long a balance lasts, as billing will charge it
 * (docs/domain.md, Usage and Invoices): the wallet pays the plan's net price per hour, minute by
 * minute (the minutes of an hour add up to the hourly price exactly), and VAT is paid with the
 * top-up that puts the credit there. So an hour costs the price plus VAT in money, and the balance
 * covers whole hours of the net price. The Make page and its review show these numbers; no page
 * does this arithmetic itself.
 */
export function hourlyQuote(pricePerHour: number, vatRate: number, balance: number): HourlyQuote {
  const money = withTax(pricePerHour, vatRate, false);
  return {
    price_per_hour: pricePerHour,
    vat_rate: vatRate,
    vat_per_hour: money.tax,
    price_per_hour_with_vat: money.total,
    balance,
    hours_covered: pricePerHour > 0 ? Math.max(0, Math.floor(balance / pricePerHour)) : null,
  };
}
