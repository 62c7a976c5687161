// size: a table of twenty demo orders, one per state a seller meets, and the timeline each implies
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  buyers,
  orderEvents,
  orderLines,
  orders,
  products,
  sellerDeliverySettings,
  sellers,
  streams,
  type VariantChoiceRecord,
} from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';
import { postDemoMoney } from '@/seed/demo-money.ts';

/** Fifteen buyers across Nigeria; the first three are the demo blip's fans (demo-catalogue.ts). */
const BUYERS = [
  ['Chioma Eze', 'chioma.eze', 'Enugu', 'Enugu North', '14 Ogui Road'],
  ['Tunde Bakare', 'tunde.bakare', 'Lagos', 'Ikeja', '3 Opebi Road'],
  ['Ngozi Okeke', 'ngozi.okeke', 'Anambra', 'Awka South', '22 Zik Avenue'],
  ['Aisha Bello', 'aisha.bello', 'Kano', 'Nassarawa', '8 Zoo Road'],
  ['Emeka Obi', 'emeka.obi', 'Rivers', 'Port Harcourt', '41 Aba Road'],
  ['Funke Adeyemi', 'funke.adeyemi', 'Oyo', 'Ibadan North', '5 Bodija Market Road'],
  ['Yusuf Ibrahim', 'yusuf.ibrahim', 'Kaduna', 'Kaduna North', '17 Ahmadu Bello Way'],
  ['Kemi Olawale', 'kemi.olawale', 'Lagos', 'Eti-Osa', '9 Admiralty Way, Lekki'],
  ['Obinna Nwosu', 'obinna.nwosu', 'Abia', 'Aba South', '60 Faulks Road'],
  [
    'Zainab Danjuma',
    'zainab.danjuma',
    'Federal Capital Territory',
    'Abuja Municipal',
    '12 Aminu Kano Crescent',
  ],
  ['Segun Balogun', 'segun.balogun', 'Ogun', 'Abeokuta South', '2 Ibara Road'],
  ['Ifeoma Okonkwo', 'ifeoma.okonkwo', 'Delta', 'Warri South', '30 Airport Road'],
  ['Musa Abubakar', 'musa.abubakar', 'Plateau', 'Jos North', '7 Ahmadu Bello Way'],
  ['Bisi Ogunleye', 'bisi.ogunleye', 'Lagos', 'Surulere', '18 Adeniran Ogunsanya Street'],
  ['Efe Omoregie', 'efe.omoregie', 'Edo', 'Oredo', '25 Sapele Road'],
] as const;

/** The demo store ships to these states (reference-data names) for these fees in naira. */
const DEMO_DELIVERY_FEES: ReadonlyArray<readonly [string, number]> = [
  ['Lagos', 2500],
  ['Ogun', 3500],
  ['Oyo', 4000],
  ['Fct', 5000],
  ['Rivers', 5000],
  ['Enugu', 4500],
  ['Anambra', 4500],
  ['Kano', 6000],
  ['Kaduna', 5500],
  ['Edo', 4500],
];

type Payment = NonNullable<(typeof orders.$inferInsert)['paymentStatus']>;
type Fulfilment = NonNullable<(typeof orders.$inferInsert)['fulfilmentStatus']>;

/**
 * The demo seller's orders: one per state a seller meets, hours or days old, from both sources,
 * paid online and on delivery, shipped with Nigerian carriers, a pickup with its code, cancellations
 * with their reasons. `buyer` indexes BUYERS, `product` the seller's products, `hoursAgo` the order's age.
 */
const ORDERS: {
  buyer: number;
  product: number[];
  hoursAgo: number;
  source: 'auction' | 'buy_now';
  payment: Payment;
  fulfilment: Fulfilment;
  method: 'online' | 'pay_on_delivery' | null;
  pickup?: boolean;
  carrier?: string;
  cancelReason?: string;
}[] = [
  {
    buyer: 0,
    product: [0],
    hoursAgo: 1,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'unfulfilled',
    method: 'online',
  },
  {
    buyer: 1,
    product: [1, 2],
    hoursAgo: 3,
    source: 'auction',
    payment: 'awaiting_payment',
    fulfilment: 'unfulfilled',
    method: null,
  },
  {
    buyer: 2,
    product: [3],
    hoursAgo: 5,
    source: 'buy_now',
    payment: 'pay_on_delivery_pending',
    fulfilment: 'unfulfilled',
    method: 'pay_on_delivery',
  },
  {
    buyer: 3,
    product: [4],
    hoursAgo: 8,
    source: 'buy_now',
    payment: 'awaiting_payment',
    fulfilment: 'unfulfilled',
    method: 'online',
  },
  {
    buyer: 4,
    product: [0, 5],
    hoursAgo: 20,
    source: 'auction',
    payment: 'paid',
    fulfilment: 'unfulfilled',
    method: 'online',
  },
  {
    buyer: 5,
    product: [2],
    hoursAgo: 26,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'ready_for_pickup',
    method: 'online',
    pickup: true,
  },
  {
    buyer: 6,
    product: [1],
    hoursAgo: 30,
    source: 'auction',
    payment: 'paid',
    fulfilment: 'shipped',
    method: 'online',
    carrier: 'GIG Logistics',
  },
  {
    buyer: 7,
    product: [3, 4],
    hoursAgo: 44,
    source: 'buy_now',
    payment: 'pay_on_delivery_pending',
    fulfilment: 'in_transit',
    method: 'pay_on_delivery',
    carrier: 'Kwik Delivery',
  },
  {
    buyer: 8,
    product: [5],
    hoursAgo: 52,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'in_transit',
    method: 'online',
    carrier: 'DHL Nigeria',
  },
  {
    buyer: 9,
    product: [0],
    hoursAgo: 70,
    source: 'auction',
    payment: 'paid',
    fulfilment: 'delivered',
    method: 'online',
    carrier: 'GIG Logistics',
  },
  {
    buyer: 10,
    product: [2, 3],
    hoursAgo: 76,
    source: 'buy_now',
    payment: 'pay_on_delivery_collected',
    fulfilment: 'delivered',
    method: 'pay_on_delivery',
    carrier: 'Kwik Delivery',
  },
  {
    buyer: 11,
    product: [4],
    hoursAgo: 96,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'picked_up',
    method: 'online',
    pickup: true,
  },
  {
    buyer: 12,
    product: [1],
    hoursAgo: 100,
    source: 'auction',
    payment: 'awaiting_payment',
    fulfilment: 'cancelled',
    method: null,
    cancelReason: 'Not paid within 24 hours',
  },
  {
    buyer: 13,
    product: [5],
    hoursAgo: 120,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'cancelled',
    method: 'online',
    cancelReason: 'Out of stock in the buyer’s size',
  },
  {
    buyer: 14,
    product: [0, 1],
    hoursAgo: 140,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'delivered',
    method: 'online',
    carrier: 'GIG Logistics',
  },
  {
    buyer: 1,
    product: [3],
    hoursAgo: 150,
    source: 'auction',
    payment: 'paid',
    fulfilment: 'delivered',
    method: 'online',
    carrier: 'Kwik Delivery',
  },
  {
    buyer: 0,
    product: [2],
    hoursAgo: 170,
    source: 'buy_now',
    payment: 'paid',
    fulfilment: 'delivered',
    method: 'online',
    carrier: 'GIG Logistics',
  },
  {
    buyer: 7,
    product: [4],
    hoursAgo: 200,
    source: 'buy_now',
    payment: 'pay_on_delivery_collected',
    fulfilment: 'delivered',
    method: 'pay_on_delivery',
    carrier: 'Kwik Delivery',
  },
  {
    buyer: 3,
    product: [5, 0],
    hoursAgo: 230,
    source: 'auction',
    payment: 'paid',
    fulfilment: 'delivered',
    method: 'online',
    carrier: 'DHL Nigeria',
  },
  {
    buyer: 9,
    product: [1],
    hoursAgo: 260,
    source: 'buy_now',
    payment: 'pay_on_delivery_pending',
    fulfilment: 'cancelled',
    method: 'pay_on_delivery',
    cancelReason: 'Buyer unreachable on delivery',
  },
];

const DELIVERY_FEE_KOBO: Record<string, number> = { Lagos: 150_000 };
const HOUR = 60 * 60 * 1000;

/** The first option of each variant level, as a line's variant (a size, then a colour). */
function firstVariant(
  variants: { name: string; value: string; subVariants?: unknown[] }[],
): VariantChoiceRecord[] {
  const first = variants[0];
  if (!first) return [];
  const sub = (first.subVariants as { name: string; value: string }[] | undefined)?.[0];
  return sub
    ? [
        { name: first.name, value: first.value },
        { name: sub.name, value: sub.value },
      ]
    : [{ name: first.name, value: first.value }];
}

/**
 * Gives the demo seller the orders above (with their lines, copied from the demo products, and
 * timelines), once: runs at every start and does nothing when the seller already has an order or
 * no products yet. Written straight to the database: this is setup, not a sale.
 */
export async function seedDemoOrders({
  db,
  now = new Date(),
  commissionBps,
}: {
  db: Database;
  now?: Date;
  /** PLATFORM_COMMISSION_BPS, for the demo money's commission lines (issue 15). */
  commissionBps?: number;
}): Promise<{ seeded: boolean }> {
  const [seller] = await db.select().from(sellers).where(eq(sellers.email, DEMO_SELLER.email)).limit(1);
  if (!seller) return { seeded: false };
  // Delivery the demo store offers, so a buyer can check out from its shows at once (kept if changed).
  await db
    .insert(sellerDeliverySettings)
    .values({
      sellerId: seller.id,
      shippingEnabled: true,
      fees: DEMO_DELIVERY_FEES.map(([state, naira]) => ({ state, feeKobo: naira * 100 })),
      pickupEnabled: true,
      payOnDeliveryEnabled: true,
      payOnDeliveryCapKobo: 100_000_00,
    })
    .onConflictDoNothing();
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.sellerId, seller.id))
    .limit(1);
  if (existing) return { seeded: false };
  const catalogue = await db
    .select()
    .from(products)
    .where(eq(products.sellerId, seller.id))
    .orderBy(asc(products.createdAt), asc(products.name));
  if (catalogue.length === 0) return { seeded: false };

  return db.transaction(async (tx) => {
    const hash = await hashPassword(randomBytes(24).toString('base64url'));
    const emails = BUYERS.map((b) => `${b[1]}@demo-buyers.kasuwa.ng`);
    await tx
      .insert(buyers)
      .values(BUYERS.map((b, i) => ({ name: b[0], email: emails[i] ?? '', passwordHash: hash })))
      .onConflictDoNothing();
    const people = await tx.select().from(buyers).where(inArray(buyers.email, emails));
    const buyerOf = (i: number) => people.find((p) => p.email === emails[i]);

    // The auction wins come from one past show of the seller's, made here when there is none.
    let [show] = await tx
      .select({ id: streams.id })
      .from(streams)
      .where(and(eq(streams.sellerId, seller.id), eq(streams.status, 'ended')))
      .limit(1);
    if (!show) {
      const startedAt = new Date(now.getTime() - 160 * HOUR);
      [show] = await tx
        .insert(streams)
        .values({
          sellerId: seller.id,
          type: 'live_auction',
          status: 'ended',
          title: 'Friday Ankara Auction',
          description: 'Ankara, aso oke and adire pieces, one lot at a time.',
          categoryId: catalogue[0]?.categoryId ?? '',
          scheduledStartTime: startedAt,
          actualStartTime: startedAt,
          endedAt: new Date(startedAt.getTime() + 2 * HOUR),
          createdAt: new Date(startedAt.getTime() - 48 * HOUR),
        })
        .returning({ id: streams.id });
    }

    for (const [n, o] of ORDERS.entries()) {
      const person = buyerOf(o.buyer);
      const info = BUYERS[o.buyer];
      if (!person || !info) continue;
      const createdAt = new Date(now.getTime() - o.hoursAgo * HOUR);
      const at = (hoursLater: number) => new Date(createdAt.getTime() + hoursLater * HOUR);
      const lines = o.product.map((p, i) => {
        const product = catalogue[p % catalogue.length];
        if (!product) throw new Error('no demo product');
        return {
          productId: product.id,
          productName: product.name,
          productImage: product.images[0] ?? null,
          variant: firstVariant(product.variants),
          unitPriceKobo: product.priceKobo,
          quantity: i === 0 && n % 4 === 0 ? 2 : 1,
        };
      });
      const subtotal = lines.reduce((s, l) => s + l.unitPriceKobo * l.quantity, 0);
      const checkedOut = o.method !== null;
      const fee = checkedOut && !o.pickup ? (DELIVERY_FEE_KOBO[info[2]] ?? 350_000) : 0;
      const paid = o.payment === 'paid' || o.payment === 'pay_on_delivery_collected';
      const shipped = ['shipped', 'in_transit', 'delivered'].includes(o.fulfilment);
      const done = o.fulfilment === 'delivered' || o.fulfilment === 'picked_up';
      const [row] = await tx
        .insert(orders)
        .values({
          sellerId: seller.id,
          buyerId: person.id,
          streamId: o.source === 'auction' ? (show?.id ?? null) : null,
          source: o.source,
          paymentStatus: o.payment,
          fulfilmentStatus: o.fulfilment,
          paymentMethod: o.method,
          deliveryMethod: checkedOut ? (o.pickup ? 'pickup' : 'seller') : null,
          deliveryAddress:
            checkedOut && !o.pickup
              ? {
                  fullName: info[0],
                  phoneNumber: `+23480${String(31000000 + o.buyer * 7919).slice(0, 8)}`,
                  state: info[2],
                  city: info[3],
                  addressLine1: info[4],
                }
              : null,
          buyerState: info[2],
          buyerPhone: checkedOut ? `+23480${String(31000000 + o.buyer * 7919).slice(0, 8)}` : null,
          subtotalKobo: subtotal,
          deliveryFeeKobo: fee,
          totalKobo: subtotal + fee,
          paymentDueAt: o.payment === 'awaiting_payment' ? at(o.source === 'auction' ? 24 : 0.5) : null,
          paidAt: paid ? at(o.payment === 'paid' ? 0.2 : 40) : null,
          pickupCode: o.pickup ? String(100000 + ((n * 7919) % 900000)) : null,
          carrier: o.carrier ?? null,
          trackingNumber: o.carrier
            ? `${o.carrier.slice(0, 3).toUpperCase()}${String(4_000_000 + n * 7919)}`
            : null,
          cancelReason: o.cancelReason ?? null,
          shippedAt: shipped ? at(18) : null,
          deliveredAt: done ? at(40) : null,
          cancelledAt: o.fulfilment === 'cancelled' ? at(24) : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: orders.id });
      if (!row) continue;
      await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
      const events: {
        type: string;
        actor: 'seller' | 'buyer' | 'system' | 'carrier';
        message: string;
        createdAt: Date;
      }[] = [
        {
          type: 'created',
          actor: o.source === 'auction' ? 'system' : 'buyer',
          message: o.source === 'auction' ? 'Won at auction' : 'Ordered with Buy now',
          createdAt,
        },
      ];
      if (o.payment === 'paid')
        events.push({ type: 'paid', actor: 'buyer', message: 'Paid online', createdAt: at(0.2) });
      if (o.fulfilment === 'ready_for_pickup' || o.fulfilment === 'picked_up')
        events.push({
          type: 'ready_for_pickup',
          actor: 'seller',
          message: 'Ready for pickup',
          createdAt: at(6),
        });
      if (shipped)
        events.push({
          type: 'shipped',
          actor: 'seller',
          message: `Shipped with ${o.carrier}`,
          createdAt: at(18),
        });
      if (o.fulfilment === 'in_transit' || o.fulfilment === 'delivered')
        events.push({ type: 'in_transit', actor: 'carrier', message: 'In transit', createdAt: at(24) });
      if (o.fulfilment === 'delivered')
        events.push({ type: 'delivered', actor: 'seller', message: 'Delivered', createdAt: at(40) });
      if (o.fulfilment === 'picked_up')
        events.push({
          type: 'picked_up',
          actor: 'seller',
          message: 'Picked up with the code',
          createdAt: at(40),
        });
      if (o.payment === 'pay_on_delivery_collected')
        events.push({
          type: 'payment_collected',
          actor: 'seller',
          message: 'Payment collected on delivery',
          createdAt: at(40),
        });
      if (o.fulfilment === 'cancelled')
        events.push({
          type: 'cancelled',
          actor: o.method === null ? 'system' : 'seller',
          message: o.cancelReason ?? 'Cancelled',
          createdAt: at(24),
        });
      await tx.insert(orderEvents).values(events.map((e) => ({ ...e, orderId: row.id })));
    }
    // issue 15: the orders' money in the ledger (sales, cash, a release, a refund).
    const made = await tx.select().from(orders).where(eq(orders.sellerId, seller.id));
    await postDemoMoney(db, tx, {
      orders: made,
      now,
      ...(commissionBps === undefined ? {} : { commissionBps }),
    });
    return { seeded: true };
  });
}
