import type {
  AnalyticsFigure,
  AnalyticsOrderStatus,
  AnalyticsResponse,
  analyticsQuery,
} from '@kasuwa/contracts';
import type { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { addDays, lagosDay, lagosDayStart } from '@/lib/lagos-time.ts';
import { toNaira } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { AnalyticsRepository, QueryPeriod } from '@/modules/analytics/analytics.repository.ts';

export type AnalyticsFilters = z.output<typeof analyticsQuery>;

const PRESET_DAYS = { today: 1, '7d': 7, '30d': 30, '90d': 90 } as const;
const DAY_MS = 86_400_000;
export const TOP_PRODUCTS = 10;
export const SHOWS_SHOWN = 20;
export const BLIPS_SHOWN = 10;
const STATUSES: AnalyticsOrderStatus[] = ['to_pay', 'to_ship', 'shipped', 'delivered', 'cancelled', 'other'];

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** The period a query names, in Lagos days, and the one of the same length just before it. */
export function periodOf(
  filters: AnalyticsFilters,
  now: Date,
): QueryPeriod & { days: number; previousTo: string } {
  const today = lagosDay(now);
  const [from, to] =
    filters.range === 'custom' && filters.from && filters.to
      ? [filters.from, filters.to]
      : [addDays(today, -(PRESET_DAYS[filters.range as keyof typeof PRESET_DAYS] - 1)), today];
  const days = daysBetween(from, to);
  const previousFrom = addDays(from, -days);
  return {
    from,
    to,
    days,
    previousFrom,
    previousTo: addDays(from, -1),
    previousStartAt: lagosDayStart(previousFrom),
    startAt: lagosDayStart(from),
    endAt: lagosDayStart(addDays(to, 1)),
  };
}

const fig = (current: number | null, previous: number | null): AnalyticsFigure => ({ current, previous });
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/** Analytics & Insights: every figure of the page for one seller and period, from SQL (no cache). */
export function analyticsService({ repo, clock }: { repo: AnalyticsRepository; clock: Clock }) {
  return {
    async overview(sellerId: string, filters: AnalyticsFilters): Promise<AnalyticsResponse> {
      const now = clock.now();
      const p = periodOf(filters, now);
      const q = repo.db;
      const [days, states, statuses, products, people, refunds, shows, blips] = await Promise.all([
        repo.days(q, sellerId, p),
        repo.states(q, sellerId, p),
        repo.statuses(q, sellerId, p),
        repo.topProducts(q, sellerId, p, TOP_PRODUCTS),
        repo.people(q, sellerId, p),
        repo.refunds(q, sellerId, p),
        repo.shows(q, sellerId, p, SHOWS_SHOWN),
        repo.blips(q, sellerId, BLIPS_SHOWN),
      ]);

      const byDay = new Map(days.map((d) => [d.day, d]));
      const totals = { current: { orders: 0, sale: 0, kobo: 0 }, previous: { orders: 0, sale: 0, kobo: 0 } };
      for (const d of days) {
        const t = d.day >= p.from ? totals.current : totals.previous;
        t.orders += d.orders;
        t.sale += d.sale_orders;
        t.kobo += Number(d.sales_kobo);
      }
      const salesOverTime = Array.from({ length: p.days }, (_, i) => {
        const day = addDays(p.from, i);
        const d = byDay.get(day);
        const before = byDay.get(addDays(day, -p.days));
        return {
          day,
          sales: toNaira(Number(d?.sales_kobo ?? 0)),
          orders: d?.orders ?? 0,
          previousSales: toNaira(Number(before?.sales_kobo ?? 0)),
        };
      });
      const aov = (t: { sale: number; kobo: number }) =>
        t.sale > 0 ? toNaira(Math.round(t.kobo / t.sale)) : null;
      const { current: pc, previous: pp } = people;
      const statusCount = new Map(statuses.map((s) => [s.tab, s.orders]));

      return {
        period: {
          from: p.from,
          to: p.to,
          days: p.days,
          previousFrom: p.previousFrom,
          previousTo: p.previousTo,
          timeZone: 'Africa/Lagos',
        },
        figures: {
          sales: fig(toNaira(totals.current.kobo), toNaira(totals.previous.kobo)),
          paidOrders: fig(totals.current.sale, totals.previous.sale),
          orders: fig(totals.current.orders, totals.previous.orders),
          averageOrderValue: fig(aov(totals.current), aov(totals.previous)),
          conversionRate: fig(ratio(pc.buyerDays, pc.viewers), ratio(pp.buyerDays, pp.viewers)),
          viewers: fig(pc.viewers, pp.viewers),
          buyers: fig(pc.buyers, pp.buyers),
          newCustomers: fig(pc.newCustomers, pp.newCustomers),
          returningCustomers: fig(pc.buyers - pc.newCustomers, pp.buyers - pp.newCustomers),
          refunds: fig(toNaira(refunds.current.amount_kobo), toNaira(refunds.previous.amount_kobo)),
          refundCount: fig(refunds.current.n, refunds.previous.n),
        },
        salesOverTime,
        ordersByStatus: STATUSES.filter((s) => (statusCount.get(s) ?? 0) > 0).map((status) => ({
          status,
          orders: statusCount.get(status) ?? 0,
        })),
        topProducts: products.map((r) => ({
          name: r.product_name,
          units: r.units,
          sales: toNaira(Number(r.sales_kobo)),
        })),
        salesByState: states.map((s) => ({
          state: s.state,
          sales: toNaira(Number(s.sales_kobo)),
          orders: s.sale_orders,
        })),
        shows: shows.map((s) => {
          const start = new Date(s.actual_start_time);
          const end = s.ended_at ? new Date(s.ended_at) : now;
          const minutes = Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));
          const revenueKobo = Number(s.revenue_kobo);
          return {
            id: s.id,
            title: s.title,
            startedAt: start.toISOString(),
            minutes,
            viewers: s.viewers,
            commenters: s.commenters,
            bidders: s.bidders,
            buyers: s.buyers,
            peakViewers: s.peak_viewers,
            revenue: toNaira(revenueKobo),
            revenuePerMinute: toNaira(Math.round(revenueKobo / minutes)),
          };
        }),
        blips: blips.map((b) => ({
          id: b.id,
          productName: b.product_name,
          caption: b.caption,
          postedAt: new Date(b.created_at).toISOString(),
          views: b.views,
          likes: b.likes,
          orders: b.orders,
        })),
      };
    },

    /**
     * Someone watched the seller's show or blip: one viewer-day for the conversion, and for a show
     * one distinct viewer of it. Called by the live and blips modules (their ports); never throws
     * into a view.
     */
    async recordView(
      q: Queryable,
      view: { sellerId: string; viewer: string; at: Date; streamId?: string },
    ): Promise<void> {
      await repo.recordViewerDay(q, view.sellerId, lagosDay(view.at), view.viewer);
      if (view.streamId) await repo.recordShowViewer(q, view.streamId, view.viewer, view.at);
    },

    /** recordView for many viewers of shows at once (a crowd joining a show), in one statement. */
    recordViews: (
      q: Queryable,
      views: ReadonlyArray<{ sellerId: string; viewer: string; at: Date; streamId: string }>,
    ): Promise<void> =>
      repo.recordShowViews(
        q,
        views.map((v) => ({ ...v, day: lagosDay(v.at) })),
      ),

    storedAndRecomputed: (sellerId: string) => repo.storedAndRecomputed(repo.db, sellerId),
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
