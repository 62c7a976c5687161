import { z } from 'zod';
import { variantChoiceSchema } from './orders.ts';

/**
 * Coupons (issue 16). Money travels as naira (two decimals at most) and is kept as kobo. A coupon
 * takes a percentage or a fixed amount off the items it covers: the whole store, chosen products,
 * or — a flash deal — everything while one show the seller picks is live. The discount is the
 * seller's: the buyer pays the discounted total (docs/coupons.md).
 */

export const couponKindSchema = z.enum(['percentage', 'fixed']);
export type CouponKind = z.infer<typeof couponKindSchema>;
export const couponScopeSchema = z.enum(['store', 'products', 'live']);
export type CouponScope = z.infer<typeof couponScopeSchema>;
export const COUPON_SCOPE_LABELS: Record<CouponScope, string> = {
  store: 'Whole store',
  products: 'Chosen products',
  live: 'Live show only',
};
/** Not stored: from the dates, the picked show (ended → expired) and the disabled switch. */
export const couponStatusSchema = z.enum(['active', 'scheduled', 'expired', 'disabled']);
export type CouponStatus = z.infer<typeof couponStatusSchema>;
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  disabled: 'Disabled',
};

/** Why a code does not apply, each with the words a buyer reads at checkout. */
export const couponRefusalSchema = z.enum([
  'unknown',
  'disabled',
  'not_started',
  'expired',
  'show_not_live',
  'used_up',
  'already_used',
  'not_for_product',
  'minimum_not_met',
]);
export type CouponRefusal = z.infer<typeof couponRefusalSchema>;

export const MAX_COUPON_AMOUNT_NAIRA = 10_000_000;
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const nairaAmount = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .positive(`${what} must be more than 0`)
    .max(MAX_COUPON_AMOUNT_NAIRA, `${what} must be at most 10,000,000`)
    .refine(hasAtMostTwoDecimals, `${what} can have at most 2 decimal places`);
const countField = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(1_000_000, `${what} must be at most 1,000,000`);

/** Letters, digits, - and _; 3 to 20 characters. Matched whatever its case (SAVE10 = save10). */
export const couponCodeField = z
  .string({ error: 'Code is required' })
  .trim()
  .min(3, 'Code must be at least 3 characters')
  .max(20, 'Code must be at most 20 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, numbers, - and _ only (no spaces)');

/** POST /api/coupons and PUT /api/coupons/{id}. */
export const couponBody = z
  .strictObject({
    code: couponCodeField,
    kind: couponKindSchema,
    /** Whole percent, 1–100, for `percentage`; null for `fixed`. */
    percentOff: z
      .number({ error: 'Percentage must be a number' })
      .int('Percentage must be a whole number')
      .min(1, 'Percentage must be at least 1')
      .max(100, 'Percentage must be at most 100')
      .nullable(),
    /** Naira off, for `fixed`; null for `percentage`. */
    amountOff: nairaAmount('Amount').nullable(),
    /** The covered items must come to at least this (naira); null for no minimum. */
    minOrder: nairaAmount('Minimum order').nullable(),
    /** The most a percentage takes off (naira); null for no cap. */
    maxDiscount: nairaAmount('Maximum discount').nullable(),
    /** Orders in all that may use it; null for no limit. */
    usageLimit: countField('Total uses').nullable(),
    /** Orders one buyer may use it on; null for no limit. */
    perBuyerLimit: countField('Uses per buyer').nullable(),
    startsAt: z.iso.datetime({ offset: true, error: 'Choose when it starts' }),
    endsAt: z.iso.datetime({ offset: true, error: 'Choose a valid end' }).nullable(),
    scope: couponScopeSchema,
    /** The products it covers when scope is `products` (the seller's own). */
    productIds: z.array(z.uuid('Product not found')).max(100, 'Choose at most 100 products'),
    /** The show it is for when scope is `live` (the seller's own, not ended). */
    streamId: z.uuid('Live show not found').nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'percentage' && b.percentOff === null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage off' });
    }
    if (b.kind === 'fixed' && b.amountOff === null) {
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'Enter the amount off' });
    }
    if (b.kind === 'fixed' && b.maxDiscount !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxDiscount'],
        message: 'A fixed amount is its own maximum; leave this empty',
      });
    }
    if (b.kind === 'fixed' && b.amountOff !== null && b.minOrder !== null && b.amountOff > b.minOrder) {
      ctx.addIssue({
        code: 'custom',
        path: ['minOrder'],
        message: 'The minimum order must be at least the amount off',
      });
    }
    if (b.endsAt !== null && Date.parse(b.endsAt) <= Date.parse(b.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
    }
    if (b.scope === 'products' && b.productIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'Choose at least one product' });
    }
    if (b.scope !== 'products' && b.productIds.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['productIds'],
        message: 'Products are only for chosen products',
      });
    }
    if (b.scope === 'live' && b.streamId === null) {
      ctx.addIssue({ code: 'custom', path: ['streamId'], message: 'Choose the live show' });
    }
    if (b.scope !== 'live' && b.streamId !== null) {
      ctx.addIssue({ code: 'custom', path: ['streamId'], message: 'A show is only for live-show coupons' });
    }
    if (b.usageLimit !== null && b.perBuyerLimit !== null && b.perBuyerLimit > b.usageLimit) {
      ctx.addIssue({
        code: 'custom',
        path: ['perBuyerLimit'],
        message: 'Uses per buyer cannot be more than total uses',
      });
    }
  });
export type CouponBody = z.infer<typeof couponBody>;

const naira = z.number();
const isoDate = z.string();

/** A coupon as the seller sees it: the rules, the status now and what it brought in. */
export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: couponKindSchema,
  percentOff: z.number().nullable(),
  amountOff: naira.nullable(),
  minOrder: naira.nullable(),
  maxDiscount: naira.nullable(),
  usageLimit: z.number().int().nullable(),
  perBuyerLimit: z.number().int().nullable(),
  startsAt: isoDate,
  endsAt: isoDate.nullable(),
  scope: couponScopeSchema,
  products: z.array(z.object({ _id: z.string(), name: z.string(), image: z.string().nullable() })),
  show: z
    .object({
      _id: z.string(),
      title: z.string(),
      status: z.enum(['scheduled', 'live', 'ended']),
      scheduledStartTime: isoDate,
    })
    .nullable(),
  disabled: z.boolean(),
  status: couponStatusSchema,
  /** Orders holding a use (an unpaid order cancelled or expired gives its use back). */
  uses: z.number().int(),
  /** Paid orders that used it, what they came to and what the coupon took off them. */
  paidOrders: z.number().int(),
  revenue: naira,
  discountGiven: naira,
  createdAt: isoDate,
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponsQuery = z.strictObject({ status: couponStatusSchema.optional() });
export const couponsResponse = z.object({
  coupons: z.array(couponSchema),
  counts: z.object({
    all: z.number().int(),
    active: z.number().int(),
    scheduled: z.number().int(),
    expired: z.number().int(),
    disabled: z.number().int(),
  }),
});
export type CouponsResponse = z.infer<typeof couponsResponse>;
export const couponResponse = z.object({ coupon: couponSchema });
export type CouponResponse = z.infer<typeof couponResponse>;
export const couponIdParams = z.object({ id: z.uuid('Coupon not found') });

/** GET /api/coupons/summary: the marketing index's card. */
export const couponsSummaryResponse = z.object({
  active: z.number().int(),
  scheduled: z.number().int(),
  redemptions: z.number().int(),
  revenue: naira,
  discountGiven: naira,
});
export type CouponsSummaryResponse = z.infer<typeof couponsSummaryResponse>;

/** POST /api/checkout/coupons/check: would this code apply to this Buy now? */
export const couponCheckBody = z.strictObject({
  code: z.string().trim().min(1, 'Enter a code').max(40, 'That code is too long'),
  productId: z.uuid('Product not found'),
  variant: z.array(variantChoiceSchema).max(3),
  quantity: z.number().int().min(1).max(20),
});
export type CouponCheckBody = z.infer<typeof couponCheckBody>;
export const couponCheckResponse = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    code: z.string(),
    /** Naira off the items, and what it does ("10% off, up to ₦2,000.00"). */
    discount: naira,
    description: z.string(),
  }),
  z.object({ valid: z.literal(false), reason: couponRefusalSchema, message: z.string() }),
]);
export type CouponCheckResponse = z.infer<typeof couponCheckResponse>;

/** "10% off", "₦1,500.00 off" — naira formatted by the caller's formatter. */
export function couponValueText(
  c: Pick<Coupon, 'kind' | 'percentOff' | 'amountOff' | 'maxDiscount'>,
  formatNaira: (naira: number) => string,
): string {
  if (c.kind === 'percentage') {
    const cap = c.maxDiscount !== null ? `, up to ${formatNaira(c.maxDiscount)}` : '';
    return `${c.percentOff ?? 0}% off${cap}`;
  }
  return `${formatNaira(c.amountOff ?? 0)} off`;
}

/** GET /api/coupons/choices: what the create form's pickers offer (the seller's own). */
export const couponChoicesResponse = z.object({
  products: z.array(
    z.object({ _id: z.string(), name: z.string(), image: z.string().nullable(), price: naira }),
  ),
  /** Shows not yet ended, soonest first: a live-only coupon is for one of them. */
  shows: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      status: z.enum(['scheduled', 'live', 'ended']),
      scheduledStartTime: isoDate,
    }),
  ),
});
export type CouponChoicesResponse = z.infer<typeof couponChoicesResponse>;
