import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minuteCharge } from '../billing/usage-minutes';
import { hourlyQuote } from './hourly-quote';

/** What billing takes from the wallet for `minutes` minutes of a session at `pricePerHour`. */
const billed = (pricePerHour: number, minutes: number) => {
  let sum = 0;
  for (let i = 0; i < minutes; i++) sum += minuteCharge(pricePerHour, (i % 60) + 1);
  return sum;
};

describe('the hourly quote of Make and its review', () => {
  it('covers exactly the hours billing’s minute charges leave the balance at or above zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (price, balance) => {
          const { hours_covered: hours } = hourlyQuote(price, 10, balance);
          expect(hours).not.toBeNull();
          // Capped so the walk stays quick: a million-Rial balance at 1 Rial/hour is still proved
          // by the same telescoping sum, shorter.
          if (hours! > 200) return;
          expect(billed(price, hours! * 60)).toBeLessThanOrEqual(balance);
          expect(billed(price, (hours! + 1) * 60)).toBeGreaterThan(balance);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds the VAT the top-up invoice charges, rounded down, to the hourly price', () => {
    // 180,000 Toman an hour (1,800,000 Rial) at 10%: 198,000 Toman with VAT.
    expect(hourlyQuote(1_800_000, 10, 0)).toMatchObject({
      price_per_hour: 1_800_000,
      vat_per_hour: 180_000,
      price_per_hour_with_vat: 1_980_000,
      hours_covered: 0,
    });
    expect(hourlyQuote(333, 9, 1_000).vat_per_hour).toBe(29);
  });

  it('says a free plan has no end and a negative balance covers nothing', () => {
    expect(hourlyQuote(0, 10, 5_000).hours_covered).toBeNull();
    expect(hourlyQuote(1_000, 10, -5_000).hours_covered).toBe(0);
  });
});
