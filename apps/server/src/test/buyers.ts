import { randomBytes } from 'node:crypto';
import { type BuyerRow, buyers } from '@/db/schema/buyers.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';
import type { TestApp } from '@/test/build-test-app.ts';

/**
 * A buyer row straight in the database with a session token, for tests about what a buyer does
 * (registration has its own tests). The password hash is never checked.
 */
export async function buyerWithToken(
  t: Pick<TestApp, 'db' | 'jwtSecret' | 'clock'>,
  name = 'Ada Obi',
): Promise<{ buyer: BuyerRow; token: string; auth: { authorization: string } }> {
  const id = randomBytes(4).toString('hex');
  const [buyer] = await t.db
    .insert(buyers)
    .values({ name, email: `buyer-${id}@example.ng`, passwordHash: 'not-used' })
    .returning();
  if (!buyer) throw new Error('no buyer inserted');
  const token = await tokenService(t.jwtSecret, t.clock, SESSION_TTL_SECONDS, BUYER_AUDIENCE).sign(buyer);
  return { buyer, token, auth: { authorization: `Bearer ${token}` } };
}
