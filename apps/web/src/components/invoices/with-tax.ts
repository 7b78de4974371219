/**
 * VAT as the server computes it (billing/tax.ts), for previews only: the server's figures are the
 * ones charged. Exclusive: the tax comes on top, rounded down. Inclusive: the amount holds it.
 */
export function withTax(amount: number, ratePercent: number, inclusive: boolean) {
  if (inclusive) {
    const subtotal = Math.ceil((amount * 100) / (100 + ratePercent));
    return { subtotal, tax: amount - subtotal, total: amount };
  }
  const tax = Math.floor((amount * ratePercent) / 100);
  return { subtotal: amount, tax, total: amount + tax };
}
