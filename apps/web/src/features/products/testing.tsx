import type { Product } from '@kasuwa/contracts';
import { fakeSellerApi, TEST_SELLER_ID } from '@/test/catalogue';
import type { Override } from '@/test/in-memory-api';

/* Test helpers for the product screens: the shared catalogue fake and product factory (test/catalogue.ts). */

export { CATEGORY_ID, SUB_CATEGORY_ID, testCategories as categories, testProduct } from '@/test/catalogue';
export type { Call } from '@/test/in-memory-api';
export const SELLER_ID = TEST_SELLER_ID;

/**
 * A seller's catalogue behind the product endpoints, answering as the server does; `override` can
 * answer any call first (a failure, a 400 with issues).
 */
export function productsApi(initial: Product[] = [], override?: Override) {
  return fakeSellerApi({ products: initial, override });
}
