import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  buyerAccount,
  buyNowProduct,
  saveDeliverySettings,
  showOffering,
  storeBuyerSession,
} from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 16's coupons journey: a seller makes a live-only flash coupon for a scheduled show; a buyer
// uses it from the show's tray while it is live and is refused it once the show has ended. Seller
// and buyer share one browser (their log-ins are kept under separate keys), as in checkout.spec.

test('a live-only coupon works during its show and is refused after it ends', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const seller = await sellerWithPickupAddress(page, request, 'coupons');
  await saveDeliverySettings(request, seller.headers, { pickup: { enabled: true } });
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const productName = `Ankara gown ${suffix}`;
  const productId = await buyNowProduct(request, seller.headers, {
    name: productName,
    price: 20000,
    stock: 5,
  });
  const title = `Flash Friday ${suffix}`;
  const show = await showOffering(request, seller.headers, { title, productIds: [productId] });
  const code = `FLASH${suffix}`;

  // The seller: the coupons index opens the list, empty; the form makes a live-only coupon.
  await page.goto('/dashboard/marketing/coupons');
  await expect(page).toHaveURL(/\/dashboard\/marketing\/coupons\/list$/);
  await page.getByRole('link', { name: 'Create your first coupon' }).click();
  await expect(page).toHaveURL(/\/dashboard\/marketing\/coupons\/create$/);
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await page.getByRole('textbox', { name: 'Percentage off' }).fill('20');
  await page.getByRole('radio', { name: /Live show only/ }).check();
  await page.getByRole('radio', { name: new RegExp(title) }).check();
  const preview = page.getByRole('region', { name: 'What buyers get' });
  await expect(preview).toContainText(`get 20% off everything while your show “${title}” is live`);
  await expect(preview).toContainText('On ₦20,000.00 of items they pay ₦16,000.00');
  await expectNoSeriousA11yViolations(page, 'the coupon form');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page).toHaveURL(/\/coupons\/list$/);
  const card = page.getByRole('listitem').filter({ hasText: code });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText(`During “${title}”`, { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the coupons list');

  // The show goes live; the buyer buys the gown from its tray with the code.
  const started = await request.post(`/api/streams/${show._id}/start`, { headers: seller.headers });
  expect(started.status(), await started.text()).toBe(200);
  const buyer = await buyerAccount(request, `coupons-${info.project.name}`);
  await storeBuyerSession(page, buyer);
  await page.goto(`/watch/${show._id}`);
  await page.getByRole('button', { name: 'Shop · 1 product' }).click();
  await page.getByRole('button', { name: `Buy ${productName} now` }).click();
  await page
    .getByRole('dialog', { name: productName })
    .getByRole('button', { name: 'Continue to checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout\/buy\?/);
  const checkoutUrl = page.url();
  await page.getByRole('radio', { name: /Store pickup/ }).check();
  await page.getByRole('textbox', { name: 'Full name' }).fill(buyer.name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText(`Coupon ${code}`)).toBeVisible();
  await expect(totals.getByText('−₦4,000.00')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the checkout with a coupon');
  await page.getByRole('button', { name: 'Pay ₦16,000.00' }).click();
  await expect(page).toHaveURL(/\/pay\/local\//);
  await page.getByRole('button', { name: 'Pay with test card' }).click();
  await expect(page).toHaveURL(/\/my-orders\/[^/?]+\?reference=/);
  await expect(page.getByRole('status').filter({ hasText: /is paid/ })).toBeVisible();
  await expect(page.getByText(`Coupon ${code}`, { exact: true })).toBeVisible();
  await expect(page.getByText('−₦4,000.00', { exact: true })).toBeVisible();
  await expect(page.getByText('₦16,000.00').first()).toBeVisible();

  // The show ends: the same code is refused, in words that say why.
  const ended = await request.post(`/api/streams/${show._id}/end`, { headers: seller.headers });
  expect(ended.status(), await ended.text()).toBe(200);
  await page.goto(checkoutUrl);
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `This code was for the live show "${title}", which has ended`,
  );
  await expect(page.getByRole('button', { name: 'Pay ₦20,000.00' })).toBeVisible();

  // The seller's list: expired now, with its one use and the paid order's revenue.
  await page.goto('/dashboard/marketing/coupons/list');
  await expect(card.getByText('Expired')).toBeVisible();
  await expect(card.getByText('₦16,000.00')).toBeVisible();
  await expect(card.getByRole('definition').first()).toHaveText('1');
});
