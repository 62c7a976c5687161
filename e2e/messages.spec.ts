import { devices, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { scheduleAuction } from './support/live';
import { sellerWithPickupAddress } from './support/sellers';
import { appStarted } from './support/session';

// Messages (issue 16): a buyer writes to the store from a show's watch page; the seller's badge rises
// live; the seller answers with a saved quick reply and a product card; the buyer sees both, live.

const shot = process.env.E2E_SCREENSHOTS;

test('a buyer messages from the watch page; the seller answers with a quick reply and a product card', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const seller = await sellerWithPickupAddress(page, request, 'messages');
  const suffix = Date.now().toString(36);
  const show = await scheduleAuction(request, seller.headers, {
    title: `Aso-oke Saturday ${suffix}`,
    product: `Aso-oke set ${suffix}`,
  });
  const { categories } = (await (await request.get('/api/categories')).json()) as {
    categories: Array<{ _id: string; subCategories: Array<{ _id: string }> }>;
  };
  const category = categories.find((c) => c.subCategories.length > 0);
  const productName = `Adire kaftan ${suffix}`;
  const product = await request.post('/api/products', {
    headers: seller.headers,
    data: {
      name: productName,
      categoryId: category?._id,
      subCategoryId: category?.subCategories[0]?._id,
      price: 18500,
      stock: 5,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const reply = await request.post('/api/quick-replies', {
    headers: seller.headers,
    data: { title: 'Delivery times', body: 'Lagos delivery takes 1-2 days; other states 3-5 days.' },
  });
  expect(reply.status(), await reply.text()).toBe(201);

  // The seller is on the dashboard with no unread messages.
  await page.goto('/dashboard/home');
  // The painted home has the header's icon too, until the app runs.
  await appStarted(page);
  // The header's messages icon (the sidebar has a Messages link too).
  const badge = page.locator('a[href="/dashboard/messages"][aria-label]');
  await expect(badge).toHaveAccessibleName('Messages');

  // A buyer on their own device opens the show and taps "Message seller".
  const device = testInfo.project.name === 'phone' ? devices['Pixel 7'] : devices['Desktop Chrome'];
  const buyerContext = await browser.newContext({ ...device, baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/watch/${show._id}`);
  await buyer.getByRole('link', { name: 'Message seller' }).click();
  const sheet = buyer.getByRole('dialog');
  await sheet.getByRole('tab', { name: 'Sign up' }).click();
  await sheet.getByRole('textbox', { name: 'Name' }).fill('Chioma Okafor');
  await sheet
    .getByRole('textbox', { name: 'Email' })
    .fill(`msgbuyer-${suffix}-${testInfo.project.name}@example.ng`);
  await sheet.getByLabel('Password', { exact: true }).fill('Lekki2026market');
  await sheet.getByRole('button', { name: 'Sign up' }).click();
  await expect(buyer).toHaveURL(/\/my-messages\/[0-9a-f-]{36}$/);
  const buyerThread = buyer.getByRole('region', { name: /^Conversation with / });
  await buyerThread
    .getByRole('textbox', { name: 'Message' })
    .fill('Good afternoon! Is the kaftan available in XL?');
  await buyerThread.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(buyerThread.getByTestId('message').filter({ hasText: 'available in XL' })).toBeVisible();
  await expect(buyerThread.getByLabel('Sent')).toBeVisible();

  // The seller's badge rises without a reload.
  await expect(badge).toHaveAccessibleName('Messages, 1 unread');
  await badge.click();
  await expect(page).toHaveURL(/\/dashboard\/messages/);
  await page.getByRole('button', { name: 'Chioma Okafor, 1 unread' }).click();
  const thread = page.getByRole('region', { name: 'Conversation with Chioma Okafor' });
  await expect(thread.getByText('Good afternoon! Is the kaftan available in XL?')).toBeVisible();
  // Reading it clears the badge, and the buyer sees the read ticks.
  await expect(badge).toHaveAccessibleName('Messages');
  await expect(buyerThread.getByLabel('Read')).toBeVisible();

  // A quick reply, inserted with one tap, then sent.
  await thread.getByRole('button', { name: 'Quick replies' }).click();
  await page
    .getByRole('dialog', { name: 'Quick replies' })
    .getByRole('button', { name: /^Delivery times/ })
    .click();
  await expect(thread.getByRole('textbox', { name: 'Message' })).toHaveValue(
    'Lagos delivery takes 1-2 days; other states 3-5 days.',
  );
  await thread.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    thread
      .getByTestId('message')
      .filter({ hasText: 'Lagos delivery takes 1-2 days; other states 3-5 days.' }),
  ).toBeVisible();

  // And a product card.
  await thread.getByRole('button', { name: 'Send a product' }).click();
  await page
    .getByRole('dialog', { name: 'Send a product' })
    .getByRole('button', { name: `Send ${productName}` })
    .click();
  await expect(thread.getByText(productName)).toBeVisible();
  if (shot) await page.screenshot({ path: `${shot}/seller-${testInfo.project.name}.png` });
  await expectNoSeriousA11yViolations(page, 'the messages screen');

  // The buyer sees both, live, with the card's price and its Buy now link.
  await expect(buyerThread.getByText('Lagos delivery takes 1-2 days; other states 3-5 days.')).toBeVisible();
  await expect(buyerThread.getByText(productName)).toBeVisible();
  await expect(buyerThread.getByText('₦18,500.00')).toBeVisible();
  await expect(buyerThread.getByRole('link', { name: 'Buy now' })).toHaveAttribute(
    'href',
    /\/checkout\/buy\?/,
  );
  if (shot) await buyer.screenshot({ path: `${shot}/buyer-${testInfo.project.name}.png` });
  await expectNoSeriousA11yViolations(buyer, "the buyer's conversation");
  await buyerContext.close();
});
