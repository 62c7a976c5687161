import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerKyc, sellers } from '@/db/schema/index.ts';
import { derivedKey, fieldCipher } from '@/lib/field-encryption.ts';
import { seedDemo } from '@/seed/demo.ts';
import { seedDemoKyc } from '@/seed/demo-kyc.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());

describe('the demo seller’s identity verification', () => {
  it('is seeded verified once, numbers encrypted, with an onboarding time in the past', async () => {
    const now = new Date('2026-11-28T06:00:00Z');
    const cipher = fieldCipher(derivedKey(t.jwtSecret, 'kyc-identity-numbers'));
    expect(await seedDemoKyc({ db: t.db, cipher, now })).toEqual({ seeded: true });
    expect(await seedDemoKyc({ db: t.db, cipher, now })).toEqual({ seeded: false });
    const [seller] = await t.db.select().from(sellers).where(eq(sellers.email, 'demo@kasuwa.ng'));
    const [kyc] = await t.db
      .select()
      .from(sellerKyc)
      .where(eq(sellerKyc.sellerId, seller?.id ?? ''));
    expect(kyc?.status).toBe('verified');
    expect(kyc?.reviewedAt?.getTime()).toBeLessThan(now.getTime());
    expect(cipher.decrypt(kyc?.identities[0]?.encrypted ?? '')).toBe('22212345678');
    const raw = await t.db.execute(
      sql`select identities::text as j from seller_kyc where seller_id = ${seller?.id}`,
    );
    expect(String((raw.rows[0] as { j: string }).j)).not.toContain('22212345678');
    // The app's own key opens it: the demo seller's payouts are open.
    expect(await t.app.kyc.port.isVerified(t.db, seller?.id ?? '')).toBe(true);
    const minutes = Math.round(
      (
        (
          await t.db.execute(
            sql`select extract(epoch from (o.submitted_for_review_at - s.created_at)) / 60 as m from sellers s join seller_onboarding o on o.seller_id = s.id where s.id = ${seller?.id}`,
          )
        ).rows[0] as { m: number }
      ).m,
    );
    expect(minutes).toBe(102);
  });
});
