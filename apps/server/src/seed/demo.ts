import type { Database } from '@/db/client.ts';
import { sellers } from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';

/** The demo login printed in the README and in the start-up log. */
export const DEMO_SELLER = {
  email: 'demo@kasuwa.ng',
  password: 'KasuwaDemo#2026',
} as const;

/**
 * Seeds a demo seller the first time the server starts on an empty database (unless SEED_DEMO=0),
 * so a new user can log straight in. Running it again changes nothing.
 */
export async function seedDemo(db: Database): Promise<{ seeded: boolean }> {
  const inserted = await db
    .insert(sellers)
    .values({
      firstName: 'Amaka',
      lastName: 'Okafor',
      email: DEMO_SELLER.email,
      phoneNumber: '+2348031234567',
      storeName: "Amaka's Closet",
      storeSlug: 'amakas-closet',
      storeDescription: 'Ankara, lace and ready-to-wear from Lagos. Live auctions every Friday evening.',
      businessName: null,
      passwordHash: await hashPassword(DEMO_SELLER.password),
      accountType: 'individual',
      emailVerified: true,
      isVerified: true,
      hasFilledAddress: true,
      onboardingProcess: 'account-approval',
      referralCode: 'AMAKA26',
      sellerAddress: {
        country: 'Nigeria',
        state: 'Lagos',
        city: 'Ikeja',
        addressLine1: '12 Allen Avenue',
        zipCode: '100271',
      },
      bankDetails: {
        bankName: 'Guaranty Trust Bank',
        bankCountry: 'Nigeria',
        bankAccountType: 'Savings',
        accountCurrency: 'NGN',
        accountNumber: '0123456785', // a valid NUBAN for GTBank (058), so the demo can pay out
        accountName: 'Amaka Okafor',
        swiftCode: 'GTBINGLA',
        bankIdentifierCode: '058',
      },
    })
    .onConflictDoNothing()
    .returning({ id: sellers.id });
  return { seeded: inserted.length > 0 };
}
