import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { buyerAccount, buyNowProduct, showOffering, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 16's followers and inbox campaigns on the real server: a buyer follows a store from its show,
// the seller sends a campaign to followers, it arrives in the buyer's Updates, and the buyer's click
// is counted in the campaign's results. Seller and buyer share one browser (separate storage keys).

const expect = baseExpect.configure({ timeout: 20_000 });

const shots = process.env.CAMPAIGN_SHOTS;
async function shot(page: Page, name: string) {
  if (shots)
    await page.screenshot({ path: `${shots}/${name}-${test.info().project.name}.png`, fullPage: true });
}

test('a buyer follows a store; its campaign to followers reaches their Updates and the click is counted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await sellerWithPickupAddress(page, request, 'campaigns');
  const productName = `Adire scarf ${Date.now().toString(36)}`;
  const productId = await buyNowProduct(request, seller.headers, {
    name: productName,
    price: 8500,
    stock: 5,
  });
  const show = await showOffering(request, seller.headers, {
    title: 'Adire Saturday',
    productIds: [productId],
  });

  // The buyer follows the store from its show's page.
  const buyer = await buyerAccount(request, 'campaigns', 'Ngozi Eze');
  await storeBuyerSession(page, buyer);
  await page.goto(`/watch/${show._id}`);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'watch');

  // The seller sees the follower on home, then composes a campaign to followers with the product.
  await page.goto('/dashboard/home');
  await expect(page.getByRole('region', { name: 'Followers' }).getByText('+1 this week')).toBeVisible();
  await page.goto('/dashboard/marketing/inbox-campaigns');
  await expect(page).toHaveURL(/\/dashboard\/marketing\/inbox-campaigns\/list$/);
  await page.getByRole('link', { name: 'Create Campaign' }).first().click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Adire restock');
  await page.getByRole('textbox', { name: 'Message' }).fill('Fresh Adire scarves are in. Tap to buy yours.');
  await page.getByRole('combobox', { name: 'Attach' }).selectOption('product');
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: productName });
  await expect(page.getByRole('status').filter({ hasText: '1 buyer will get it' })).toBeVisible();
  await shot(page, 'compose');
  await expectNoSeriousA11yViolations(page, 'Create Inbox Campaign');
  await page.getByRole('button', { name: 'Send Campaign' }).click();
  await expect(page).toHaveURL(/\/inbox-campaigns\/list$/);
  const card = page
    .getByRole('list', { name: 'Campaigns' })
    .getByRole('listitem')
    .filter({ hasText: 'Adire restock' });
  await expect(card.getByText('Sent', { exact: true })).toBeVisible();

  // The buyer finds it in their Updates (linked from My orders), opens it and taps Buy now.
  await page.goto('/my-orders');
  await page.getByRole('link', { name: 'My updates' }).click();
  await expect(page).toHaveURL(/\/my-updates$/);
  await expect(page.getByText('1 new')).toBeVisible();
  await page.getByRole('button', { name: /Adire restock/ }).click();
  await expect(page.getByText('Fresh Adire scarves are in. Tap to buy yours.')).toBeVisible();
  await shot(page, 'updates');
  await expectNoSeriousA11yViolations(page, 'My updates');
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\/buy\?/);

  // The click shows in the campaign's results.
  await page.goto('/dashboard/marketing/inbox-campaigns/list');
  const results = page
    .getByRole('list', { name: 'Campaigns' })
    .getByRole('listitem')
    .filter({ hasText: 'Adire restock' });
  await expect(results.getByText('Clicked').locator('..')).toContainText('1');
  await expect(results.getByText('Opened').locator('..')).toContainText('1');
  await shot(page, 'list');
});
