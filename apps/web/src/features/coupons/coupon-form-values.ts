import { zodResolver } from '@hookform/resolvers/zod';
import { type Coupon, type CouponBody, couponBody, couponValueText } from '@kasuwa/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { formatNaira, parseNairaInput } from '@/lib/money';

/*
 * The form keeps what the seller typed (amounts and counts as text, dates as the phone's
 * datetime-local value); the resolver builds the contract's body from it and checks it with the
 * contract's own schema, whose field names the form mirrors, so errors land under the right box.
 */
export interface CouponFormValues {
  code: string;
  kind: CouponBody['kind'];
  percentOff: string;
  amountOff: string;
  minOrder: string;
  maxDiscount: string;
  usageLimit: string;
  perBuyerLimit: string;
  startsAt: string;
  endsAt: string;
  scope: CouponBody['scope'];
  productIds: string[];
  streamId: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A Date as an `<input type="datetime-local">` value in the phone's own time. */
export const localInputValue = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const amountText = (n: number | null) => (n === null ? '' : Number.isInteger(n) ? String(n) : n.toFixed(2));

export function emptyCouponValues(now = new Date()): CouponFormValues {
  return {
    code: '',
    kind: 'percentage',
    percentOff: '10',
    amountOff: '',
    minOrder: '',
    maxDiscount: '',
    usageLimit: '',
    perBuyerLimit: '1',
    startsAt: localInputValue(now),
    endsAt: '',
    scope: 'store',
    productIds: [],
    streamId: '',
  };
}

export function couponFormValues(c: Coupon): CouponFormValues {
  return {
    code: c.code,
    kind: c.kind,
    percentOff: c.percentOff === null ? '' : String(c.percentOff),
    amountOff: amountText(c.amountOff),
    minOrder: amountText(c.minOrder),
    maxDiscount: amountText(c.maxDiscount),
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
    perBuyerLimit: c.perBuyerLimit === null ? '' : String(c.perBuyerLimit),
    startsAt: localInputValue(new Date(c.startsAt)),
    endsAt: c.endsAt ? localInputValue(new Date(c.endsAt)) : '',
    scope: c.scope,
    productIds: c.products.map((p) => p._id),
    streamId: c.show?._id ?? '',
  };
}

/** Empty is "none" (null); anything else must parse, or NaN lets the schema say so. */
const optionalAmount = (text: string) => (text.trim() === '' ? null : (parseNairaInput(text) ?? Number.NaN));
const optionalCount = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const isoOf = (local: string) => {
  const d = new Date(local);
  return local === '' || Number.isNaN(d.getTime()) ? '' : d.toISOString();
};

export function toCouponBody(v: CouponFormValues): CouponBody {
  return {
    code: v.code.trim().toUpperCase(),
    kind: v.kind,
    percentOff: v.kind === 'percentage' ? optionalCount(v.percentOff) : null,
    amountOff: v.kind === 'fixed' ? optionalAmount(v.amountOff) : null,
    minOrder: optionalAmount(v.minOrder),
    maxDiscount: v.kind === 'percentage' ? optionalAmount(v.maxDiscount) : null,
    usageLimit: optionalCount(v.usageLimit),
    perBuyerLimit: optionalCount(v.perBuyerLimit),
    startsAt: isoOf(v.startsAt),
    endsAt: v.endsAt === '' ? null : isoOf(v.endsAt) || 'invalid',
    scope: v.scope,
    productIds: v.scope === 'products' ? v.productIds : [],
    streamId: v.scope === 'live' ? v.streamId || null : null,
  };
}

const schema = z.preprocess((v: CouponFormValues) => toCouponBody(v), couponBody);
export const couponResolver = zodResolver(schema) as unknown as Resolver<
  CouponFormValues,
  unknown,
  CouponBody
>;

const dateText = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * What the buyer gets, in one plain paragraph, from what is typed so far (gaps are skipped), and a
 * worked example on an order the coupon covers.
 */
export function couponPreview(
  v: CouponFormValues,
  names: { productCount: number; showTitle: string | null },
): { summary: string; example: string | null } {
  const body = toCouponBody(v);
  const value =
    body.kind === 'percentage'
      ? body.percentOff && body.percentOff > 0
        ? couponValueText(
            { ...body, maxDiscount: Number.isFinite(body.maxDiscount) ? body.maxDiscount : null },
            formatNaira,
          )
        : null
      : body.amountOff && Number.isFinite(body.amountOff)
        ? couponValueText(body, formatNaira)
        : null;
  if (!value) return { summary: 'Choose how much the coupon takes off.', example: null };
  const where =
    body.scope === 'store'
      ? 'everything in your store'
      : body.scope === 'products'
        ? `${names.productCount || 'the'} chosen product${names.productCount === 1 ? '' : 's'}`
        : names.showTitle
          ? `everything while your show “${names.showTitle}” is live`
          : 'everything while the show you pick is live';
  const parts = [`Buyers who enter ${body.code || 'the code'} get ${value} ${where}`];
  if (body.minOrder && Number.isFinite(body.minOrder))
    parts.push(`on orders of ${formatNaira(body.minOrder)} or more`);
  const start = new Date(body.startsAt);
  if (!Number.isNaN(start.getTime()) && start.getTime() > Date.now() + 60_000) {
    parts.push(`from ${dateText.format(start)}`);
  }
  if (body.endsAt && !Number.isNaN(new Date(body.endsAt).getTime())) {
    parts.push(`until ${dateText.format(new Date(body.endsAt))}`);
  }
  let summary = `${parts.join(', ')}.`;
  const limits: string[] = [];
  if (body.usageLimit && Number.isInteger(body.usageLimit))
    limits.push(`the first ${body.usageLimit} orders`);
  if (body.perBuyerLimit && Number.isInteger(body.perBuyerLimit)) {
    limits.push(body.perBuyerLimit === 1 ? 'once per buyer' : `${body.perBuyerLimit} times per buyer`);
  }
  if (limits.length > 0) summary += ` Limited to ${limits.join(', ')}.`;

  const order = Math.max(20_000, body.minOrder && Number.isFinite(body.minOrder) ? body.minOrder : 0);
  let off =
    body.kind === 'percentage' ? Math.floor(order * (body.percentOff ?? 0)) / 100 : (body.amountOff ?? 0);
  if (body.kind === 'percentage' && body.maxDiscount && Number.isFinite(body.maxDiscount)) {
    off = Math.min(off, body.maxDiscount);
  }
  off = Math.min(off, order);
  const example = `On ${formatNaira(order)} of items they pay ${formatNaira(order - off)} (you give ${formatNaira(off)}).`;
  return { summary, example };
}
