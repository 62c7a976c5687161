import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { approvedSeller, storeSession } from './session';

type Category = { _id: string; name: string; subCategories: { _id: string; name: string }[] };

/**
 * A fresh approved individual seller with a pickup address (what the route guard of SPEC section 5
 * asks of the studio), logged in on `page`.
 */
export async function sellerReadyToStream(page: Page, request: APIRequestContext) {
  const seller = await approvedSeller(request, 'live');
  const headers = { Authorization: `Bearer ${seller.token}` };
  const type = await request.put('/api/seller/profile/account-type', {
    headers,
    data: { accountType: 'individual' },
  });
  expect(type.status(), await type.text()).toBe(200);
  const address = await request.put('/api/seller/individual-information', {
    headers,
    data: {
      firstName: seller.firstName,
      lastName: seller.lastName,
      sellerAddress: {
        country: 'Nigeria',
        state: 'Lagos',
        city: 'Ikeja',
        streetAddress1: '12 Allen Avenue',
        zipCode: '100271',
      },
    },
  });
  expect(address.status(), await address.text()).toBe(200);
  const profile = await request.get('/api/seller/profile', { headers });
  expect(profile.status()).toBe(200);
  const user = await profile.json();
  await storeSession(page, { token: seller.token, user });
  // The consent banner is answered elsewhere; here it would cover the studio's controls.
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  return { ...seller, headers, sellerId: user._id as string };
}

/**
 * A product and a live auction scheduled for it, through the API (the wizards have their own
 * journey): a 10-second auction from ₦5,000.
 */
export async function scheduleAuction(
  request: APIRequestContext,
  headers: Record<string, string>,
  names: { title: string; product: string },
) {
  const { categories } = (await (await request.get('/api/categories')).json()) as { categories: Category[] };
  const category =
    categories.find((c) => c.name === 'Fashion' && c.subCategories.length > 0) ??
    categories.find((c) => c.subCategories.length > 0);
  if (!category?.subCategories[0]) throw new Error('the catalogue has no category with sub-categories');
  const product = await request.post('/api/products', {
    headers,
    data: {
      name: names.product,
      categoryId: category._id,
      subCategoryId: category.subCategories[0]._id,
      price: 25000,
      stock: 1,
      saleType: { buyNow: false, auction: { startingBid: 5000 } },
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const { id: productId } = (await product.json()) as { id: string };

  const created = await request.post('/api/streams/create', {
    headers,
    data: {
      title: names.title,
      description: 'Handwoven in Iseyin',
      category: category._id,
      scheduledStartTime: new Date(Date.now() + 10 * 60_000).toISOString(),
      products: [
        { productId, auctionSettings: { startingBid: 5000, durationSeconds: 10, counterBidSeconds: 5 } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).stream as { _id: string; title: string };
}
