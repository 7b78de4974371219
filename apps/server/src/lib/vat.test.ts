import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTax } from './vat';

describe('VAT', () => {
  it('adds 10% on top when prices exclude it', () => {
    expect(withTax(1_000_000, 10, false)).toEqual({ subtotal: 1_000_000, tax: 100_000, total: 1_100_000 });
  });

  it('takes it out of the amount when prices include it', () => {
    expect(withTax(1_100_000, 10, true)).toEqual({ subtotal: 1_000_000, tax: 100_000, total: 1_100_000 });
  });

  it('always adds up, never goes negative and never charges more than the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (amount, rate, inclusive) => {
          const { subtotal, tax, total } = withTax(amount, rate, inclusive);
          expect(subtotal + tax).toBe(total);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(tax).toBeLessThanOrEqual((subtotal * rate) / 100);
        },
      ),
    );
  });
});
