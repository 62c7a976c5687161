import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { coupons, sellers } from '@/db/schema/index.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';

const DAY = 86_400_000;

/**
 * The demo seller's coupons (issue 16): one active for the whole store, one scheduled for next week
 * and one disabled, so the Coupons screen's chips show something on a fresh start. Only when the
 * demo seller has no coupon yet; running it again changes nothing.
 */
export async function seedDemoCoupons({ db, now = new Date() }: { db: Database; now?: Date }) {
  const [seller] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(eq(sellers.email, DEMO_SELLER.email));
  if (!seller) return { seeded: false };
  const [existing] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(coupons.sellerId, seller.id))
    .limit(1);
  if (existing) return { seeded: false };
  const base = {
    sellerId: seller.id,
    percentOff: null,
    amountOffKobo: null,
    minOrderKobo: null,
    maxDiscountKobo: null,
    usageLimit: null,
    perBuyerLimit: 1,
    endsAt: null,
    scope: 'store',
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(coupons).values([
    {
      ...base,
      code: 'WELCOME10',
      kind: 'percentage',
      percentOff: 10,
      maxDiscountKobo: 2_000_00,
      startsAt: new Date(now.getTime() - 3 * DAY),
      createdAt: new Date(now.getTime() - 3 * DAY),
    },
    {
      ...base,
      code: 'DECEMBER1500',
      kind: 'fixed',
      amountOffKobo: 1_500_00,
      minOrderKobo: 15_000_00,
      usageLimit: 100,
      startsAt: new Date(now.getTime() + 7 * DAY),
      endsAt: new Date(now.getTime() + 21 * DAY),
      createdAt: new Date(now.getTime() - DAY),
    },
    {
      ...base,
      code: 'EASTER20',
      kind: 'percentage',
      percentOff: 20,
      startsAt: new Date(now.getTime() - 30 * DAY),
      disabled: true,
      createdAt: new Date(now.getTime() - 30 * DAY),
    },
  ]);
  return { seeded: true };
}
