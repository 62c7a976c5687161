import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellerKyc, sellerKycEvents, sellerOnboarding, sellers } from '@/db/schema/index.ts';
import type { FieldCipher } from '@/lib/field-encryption.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The demo seller's identity verification (issue 17): BVN and NIN checked and approved, so the demo
 * can pay out; and a history behind it: the seller joined a month ago (the demo's orders and shows
 * are days old), sent the application to review 1 h 42 min later (the Account screen's onboarding
 * time) and had the identity verified the next day. Running it again changes nothing.
 */
export async function seedDemoKyc({
  db,
  cipher,
  now = new Date(),
}: {
  db: Database;
  cipher: FieldCipher;
  now?: Date;
}) {
  const [seller] = await db
    .select({ id: sellers.id, createdAt: sellers.createdAt })
    .from(sellers)
    .where(eq(sellers.email, DEMO_SELLER.email))
    .limit(1);
  if (!seller) return { seeded: false };
  const joinedAt = new Date(now.getTime() - 30 * DAY);
  const submittedAt = new Date(joinedAt.getTime() + 102 * MINUTE);
  const reviewedAt = new Date(submittedAt.getTime() + DAY);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(sellerKyc)
      .values({
        sellerId: seller.id,
        status: 'verified',
        reason: null,
        identities: [
          {
            type: 'bvn',
            encrypted: cipher.encrypt('22212345678'),
            last4: '5678',
            nameOnRecord: 'OKAFOR AMAKA NGOZI',
          },
          {
            type: 'nin',
            encrypted: cipher.encrypt('70123456789'),
            last4: '6789',
            nameOnRecord: 'OKAFOR AMAKA NGOZI',
          },
        ],
        submittedAt,
        reviewedAt,
        updatedAt: reviewedAt,
      })
      .onConflictDoNothing()
      .returning({ id: sellerKyc.sellerId });
    if (inserted.length === 0) return { seeded: false };
    // Only when the verification is first seeded: a seller row seeded just now joins a month ago.
    await tx.update(sellers).set({ createdAt: joinedAt }).where(eq(sellers.id, seller.id));
    await tx.insert(sellerKycEvents).values([
      { sellerId: seller.id, status: 'pending', reason: null, actor: 'seller', createdAt: submittedAt },
      { sellerId: seller.id, status: 'verified', reason: null, actor: 'operator', createdAt: reviewedAt },
    ]);
    await tx
      .insert(sellerOnboarding)
      .values({ sellerId: seller.id, submittedForReviewAt: submittedAt, updatedAt: submittedAt })
      .onConflictDoNothing();
    return { seeded: true };
  });
}
