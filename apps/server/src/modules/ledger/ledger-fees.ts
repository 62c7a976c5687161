/**
 * The two deductions from a sale, in one place (docs/money.md "The ledger").
 *
 * Commission: the platform's share, `PLATFORM_COMMISSION_BPS` basis points (default 500 = 5 %) of
 * the order total the buyer paid, delivery fee included (the platform carried that payment too),
 * rounded to the nearest kobo.
 *
 * Payment fee: Paystack's published fee for local (Nigerian) transactions (paystack.com/pricing,
 * /work/shared/providers/paystack.md §5): 1.5 % + ₦100, the ₦100 waived for transactions under
 * ₦2,500, the whole fee capped at ₦2,000; rounded to the nearest kobo. The local payment provider
 * charges nothing, but the same figure is posted so a seller's earnings read the same whichever
 * provider is configured.
 */

export const DEFAULT_COMMISSION_BPS = 500;

/** The commission on an order total, in kobo. */
export function commissionKobo(totalKobo: number, bps: number): number {
  return Math.round((totalKobo * bps) / 10_000);
}

const FEE_PERCENT_BPS = 150;
const FEE_FLAT_KOBO = 10_000;
const FEE_FLAT_WAIVED_UNDER_KOBO = 250_000;
const FEE_CAP_KOBO = 200_000;

/** The payment provider's fee on an online payment of `amountKobo`. */
export function paymentFeeKobo(amountKobo: number): number {
  if (amountKobo <= 0) return 0;
  const percent = Math.round((amountKobo * FEE_PERCENT_BPS) / 10_000);
  const flat = amountKobo < FEE_FLAT_WAIVED_UNDER_KOBO ? 0 : FEE_FLAT_KOBO;
  return Math.min(percent + flat, FEE_CAP_KOBO);
}
