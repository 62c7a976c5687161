import { z } from 'zod';

/**
 * Analytics & Insights (issue 17, docs/analytics.md). Days are Lagos calendar days (Africa/Lagos,
 * UTC+1); a period is `from`..`to` inclusive and is compared with the period of the same length
 * just before it. Money is naira.
 */
const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');

export const analyticsRangeSchema = z.enum(['today', '7d', '30d', '90d', 'custom']);
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/** The longest custom period, in days (two years of comparison fit in the rollups' reach). */
export const ANALYTICS_MAX_DAYS = 366;

export const analyticsQuery = z
  .strictObject({
    range: analyticsRangeSchema.default('30d'),
    /** Only with `range=custom`: the first and last Lagos day, inclusive. */
    from: dateOnly.optional(),
    to: dateOnly.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') {
      if (q.from || q.to)
        ctx.addIssue({ code: 'custom', message: 'From and to go with a custom range', path: ['from'] });
      return;
    }
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', message: 'A custom range needs a from and a to date', path: ['from'] });
      return;
    }
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) {
      ctx.addIssue({ code: 'custom', message: 'Dates are YYYY-MM-DD', path: ['from'] });
    } else if (to < from) {
      ctx.addIssue({ code: 'custom', message: 'The end date is before the start date', path: ['to'] });
    } else if ((to - from) / 86_400_000 + 1 > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        message: `A range can be at most ${ANALYTICS_MAX_DAYS} days`,
        path: ['to'],
      });
    }
  });
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** A figure now and in the previous period; null where it cannot be computed (no viewers, no orders). */
const figure = z.object({ current: z.number().nullable(), previous: z.number().nullable() });
export type AnalyticsFigure = z.infer<typeof figure>;

export const analyticsOrderStatusSchema = z.enum([
  'to_pay',
  'to_ship',
  'shipped',
  'delivered',
  'cancelled',
  'other',
]);
export type AnalyticsOrderStatus = z.infer<typeof analyticsOrderStatusSchema>;

export const analyticsResponse = z.object({
  period: z.object({
    from: dateOnly,
    to: dateOnly,
    days: z.number().int(),
    previousFrom: dateOnly,
    previousTo: dateOnly,
    timeZone: z.literal('Africa/Lagos'),
  }),
  figures: z.object({
    /** GMV: the totals of sale orders (paid, or pay on delivery collected), by the day they were placed. */
    sales: figure,
    paidOrders: figure,
    /** Orders placed, whatever became of them. */
    orders: figure,
    averageOrderValue: figure,
    /** Buyer-days ÷ viewer-days (0–1), null without viewers. */
    conversionRate: figure,
    viewers: figure,
    buyers: figure,
    newCustomers: figure,
    returningCustomers: figure,
    refunds: figure,
    refundCount: figure,
  }),
  salesOverTime: z.array(
    z.object({ day: dateOnly, sales: z.number(), orders: z.number().int(), previousSales: z.number() }),
  ),
  ordersByStatus: z.array(z.object({ status: analyticsOrderStatusSchema, orders: z.number().int() })),
  topProducts: z.array(z.object({ name: z.string(), units: z.number().int(), sales: z.number() })),
  /** Sales per destination state (reference-data names, e.g. "Fct"); unknown destinations apart. */
  salesByState: z.array(z.object({ state: z.string(), sales: z.number(), orders: z.number().int() })),
  shows: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      startedAt: z.iso.datetime(),
      minutes: z.number().int(),
      viewers: z.number().int(),
      commenters: z.number().int(),
      bidders: z.number().int(),
      buyers: z.number().int(),
      peakViewers: z.number().int(),
      revenue: z.number(),
      revenuePerMinute: z.number(),
    }),
  ),
  blips: z.array(
    z.object({
      id: z.uuid(),
      productName: z.string(),
      caption: z.string(),
      postedAt: z.iso.datetime(),
      views: z.number().int(),
      likes: z.number().int(),
      orders: z.number().int(),
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
