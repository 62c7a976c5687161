import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { sellerKyc, sellerKycEvents, sellerOnboarding, sellers } from '@/db/schema/index.ts';
import type { FieldCipher } from '@/lib/field-encryption.ts';
import { DEMO_SELLER } from '@/seed/demo.ts';

const MINUTE = 60_000;

/**
 * The demo seller's identity verification (issue 17): BVN and NIN checked and approved, so the demo
 * can pay out; and when their application went to review, for the Account screen's onboarding
 * time. Running it again changes nothing.
 */
export async function seedDemoKyc({ db, cipher }: { db: Database; cipher: FieldCipher }) {
  const [seller] = await db
    .select({ id: sellers.id, createdAt: sellers.createdAt })
    .from(sellers)
    .where(eq(sellers.email, DEMO_SELLER.email))
    .limit(1);
  if (!seller) return { seeded: false };
  const submittedAt = new Date(seller.createdAt.getTime() + 102 * MINUTE);
  const reviewedAt = new Date(submittedAt.getTime() + 3 * 60 * MINUTE);
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
