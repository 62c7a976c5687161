import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  buyers,
  orderLines,
  orders,
  returnEvents,
  returnLines,
  returns,
  sellers,
} from '@/db/schema/index.ts';
import { addBusinessDays } from '@/modules/orders/business-days.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';

const HOUR = 3_600_000;

type DemoReturn = {
  status: 'requested' | 'info_needed' | 'approved' | 'rejected';
  reason: 'damaged' | 'wrong_item' | 'not_as_described';
  note: string;
  hoursAgo: number;
  steps: { type: string; actor: 'seller' | 'buyer' | 'system'; message: string; hoursLater: number }[];
  rejectionReason?: string;
};

/** One return per state the Returns Center's first tabs show; none moves money (refunds are the ledger's). */
const RETURNS: DemoReturn[] = [
  {
    status: 'requested',
    reason: 'damaged',
    note: 'The wrapper was torn and the fabric has a hole near the hem.',
    hoursAgo: 5,
    steps: [],
  },
  {
    status: 'info_needed',
    reason: 'not_as_described',
    note: 'The colour is much darker than in the photos.',
    hoursAgo: 30,
    steps: [
      {
        type: 'info_requested',
        actor: 'seller',
        message: 'Could you send a photo in daylight next to the product page?',
        hoursLater: 3,
      },
    ],
  },
  {
    status: 'approved',
    reason: 'wrong_item',
    note: 'I ordered the blue one and got the green one.',
    hoursAgo: 50,
    steps: [
      { type: 'approved', actor: 'seller', message: 'Approved: the buyer sends it back', hoursLater: 2 },
    ],
  },
  {
    status: 'rejected',
    reason: 'damaged',
    note: 'There is a small stain on the sleeve.',
    hoursAgo: 80,
    rejectionReason: 'The stain is not on the item we sent; our photo at packing shows it clean.',
    steps: [
      {
        type: 'rejected',
        actor: 'seller',
        message: 'Rejected: The stain is not on the item we sent; our photo at packing shows it clean.',
        hoursLater: 6,
      },
    ],
  },
];

/**
 * A few returns of the demo seller's delivered online orders, in different states, once: nothing
 * when the seller already has a return or no such orders. Written straight to the database (setup,
 * not a buyer's request), so no deadline job runs for them; their deadlines show as they would.
 */
export async function seedDemoReturns({ db, now = new Date() }: { db: Database; now?: Date }) {
  const [seller] = await db.select().from(sellers).where(eq(sellers.email, DEMO_SELLER.email)).limit(1);
  if (!seller) return { seeded: false };
  const [existing] = await db
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.sellerId, seller.id))
    .limit(1);
  if (existing) return { seeded: false };
  const delivered = await db
    .select({ order: orders, buyerName: buyers.name })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(
      and(
        eq(orders.sellerId, seller.id),
        eq(orders.paymentMethod, 'online'),
        eq(orders.paymentStatus, 'paid'),
        inArray(orders.fulfilmentStatus, ['delivered', 'picked_up']),
      ),
    )
    .orderBy(asc(orders.number));
  if (delivered.length === 0) return { seeded: false };

  await db.transaction(async (tx) => {
    for (const [i, spec] of RETURNS.entries()) {
      const pick = delivered[i];
      if (!pick) break;
      const [line] = await tx.select().from(orderLines).where(eq(orderLines.orderId, pick.order.id)).limit(1);
      if (!line) continue;
      const createdAt = new Date(now.getTime() - spec.hoursAgo * HOUR);
      const at = (h: number) => new Date(createdAt.getTime() + h * HOUR);
      const deadline =
        spec.status === 'requested'
          ? { deadlineAt: addBusinessDays(createdAt, 2), deadlineKind: 'seller_answer' as const }
          : spec.status === 'approved'
            ? { deadlineAt: new Date(at(2).getTime() + 5 * 24 * HOUR), deadlineKind: 'buyer_ship' as const }
            : { deadlineAt: null, deadlineKind: null };
      const [ret] = await tx
        .insert(returns)
        .values({
          sellerId: seller.id,
          buyerId: pick.order.buyerId,
          orderId: pick.order.id,
          status: spec.status,
          reason: spec.reason,
          note: spec.note,
          openedBy: 'buyer',
          method: spec.status === 'approved' ? 'drop_off' : null,
          rejectionReason: spec.rejectionReason ?? null,
          amountKobo: line.unitPriceKobo,
          ...deadline,
          createdAt,
          updatedAt: at(spec.steps.at(-1)?.hoursLater ?? 0),
        })
        .returning();
      if (!ret) continue;
      await tx
        .update(returns)
        .set({
          searchText:
            `rtn-${ret.number} ksw-${pick.order.number} ${pick.buyerName} ${line.productName}`.toLowerCase(),
        })
        .where(eq(returns.id, ret.id));
      await tx.insert(returnLines).values({
        returnId: ret.id,
        orderLineId: line.id,
        productName: line.productName,
        productImage: line.productImage,
        variant: line.variant,
        unitPriceKobo: line.unitPriceKobo,
        quantity: 1,
      });
      await tx.insert(returnEvents).values([
        { returnId: ret.id, type: 'requested', actor: 'buyer', message: spec.note, createdAt },
        ...spec.steps.map((s) => ({
          returnId: ret.id,
          type: s.type,
          actor: s.actor,
          message: s.message,
          createdAt: at(s.hoursLater),
        })),
      ]);
    }
  });
  return { seeded: true };
}
