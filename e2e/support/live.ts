import { type APIRequestContext, expect } from '@playwright/test';

type Category = { _id: string; name: string; subCategories: { _id: string; name: string }[] };

/**
 * A product and a live auction scheduled for it, through the API (the wizards have their own
 * journey): a 10-second auction from ₦5,000.
 */
export async function scheduleAuction(
  request: APIRequestContext,
  headers: Record<string, string>,
  names: { title: string; product: string },
  /** The auction's clock; 10 s by default, longer where several phones must act before it ends. */
  { durationSeconds = 10 }: { durationSeconds?: number } = {},
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
        { productId, auctionSettings: { startingBid: 5000, durationSeconds, counterBidSeconds: 5 } },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const stream = (await created.json()).stream as { _id: string; title: string };
  return { ...stream, productId };
}
