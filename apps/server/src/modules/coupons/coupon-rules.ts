import type { CouponRefusal, CouponStatus } from '@kasuwa/contracts';
import { nairaText } from '@/lib/naira.ts';

/**
 * The coupon rules, pure: no database, no clock. Checkout asks `evaluateCoupon` under the coupon's
 * row lock with the uses counted in the same transaction; the check route asks it with a snapshot.
 * Amounts are kobo. Property-tested in coupon-rules.property.test.ts.
 */

export type CouponTerms = {
  code: string;
  kind: 'percentage' | 'fixed';
  percentOff: number | null;
  amountOffKobo: number | null;
  minOrderKobo: number | null;
  maxDiscountKobo: number | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  startsAt: Date;
  endsAt: Date | null;
  scope: 'store' | 'products' | 'live';
  productIds: readonly string[];
  disabled: boolean;
};

export type CartLine = { productId: string; unitPriceKobo: number; quantity: number };
/** Uses held now: by every buyer, and by this buyer. */
export type CouponUsage = { total: number; byBuyer: number };
/** The picked show of a live-only coupon; null when it has none (or it was deleted). */
export type ShowState = { title: string; status: 'scheduled' | 'live' | 'ended' } | null;

export type CouponDecision =
  | { ok: true; discountKobo: number; eligibleSubtotalKobo: number }
  | { ok: false; reason: CouponRefusal; message: string };

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

export const couponRefusalMessage = (
  reason: CouponRefusal,
  terms?: CouponTerms,
  show?: ShowState,
): string => {
  switch (reason) {
    case 'unknown':
      return 'This code is not valid for this store';
    case 'disabled':
      return 'This code is no longer active';
    case 'not_started':
      return terms
        ? `This code starts on ${lagosDate.format(terms.startsAt)}`
        : 'This code has not started yet';
    case 'expired':
      return terms?.scope === 'live' && show?.status === 'ended'
        ? `This code was for the live show "${show.title}", which has ended`
        : 'This code has expired';
    case 'show_not_live':
      return show
        ? `This code only works while the live show "${show.title}" is on`
        : 'This code only works during its live show';
    case 'used_up':
      return 'This code has been used up';
    case 'already_used':
      return 'You have already used this code';
    case 'not_for_product':
      return 'This code is not for this product';
    case 'minimum_not_met':
      return terms?.minOrderKobo
        ? `Spend at least ${nairaText(terms.minOrderKobo)} to use this code`
        : 'Your order is below this code’s minimum';
  }
};

const refuse = (reason: CouponRefusal, terms: CouponTerms, show: ShowState): CouponDecision => ({
  ok: false,
  reason,
  message: couponRefusalMessage(reason, terms, show),
});

/** The coupon's status now (the list's tabs): disabled wins, then the dates and the picked show. */
export function couponStatus(terms: CouponTerms, show: ShowState, now: Date): CouponStatus {
  if (terms.disabled) return 'disabled';
  if (terms.endsAt && now.getTime() >= terms.endsAt.getTime()) return 'expired';
  if (terms.scope === 'live' && (show === null || show.status === 'ended')) return 'expired';
  if (now.getTime() < terms.startsAt.getTime()) return 'scheduled';
  return 'active';
}

/** What the coupon takes off `eligibleKobo` of covered items, before any refusal (≥ 0, ≤ eligible). */
export function discountOn(terms: CouponTerms, eligibleKobo: number): number {
  const raw =
    terms.kind === 'percentage'
      ? Math.floor((eligibleKobo * (terms.percentOff ?? 0)) / 100)
      : (terms.amountOffKobo ?? 0);
  const capped = terms.maxDiscountKobo !== null ? Math.min(raw, terms.maxDiscountKobo) : raw;
  return Math.max(0, Math.min(capped, eligibleKobo));
}

/**
 * Whether the coupon applies to the cart for this buyer now, and how much it takes off. Checks in
 * the order a buyer can act on: the code itself (disabled, dates, show), its limits, then the cart.
 */
export function evaluateCoupon(
  terms: CouponTerms,
  cart: readonly CartLine[],
  usage: CouponUsage,
  show: ShowState,
  now: Date,
): CouponDecision {
  if (terms.disabled) return refuse('disabled', terms, show);
  if (now.getTime() < terms.startsAt.getTime()) return refuse('not_started', terms, show);
  if (terms.endsAt && now.getTime() >= terms.endsAt.getTime()) return refuse('expired', terms, show);
  if (terms.scope === 'live') {
    if (show === null || show.status === 'ended') return refuse('expired', terms, show);
    if (show.status !== 'live') return refuse('show_not_live', terms, show);
  }
  if (terms.usageLimit !== null && usage.total >= terms.usageLimit) return refuse('used_up', terms, show);
  if (terms.perBuyerLimit !== null && usage.byBuyer >= terms.perBuyerLimit) {
    return refuse('already_used', terms, show);
  }
  const covered =
    terms.scope === 'products' ? cart.filter((l) => terms.productIds.includes(l.productId)) : cart;
  const eligibleSubtotalKobo = covered.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  if (eligibleSubtotalKobo <= 0) return refuse('not_for_product', terms, show);
  if (terms.minOrderKobo !== null && eligibleSubtotalKobo < terms.minOrderKobo) {
    return refuse('minimum_not_met', terms, show);
  }
  return { ok: true, discountKobo: discountOn(terms, eligibleSubtotalKobo), eligibleSubtotalKobo };
}
