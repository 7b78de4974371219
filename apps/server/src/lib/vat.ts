/**
 * VAT on an amount in whole Rial (docs/domain.md: the rate is frozen on the invoice). Exclusive:
 * the amount is the net and the tax comes on top. Inclusive: the amount is what is paid and the
 * net is taken out of it. The tax is rounded down, so a customer never pays a Rial more than the
 * rate says, and subtotal + tax = total always.
 */
export function withTax(
  amount: number,
  ratePercent: number,
  inclusive: boolean,
): { subtotal: number; tax: number; total: number } {
  if (inclusive) {
    const subtotal = Math.ceil((amount * 100) / (100 + ratePercent));
    return { subtotal, tax: amount - subtotal, total: amount };
  }
  const tax = Math.floor((amount * ratePercent) / 100);
  return { subtotal: amount, tax, total: amount + tax };
}
