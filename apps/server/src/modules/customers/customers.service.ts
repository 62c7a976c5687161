import type { CustomerResponse, CustomerSummary, CustomersResponse, customersQuery } from '@kasuwa/contracts';
import { stateDisplayName } from '@kasuwa/reference-data';
import type { z } from 'zod';
import type { Clock } from '@/lib/clock.ts';
import { csvStream, safeCell } from '@/lib/csv-export.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { lagosDay } from '@/lib/lagos-time.ts';
import { toNaira } from '@/lib/naira.ts';
import type { CustomerRow, CustomersRepository } from '@/modules/customers/customers.repository.ts';
import { toOrderSummary } from '@/modules/orders/order-summary.ts';

export type CustomersFilters = z.output<typeof customersQuery>;

/** A customer's page lists this many of their orders, newest first. */
export const CUSTOMER_ORDERS_SHOWN = 100;

const words = (search: string | undefined) =>
  (search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);

const toSummary = (r: CustomerRow): CustomerSummary => ({
  _id: r.buyer_id,
  name: r.name,
  state: r.state,
  orderCount: r.order_count,
  totalSpent: toNaira(Number(r.spent_kobo)),
  lastOrderAt: new Date(r.last_order_at).toISOString(),
});

export const CUSTOMER_CSV_COLUMNS = [
  'Name',
  'Email',
  'Phone',
  'State',
  'Orders',
  'Total spent',
  'First order (Lagos)',
  'Last order (Lagos)',
] as const;

const csvRecord = (r: CustomerRow): string[] =>
  [
    r.name,
    r.email ?? '',
    r.phone ?? '',
    stateDisplayName(r.state ?? ''),
    String(r.order_count),
    toNaira(Number(r.spent_kobo)).toFixed(2),
    lagosDay(new Date(r.first_order_at)),
    lagosDay(new Date(r.last_order_at)),
  ].map(safeCell);

/**
 * A seller's customers: the buyers with at least one order with them, seen through those orders
 * only, so a buyer of two sellers appears to each with that seller's orders and spend.
 */
export function customersService({ repo, clock }: { repo: CustomersRepository; clock: Clock }) {
  return {
    async list(sellerId: string, query: CustomersFilters): Promise<CustomersResponse> {
      const { rows, total } = await repo.page(repo.db, {
        sellerId,
        words: words(query.search),
        sort: query.sort,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return {
        customers: rows.map(toSummary),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.ceil(total / query.limit),
        },
      };
    },

    /** A buyer without an order with this seller is not their customer: 404, as for anyone unknown. */
    async get(sellerId: string, buyerId: string): Promise<CustomerResponse> {
      const customer = await repo.find(repo.db, sellerId, buyerId);
      if (!customer) throw new NotFoundError('Customer');
      const [addresses, shows, orders] = await Promise.all([
        repo.addresses(repo.db, sellerId, buyerId),
        repo.showsAttended(repo.db, sellerId, buyerId),
        repo.orders(repo.db, sellerId, buyerId, CUSTOMER_ORDERS_SHOWN),
      ]);
      return {
        customer: {
          ...toSummary(customer),
          email: customer.email,
          phoneNumber: customer.phone,
          firstOrderAt: new Date(customer.first_order_at).toISOString(),
          addresses,
          showsAttended: shows.map((s) => ({
            _id: s.id,
            title: s.title,
            startedAt: s.started_at ? new Date(s.started_at).toISOString() : null,
          })),
        },
        orders: orders.map(toOrderSummary),
      };
    },

    /** GET /api/customers/export.csv: the list's search and sort, every customer. */
    exportCsv(sellerId: string, query: CustomersFilters) {
      return {
        fileName: `kasuwa-customers-${lagosDay(clock.now())}.csv`,
        stream: csvStream(
          CUSTOMER_CSV_COLUMNS,
          repo.exportBatches(sellerId, words(query.search), query.sort),
          csvRecord,
        ),
      };
    },
  };
}
export type CustomersService = ReturnType<typeof customersService>;
