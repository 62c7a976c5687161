import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { buyerAccount, buyNowProduct, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// The public store page: the link a seller chooses in Settings opens it, and the store link every
// channel shares (Connect) leads to it while no show is on air.

test('a buyer opens a store by its link, follows it and buys a size from its products', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await sellerWithPickupAddress(page, request, 'store');
  const slug = `store-${Date.now().toString(36)}`;
  const saved = await request.put('/api/seller/settings/store-profile', {
    headers: seller.headers,
    data: { storeName: seller.storeName, description: 'Adire made in Abeokuta.', storeSlug: slug },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const productName = `Adire wrapper ${Date.now().toString(36)}`;
  const productId = await buyNowProduct(request, seller.headers, {
    name: productName,
    price: 12000,
    stock: 4,
    sizes: [
      { value: 'M', price: null, stock: 1 },
      { value: 'L', price: 13500, stock: 3 },
    ],
  });

  // Connect's store link leads to the page (no show is on air).
  const go = await request.get(`/api/connect/go/${seller.sellerId}`, { maxRedirects: 0 });
  expect(go.status()).toBe(302);
  expect(go.headers().location).toBe(`/store/${slug}`);

  const buyer = await buyerAccount(request, 'storefront', 'Kemi Adeyemi');
  await storeBuyerSession(page, buyer);
  await page.goto(`/store/${slug}`);
  await expect(page.getByRole('heading', { name: seller.storeName, level: 1 })).toBeVisible();
  await expect(page.getByText('Adire made in Abeokuta.')).toBeVisible();
  await expect(page.getByText('0 followers')).toBeVisible();
  const products = page.getByRole('region', { name: 'Products' });
  const card = products.getByRole('article').filter({ hasText: productName });
  await expect(card).toContainText('₦12,000.00–₦13,500.00');

  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'store page');

  await card.getByRole('button', { name: `Buy now: ${productName}` }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('button', { name: 'L', exact: true }).click();
  await sheet.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/buy\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('productId')).toBe(productId);
  expect(url.searchParams.getAll('variant')).toEqual(['L']);

  await page.goto('/store/no-such-store-here');
  await expect(page.getByRole('heading', { name: 'Store not found' })).toBeVisible();
});
