import { nubanCheckDigit } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { type NewSellerRow, payouts, sellerKyc, sellers } from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';
import { tokenService } from '@/lib/tokens.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { insertOrder } from '@/test/order-rows.ts';
import { sellerWithToken } from '@/test/sellers.ts';

export const PASSWORD = 'Kasuwa#Payout2026';
export const byPassword = { method: 'password', password: PASSWORD } as const;

const DAY = 24 * 60 * 60 * 1000;

/** A GTBank account number (valid NUBAN) from a 9-digit serial. */
export const gtb = (serial: string) => `${serial}${nubanCheckDigit('058', serial)}`;
/** A valid GTBank NUBAN ending in 0000: the local payout provider fails payouts to it. */
export const FAILING_GTB = '0121050000';

let hash: Promise<string> | null = null;

/**
 * An approved seller with a real password (the step-up checks it) and a session, whose identity is
 * verified (issue 17: payouts need KYC) unless `kyc` says otherwise.
 */
export async function payoutSeller(
  t: TestApp,
  over: Partial<NewSellerRow> = {},
  kyc: 'verified' | 'not_started' = 'verified',
) {
  hash ??= hashPassword(PASSWORD);
  const made = await sellerWithToken(t, { isVerified: true, passwordHash: await hash, ...over });
  if (kyc === 'verified') await kycVerified(t, made.seller.id);
  return made;
}

/** Marks a seller's identity verified, as the review team's approval does (issue 17). */
export async function kycVerified(t: TestApp, sellerId: string) {
  await t.db
    .insert(sellerKyc)
    .values({ sellerId, status: 'verified', reviewedAt: t.clock.now(), updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: sellerKyc.sellerId, set: { status: 'verified' } });
}

/**
 * A new session for the seller, in place: `fundAvailable` moves the fake clock a week on, past the
 * life of the token the seller had.
 */
export async function refreshAuth(
  t: TestApp,
  s: { seller: { id: string; tokenVersion: number }; auth: { authorization: string } },
) {
  s.auth.authorization = `Bearer ${await tokenService(t.jwtSecret, t.clock).sign(s.seller)}`;
}

/**
 * Puts `kobo` of sales money in the seller's `available` balance through the real ledger: a paid
 * order, handed over, whose 7-day return window the fake clock then passes. Answers the available
 * balance afterwards (the sale less commission and payment fee). The seller's session is renewed.
 */
export async function fundAvailable(
  t: TestApp,
  s: { seller: { id: string; tokenVersion: number }; auth: { authorization: string } },
  kobo: number,
): Promise<number> {
  const sellerId = s.seller.id;
  const { buyer } = await buyerWithToken(t);
  const order = await insertOrder(t.db, {
    sellerId,
    buyerId: buyer.id,
    payment: 'paid',
    fulfilment: 'delivered',
    lines: [{ name: 'Ankara Gown', priceKobo: kobo }],
    paidAt: t.clock.now(),
  });
  const ledger = t.app.ledger.port;
  await t.db.transaction(async (tx) => {
    await ledger.orderPaid(tx, {
      orderId: order.id,
      sellerId,
      amountKobo: kobo,
      paymentReference: `KSW-test-${order.id}`,
      at: t.clock.now(),
    });
    await ledger.orderHandedOver(tx, { orderId: order.id, sellerId, at: t.clock.now(), returnWindowDays: 7 });
  });
  t.clock.advance(7 * DAY + 1000);
  await t.jobs.runDue();
  await refreshAuth(t, s);
  return (await ledger.balances(t.db, sellerId)).availableKobo;
}

export const balancesOf = (t: TestApp, sellerId: string) => t.app.ledger.port.balances(t.db, sellerId);

export const payoutRows = (t: TestApp, sellerId: string) =>
  t.db.select().from(payouts).where(eq(payouts.sellerId, sellerId));

export const sellerBankDetails = async (t: TestApp, sellerId: string) =>
  (await t.db.select({ b: sellers.bankDetails }).from(sellers).where(eq(sellers.id, sellerId)))[0]?.b ?? null;
