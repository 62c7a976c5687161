import {
  FULFILMENT_STATUS_LABELS,
  formatOrderNumber,
  type OrdersOverviewResponse,
  type OrderTabCounts,
  PAYMENT_STATUS_LABELS,
  type sellerOrdersQuery,
  sellerOrdersResponse,
} from '@kasuwa/contracts';
import { stateDisplayName } from '@kasuwa/reference-data';
import type { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { csvStream, safeCell } from '@/lib/csv-export.ts';
import { BadRequestError } from '@/lib/errors.ts';
import { addDays, lagosDay, lagosDayStart, lagosWeekStart } from '@/lib/lagos-time.ts';
import { toNaira } from '@/lib/naira.ts';
import { listAnswerJson } from '@/lib/send-serialized.ts';
import {
  isNarrowed,
  type OrderExportRow,
  type OrderListFilter,
  type OrderListsRepository,
  type TabCountRows,
} from '@/modules/orders/order-lists.repository.ts';
import { toOrderSummary } from '@/modules/orders/order-summary.ts';
import type { SellerStanding } from '@/plugins/auth.ts';

export type SellerOrdersFilters = z.output<typeof sellerOrdersQuery>;

/**
 * A narrowed list (search, dates, show) counts its matches up to this many pages past the one
 * shown: the pager can offer the next pages, and page 50 of a search matching 10,000 orders reads
 * ~1,100 index entries instead of all 10,000. The total is exact below the cap (docs/order-lists.md).
 */
export const NARROWED_COUNT_PAGES_AHEAD = 5;

const ORDER_NUMBER = /^(?:ksw-?)?(\d{1,15})$/i;

/**
 * The search box's text: an order number (`KSW-100234`, `ksw100234`, `100234`) is looked up by
 * number, and its words (at most 5, lower-cased) in the buyer's and products' names.
 */
export function parseOrderSearch(search: string | undefined): { words: string[]; number: number | null } {
  const text = (search ?? '').trim().toLowerCase();
  if (text === '') return { words: [], number: null };
  const asNumber = ORDER_NUMBER.exec(text);
  const number = asNumber?.[1] ? Number(asNumber[1]) : null;
  // `KSW-100234` is only a number; bare digits may also be part of a product's name (`iPhone 13`).
  const words = asNumber && text.startsWith('ksw') ? [] : text.split(/\s+/).filter(Boolean).slice(0, 5);
  return { words, number };
}

const validDay = (day: string) => lagosDay(lagosDayStart(day)) === day;

/** The repository's filter of the screen's query, in Lagos days. */
export function orderListFilter(sellerId: string, query: SellerOrdersFilters): OrderListFilter {
  for (const [name, day] of [
    ['from', query.from],
    ['to', query.to],
  ] as const) {
    if (day !== undefined && !validDay(day)) throw new BadRequestError(`${name}: ${day} is not a date`);
  }
  if (query.from && query.to && query.from > query.to) {
    throw new BadRequestError('The start date must be on or before the end date');
  }
  return {
    sellerId,
    tab: query.tab,
    ...parseOrderSearch(query.search),
    fromInstant: query.from ? lagosDayStart(query.from) : null,
    toInstant: query.to ? lagosDayStart(addDays(query.to, 1)) : null,
    streamId: query.streamId ?? null,
    sort: query.sort,
  };
}

/** The five tabs and All from the stored counts (`other`, a refunded unshipped order, is only in All). */
export function tabCounts(rows: TabCountRows): OrderTabCounts {
  const n = (tab: string) => Number(rows[tab] ?? 0);
  const counts = {
    to_pay: n('to_pay'),
    to_ship: n('to_ship'),
    shipped: n('shipped'),
    delivered: n('delivered'),
    cancelled: n('cancelled'),
    all: 0,
  };
  counts.all = Object.values(rows).reduce((sum: number, v) => sum + Number(v), 0);
  return counts;
}

// The answer's fields but its orders, checked and written as the route's serializer would.
const listEnvelope = sellerOrdersResponse.omit({ orders: true });

const money = (kobo: number) => toNaira(kobo).toFixed(2);

export const ORDER_CSV_COLUMNS = [
  'Order number',
  'Date (Lagos)',
  'Buyer',
  'State',
  'Items',
  'Quantity',
  'Subtotal',
  'Delivery fee',
  'Discount',
  'Total',
  'Payment',
  'Fulfilment',
  'Delivery method',
  'Carrier',
  'Tracking number',
  'Live show',
  'Coupon',
] as const;

const PAYMENT_METHOD_TEXT: Record<string, string> = { online: 'Online', pay_on_delivery: 'Pay on delivery' };
const DELIVERY_METHOD_TEXT: Record<string, string> = { seller: 'Shipped by seller', pickup: 'Store pickup' };

function csvRecord(r: OrderExportRow): string[] {
  const payment =
    PAYMENT_STATUS_LABELS[r.payment_status as keyof typeof PAYMENT_STATUS_LABELS] ?? r.payment_status;
  return [
    formatOrderNumber(Number(r.number)),
    r.created_lagos,
    r.buyer_name ?? '',
    stateDisplayName(r.buyer_state ?? ''),
    r.items ?? '',
    String(r.quantity ?? 0),
    money(Number(r.subtotal_kobo)),
    money(Number(r.delivery_fee_kobo)),
    money(Number(r.discount_kobo ?? 0)),
    money(Number(r.total_kobo)),
    r.payment_method ? `${payment} (${PAYMENT_METHOD_TEXT[r.payment_method] ?? r.payment_method})` : payment,
    FULFILMENT_STATUS_LABELS[r.fulfilment_status as keyof typeof FULFILMENT_STATUS_LABELS] ??
      r.fulfilment_status,
    r.delivery_method ? (DELIVERY_METHOD_TEXT[r.delivery_method] ?? r.delivery_method) : '',
    r.carrier ?? '',
    r.tracking_number ?? '',
    r.stream_title ?? '',
    r.coupon_code ?? '',
  ].map(safeCell);
}

/** The seller's read side of orders: the list with its tab counts, the export and the overview. */
export function orderListsService({ repo, clock }: { repo: OrderListsRepository; clock: Clock }) {
  return {
    /**
     * GET /api/orders, as its JSON text: the page's orders are the summaries PostgreSQL keeps on
     * their rows (migration 0038), sent as they are; the counts and pages are checked with the
     * contract and written after them, in the contract's order (the bytes the route's serializer
     * writes for the same answer).
     */
    /**
     * GET /api/orders: the answer's JSON text. `admit` is shown the seller's standing the page's
     * statement read, and throws to refuse the request before anything of the page is written.
     */
    async list(
      sellerId: string,
      query: SellerOrdersFilters,
      admit: (standing: SellerStanding | undefined) => void,
    ): Promise<string> {
      const filter = orderListFilter(sellerId, query);
      const offset = (query.page - 1) * query.limit;
      const narrowed = isNarrowed(filter);
      const found = await repo.readPage(filter, {
        offset,
        limit: query.limit,
        countCap: narrowed ? offset + query.limit * NARROWED_COUNT_PAGES_AHEAD + 1 : null,
      });
      admit(found.standing);
      const counts = tabCounts(found.counts);
      const total = found.matched ?? counts[query.tab];
      return listAnswerJson(
        'orders',
        found.orders,
        listEnvelope.parse({
          counts,
          pagination: {
            page: query.page,
            limit: query.limit,
            total,
            totalPages: Math.ceil(total / query.limit),
          },
        }),
      );
    },

    /** GET /api/orders/export.csv: the list's filters and order, every page. */
    exportCsv(sellerId: string, query: SellerOrdersFilters) {
      const filter = orderListFilter(sellerId, query);
      return {
        fileName: `kasuwa-orders-${lagosDay(clock.now())}.csv`,
        stream: csvStream(ORDER_CSV_COLUMNS, repo.exportBatches(filter), csvRecord),
      };
    },

    /** GET /api/orders/overview: the Home screen's cards, in Lagos days (weeks from Monday). */
    async overview(sellerId: string): Promise<OrdersOverviewResponse> {
      const today = lagosDay(clock.now());
      const weekStart = lagosWeekStart(today);
      const firstDay = addDays(today, -6);
      const since = lagosDayStart(weekStart < firstDay ? weekStart : firstDay);
      const [sales, ordersToday, countRows, recent] = await Promise.all([
        repo.salesByLagosDay(repo.db, sellerId, since),
        repo.countCreatedSince(repo.db, sellerId, lagosDayStart(today)),
        repo.tabCounts(repo.db, sellerId),
        repo.latest(repo.db, sellerId, 5),
      ]);
      const byDay = new Map(sales.map((s) => [s.day, Number(s.kobo)]));
      let weekKobo = 0;
      for (const [day, kobo] of byDay) if (day >= weekStart && day <= today) weekKobo += kobo;
      const counts = tabCounts(countRows);
      return {
        salesToday: toNaira(byDay.get(today) ?? 0),
        salesThisWeek: toNaira(weekKobo),
        ordersToday,
        toShip: counts.to_ship,
        toPay: counts.to_pay,
        dailySales: Array.from({ length: 7 }, (_, i) => {
          const date = addDays(firstDay, i);
          return { date, total: toNaira(byDay.get(date) ?? 0) };
        }),
        recentOrders: recent.map(toOrderSummary),
      };
    },
  };
}
export type OrderListsService = ReturnType<typeof orderListsService>;
