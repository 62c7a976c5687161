import { type APIRequestContext, expect, type Page } from '@playwright/test';

/*
 * Setup for the orders journeys (issue 14) through the API, where the UI is not the point: buyers,
 * Buy now products, a show that offers them, the seller's delivery settings.
 */

type Headers = Record<string, string>;
type Category = { _id: string; name: string; subCategories: { _id: string; name: string }[] };

export interface BuyerAccount {
  name: string;
  email: string;
  token: string;
  buyer: { _id: string; name: string; email: string };
  headers: Headers;
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A buyer signed up through the API (the sign-up sheet has its own journeys). */
export async function buyerAccount(request: APIRequestContext, prefix: string, name = 'Chioma Okafor') {
  const email = `${prefix}-${unique()}@example.ng`;
  const answer = await request.post('/api/buyers/register', {
    data: { name, email, password: 'Lekki2026market' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { buyer, token } = (await answer.json()) as { buyer: BuyerAccount['buyer']; token: string };
  return { name, email, token, buyer, headers: { Authorization: `Bearer ${token}` } } satisfies BuyerAccount;
}

/** Puts the buyer's log-in into the browser as the watch pages keep it (its own key beside the seller's). */
export async function storeBuyerSession(page: Page, account: BuyerAccount) {
  if (page.url() === 'about:blank') await page.goto('/login');
  await page.evaluate((session) => localStorage.setItem('buyerSession', JSON.stringify(session)), {
    buyer: account.buyer,
    token: account.token,
  });
}

async function firstCategory(request: APIRequestContext) {
  const { categories } = (await (await request.get('/api/categories')).json()) as { categories: Category[] };
  const category =
    categories.find((c) => c.name === 'Fashion' && c.subCategories.length > 0) ??
    categories.find((c) => c.subCategories.length > 0);
  if (!category?.subCategories[0]) throw new Error('the catalogue has no category with sub-categories');
  return { categoryId: category._id, subCategoryId: category.subCategories[0]._id };
}

/** A product buyers can Buy now, with `stock` units at `price` naira. */
export async function buyNowProduct(
  request: APIRequestContext,
  headers: Headers,
  product: {
    name: string;
    price: number;
    stock: number;
    /** One level of options, e.g. sizes, each with its stock and (null: the product's) price. */
    sizes?: { value: string; price: number | null; stock: number }[];
  },
) {
  const { sizes, ...fields } = product;
  const variants = sizes
    ? {
        options: [{ id: 'size', name: 'Size', values: sizes.map((s) => s.value) }],
        variants: sizes.map((s) => ({
          name: 'Size',
          value: s.value,
          price: s.price,
          totalStock: s.stock,
          images: [],
          subVariants: [],
        })),
      }
    : {};
  const answer = await request.post('/api/products', {
    headers,
    data: {
      ...fields,
      ...variants,
      ...(await firstCategory(request)),
      saleType: { buyNow: true, auction: null },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** An Open Live Show scheduled for later that offers `productIds` in its tray. */
export async function showOffering(
  request: APIRequestContext,
  headers: Headers,
  show: { title: string; productIds: string[] },
) {
  const answer = await request.post('/api/streams/open-live-show', {
    headers,
    data: {
      title: show.title,
      description: 'Fresh from the market',
      category: (await firstCategory(request)).categoryId,
      scheduledStartTime: new Date(Date.now() + 60 * 60_000).toISOString(),
      products: show.productIds.map((productId) => ({ productId })),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { stream: { _id: string; title: string } }).stream;
}

export interface DeliverySettings {
  shipping: { enabled: boolean; fees: { state: string; fee: number }[] };
  pickup: { enabled: boolean };
  payOnDelivery: { enabled: boolean; cap: number };
  lowStockThreshold: number;
  paymentWindowHours: number;
}

/** Saves the seller's delivery settings over the defaults (the form has its own journey). */
export async function saveDeliverySettings(
  request: APIRequestContext,
  headers: Headers,
  change: Partial<DeliverySettings>,
) {
  const current = await request.get('/api/settings/delivery', { headers });
  expect(current.status(), await current.text()).toBe(200);
  const { settings } = (await current.json()) as { settings: DeliverySettings };
  const saved = await request.put('/api/settings/delivery', { headers, data: { ...settings, ...change } });
  expect(saved.status(), await saved.text()).toBe(200);
}
