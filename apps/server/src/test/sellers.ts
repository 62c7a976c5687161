import { randomBytes } from 'node:crypto';
import { type NewSellerRow, type SellerRow, sellers } from '@/db/schema/index.ts';
import { tokenService } from '@/lib/tokens.ts';
import type { TestApp } from '@/test/build-test-app.ts';

/**
 * A seller row straight in the database with a session token, for tests about what a seller does
 * after signing up (the sign-up itself has its own tests). The password hash is never checked.
 * By default the e-mail is verified and the (individual) pickup address registered, so the seller
 * passes the SPEC section 5 gate of products and live shows; tests of the gate override them.
 */
export async function sellerWithToken(
  t: TestApp,
  over: Partial<NewSellerRow> = {},
): Promise<{ seller: SellerRow; token: string; auth: { authorization: string } }> {
  const id = randomBytes(4).toString('hex');
  const [seller] = await t.db
    .insert(sellers)
    .values({
      firstName: 'Bola',
      lastName: 'Ade',
      email: `bola-${id}@example.ng`,
      phoneNumber: '+2348031234567',
      storeName: `Bola Stores ${id}`,
      passwordHash: 'not-used',
      emailVerified: true,
      hasFilledAddress: true,
      referralCode: `T${id}`.toUpperCase(),
      ...over,
    })
    .returning();
  if (!seller) throw new Error('no seller inserted');
  const token = await tokenService(t.jwtSecret, t.clock).sign(seller);
  return { seller, token, auth: { authorization: `Bearer ${token}` } };
}
