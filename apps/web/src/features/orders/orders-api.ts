import type {
  BulkShipBody,
  BulkShipResponse,
  OrderActionResponse,
  OrderResponse,
  OrderSort,
  OrderTab,
  SellerOrderActionBody,
  SellerOrdersResponse,
} from '@kasuwa/contracts';
import { ORDER_SORTS, ORDER_TABS } from '@/features/orders/order-labels';
import type { ApiClient } from '@/lib/api-client';

/* The seller's order calls (packages/contracts/src/orders.ts); only types from the contracts, so zod stays out. */

export const ORDERS_PAGE_SIZE = 20;

/** The Orders screen's list state, as the URL holds it. */
export interface OrderListParams {
  tab: OrderTab;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** A live show's id (the URL says `show`). */
  streamId?: string | undefined;
  sort: OrderSort;
  page: number;
}

export const DEFAULT_ORDER_PARAMS: OrderListParams = { tab: 'all', sort: 'newest', page: 1 };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the list state from the URL; anything unreadable falls back to the default. */
export function readOrderParams(search: URLSearchParams): OrderListParams {
  const tab = search.get('tab');
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  const text = search.get('search')?.trim().slice(0, 100) ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const show = search.get('show') ?? '';
  return {
    tab: ORDER_TABS.includes(tab as OrderTab) ? (tab as OrderTab) : 'all',
    search: text || undefined,
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    streamId: UUID.test(show) ? show : undefined,
    sort: ORDER_SORTS.includes(sort as OrderSort) ? (sort as OrderSort) : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query for a list state; defaults are left out so the plain screen has a plain URL. */
export function writeOrderParams(params: OrderListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.tab !== 'all') query.set('tab', params.tab);
  if (params.search) query.set('search', params.search);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.streamId) query.set('show', params.streamId);
  if (params.sort !== 'newest') query.set('sort', params.sort);
  if (params.page !== 1) query.set('page', String(params.page));
  return query;
}

/** The API's query (sellerOrdersQuery) for the filters; the export leaves out the page. */
export function ordersApiQuery(params: OrderListParams, paged = true): string {
  const query = new URLSearchParams({ tab: params.tab, sort: params.sort });
  if (params.search) query.set('search', params.search);
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (params.streamId) query.set('streamId', params.streamId);
  if (paged) {
    query.set('page', String(params.page));
    query.set('limit', String(ORDERS_PAGE_SIZE));
  }
  return query.toString();
}

export const ordersExportPath = (params: OrderListParams) =>
  `/orders/export.csv?${ordersApiQuery(params, false)}`;
export const packingSlipPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`;

export function fetchOrders(api: ApiClient, params: OrderListParams, signal?: AbortSignal) {
  return api.get<SellerOrdersResponse>(`/orders?${ordersApiQuery(params)}`, { signal });
}

export function fetchOrder(api: ApiClient, orderId: string, signal?: AbortSignal) {
  return api.get<OrderResponse>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}

export function postOrderAction(api: ApiClient, orderId: string, body: SellerOrderActionBody) {
  return api.post<OrderActionResponse>(`/orders/${encodeURIComponent(orderId)}/actions`, body);
}

export function postBulkShip(api: ApiClient, body: BulkShipBody) {
  return api.post<BulkShipResponse>('/orders/bulk-ship', body);
}

/** Common Nigerian carriers for the ship dialogs; the seller can type any other. */
export const COMMON_CARRIERS = ['GIG Logistics', 'Kwik', 'DHL', 'Sendbox', 'Own rider'] as const;
