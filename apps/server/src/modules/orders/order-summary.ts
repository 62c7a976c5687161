import {
  type DeliveryMethod,
  type FulfilmentStatus,
  formatOrderNumber,
  type OrderSource,
  type OrderSummary,
  type PaymentMethod,
  type PaymentStatus,
  type VariantChoice,
} from '@kasuwa/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { toNaira } from '@/lib/naira.ts';

/**
 * One row of the Orders list (and of a customer's orders, the overview's recent orders) as the
 * database answers it: the columns of `ORDER_SUMMARY_COLUMNS` over `ORDER_SUMMARY_JOINS`.
 */
export type OrderSummaryRow = {
  id: string;
  number: number;
  created_at: Date;
  source: OrderSource;
  buyer_id: string;
  buyer_name: string | null;
  buyer_state: string | null;
  item_count: number;
  first_name: string | null;
  first_image: string | null;
  first_variant: VariantChoice[] | null;
  total_kobo: number;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  payment_method: PaymentMethod | null;
  delivery_method: DeliveryMethod | null;
  stream_id: string | null;
  stream_title: string | null;
};

/**
 * The select list of a summary, for an orders table aliased `o` joined by `ORDER_SUMMARY_JOINS`.
 * Bigints are cast here so node-postgres hands numbers, not strings.
 */
export const ORDER_SUMMARY_COLUMNS: SQL = sql`
  o.id, o.number::float8 AS number, o.created_at, o.source, o.buyer_id, b.name AS buyer_name,
  o.buyer_state, li.item_count, li.first_name, li.first_image, li.first_variant,
  o.total_kobo::float8 AS total_kobo, o.payment_status, o.fulfilment_status, o.payment_method,
  o.delivery_method, o.stream_id, s.title AS stream_title`;

/**
 * The buyer, the show and the lines' digest: how many items (quantities summed) and the first line,
 * the costliest (the one a seller recognises the order by), name breaking ties so it is stable.
 */
export const ORDER_SUMMARY_JOINS: SQL = sql`
  LEFT JOIN buyers b ON b.id = o.buyer_id
  LEFT JOIN streams s ON s.id = o.stream_id
  LEFT JOIN LATERAL (
    SELECT sum(l.quantity)::int AS item_count,
           (array_agg(l.product_name ORDER BY l.unit_price_kobo * l.quantity DESC, l.product_name, l.id))[1] AS first_name,
           (array_agg(l.product_image ORDER BY l.unit_price_kobo * l.quantity DESC, l.product_name, l.id))[1] AS first_image,
           (array_agg(l.variant ORDER BY l.unit_price_kobo * l.quantity DESC, l.product_name, l.id))[1] AS first_variant
    FROM order_lines l WHERE l.order_id = o.id
  ) li ON true`;

/** The one mapping of a summary row to the contract's `OrderSummary`. */
export function toOrderSummary(row: OrderSummaryRow): OrderSummary {
  return {
    _id: row.id,
    number: formatOrderNumber(Number(row.number)),
    createdAt: new Date(row.created_at).toISOString(),
    source: row.source,
    buyer: { _id: row.buyer_id, name: row.buyer_name ?? 'Deleted buyer', state: row.buyer_state },
    itemCount: row.item_count ?? 0,
    firstItem: {
      name: row.first_name ?? '',
      image: row.first_image,
      variant: row.first_variant ?? [],
    },
    total: toNaira(Number(row.total_kobo)),
    paymentStatus: row.payment_status,
    fulfilmentStatus: row.fulfilment_status,
    paymentMethod: row.payment_method,
    deliveryMethod: row.delivery_method,
    show: row.stream_id && row.stream_title !== null ? { _id: row.stream_id, title: row.stream_title } : null,
  };
}
