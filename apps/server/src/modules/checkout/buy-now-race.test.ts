import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, products } from '@/db/schema/index.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  buyNow,
  buyNowBody,
  type CheckoutTestApp,
  checkoutTestApp,
  colourSizeVariants,
  productOf,
  sellingSeller,
} from '@/test/checkout.ts';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await checkoutTestApp();
});
afterAll(async () => {
  await t.close();
});

it('sells the last 3 units to exactly 3 of 20 buyers racing for them, and refuses the rest', async () => {
  const seller = await sellingSeller(t);
  const productId = await productOf(t, seller.seller.id, {
    variants: colourSizeVariants({ 'Red/M': 3, 'Blue/L': 7 }),
  });
  const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => buyerWithToken(t, `Buyer ${i}`)));
  const variant = [
    { name: 'Colour', value: 'Red' },
    { name: 'Size', value: 'M' },
  ];

  const answers = await Promise.all(buyers.map((b) => buyNow(t, b.auth, buyNowBody(productId, { variant }))));

  const sold = answers.filter((a) => a.statusCode === 201);
  const refused = answers.filter((a) => a.statusCode !== 201);
  expect(sold).toHaveLength(3);
  expect(refused.map((a) => a.statusCode)).toEqual(Array(17).fill(409));
  for (const a of refused) expect(a.json().message).toMatch(/^(Sold out|Only [12] left)$/);
  const made = await t.db.select().from(orders).where(eq(orders.sellerId, seller.seller.id));
  expect(made).toHaveLength(3);
  const [product] = await t.db.select().from(products).where(eq(products.id, productId));
  expect(product?.variants[0]?.subVariants[0]?.stock).toBe(0);
  // The other variants are untouched.
  expect(product?.stock).toBe(7);
});
