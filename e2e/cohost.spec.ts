import { devices, expect, test } from '@playwright/test';
import { scheduleAuction } from './support/live';
import { buyerAccount, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 21, the seller's command of the room: a co-host (a second seller account the host invites)
// runs the product rail from another device while the host talks. The host invites them by e-mail
// from the studio's Room tab; the co-host finds the show under "Shows you co-host", opens the co-host
// studio and starts the auction; a buyer's watch page shows it, and the host's studio follows.

test('a co-host runs the product rail from another phone; the buyer and the host see the auction @phone-only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Three browsers on a busy two-core machine.
  test.setTimeout(240_000);
  const host = await sellerWithPickupAddress(page, request, 'host');
  // 30 s on the clock: the co-host starts it, and a buyer on a third phone must see it and bid.
  const show = await scheduleAuction(
    request,
    host.headers,
    { title: `Aso-oke night ${Date.now().toString(36)}`, product: 'Aso-oke gele' },
    { durationSeconds: 30 },
  );

  // The co-host: another seller, on their own phone.
  const cohostContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const cohostPage = await cohostContext.newPage();
  const cohost = await sellerWithPickupAddress(cohostPage, request, 'cohost');

  // The host goes live and invites the co-host from the Room tab.
  await page.goto(`/dashboard/live-streams/live-stream-studio/${show._id}`);
  const goLive = page.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled({ timeout: 60_000 });
  await goLive.click();
  await expect(page.getByText('Livestream started successfully')).toBeVisible();
  await page.getByRole('tab', { name: /Room/ }).click();
  await page.getByLabel('Co-host’s seller e-mail').fill(cohost.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(cohost.email)).toBeVisible();

  // The co-host finds the show on their Live Streams screen and opens the co-host studio.
  await cohostPage.goto('/dashboard/live-streams');
  const cohosting = cohostPage.getByRole('region', { name: 'Shows you co-host' });
  await expect(cohosting.getByText(show.title)).toBeVisible();
  await expect(cohosting.getByText('Live now')).toBeVisible();
  await cohosting.getByRole('link', { name: /Open co-host studio/ }).click();
  await expect(cohostPage).toHaveURL(new RegExp(`/live-stream-studio/${show._id}/cohost$`));
  await expect(cohostPage.getByText('Co-host: you run the products')).toBeVisible();
  // No camera, no Go Live, no End Show: those stay the host's.
  await expect(cohostPage.getByRole('button', { name: /Go Live|End Show/ })).toHaveCount(0);
  // A way back to the dashboard, and in again.
  await cohostPage.getByRole('link', { name: 'Leave the studio' }).click();
  await expect(cohosting.getByText(show.title)).toBeVisible();
  await cohosting.getByRole('link', { name: /Open co-host studio/ }).click();
  await expect(cohostPage.getByText('Co-host: you run the products')).toBeVisible();

  // A buyer watches.
  const buyerContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const buyerPage = await buyerContext.newPage();
  await storeBuyerSession(buyerPage, await buyerAccount(request, 'ngozi', 'Ngozi Eze'));
  await buyerPage.goto(`/watch/${show._id}`);
  await expect(buyerPage.getByRole('textbox', { name: 'Comment' })).toBeVisible({ timeout: 45_000 });

  // The co-host starts the auction.
  const row = cohostPage.getByRole('listitem', { name: 'Aso-oke gele' });
  await row.getByRole('button', { name: 'Activate bidding' }).click();
  await expect(cohostPage.getByText('Product bidding activated successfully')).toBeVisible();
  await cohostPage.screenshot({ path: test.info().outputPath('cohost-studio-390.png'), fullPage: true });

  // The buyer can bid on it; the host's rail shows the bid.
  const bidding = buyerPage.getByRole('region', { name: 'Bidding' });
  await expect(bidding.getByText('Aso-oke gele')).toBeVisible();
  await bidding.getByRole('button', { name: 'Bid ₦5,000' }).click();
  await expect(bidding.getByText('You are the highest bidder')).toBeVisible();
  await page.getByRole('tab', { name: /Products/ }).click();
  // By now the auction may have closed, and the rail says the winner's name twice.
  await expect(
    page
      .getByRole('listitem', { name: 'Aso-oke gele' })
      .getByText(/by Ngozi Eze/)
      .first(),
  ).toBeVisible();
  await expect(row.getByText(/by Ngozi Eze/).first()).toBeVisible();

  // The host removes the co-host: the co-host's next start is refused.
  await page.getByRole('tab', { name: /Room/ }).click();
  await page.getByRole('button', { name: 'Remove' }).first().click();
  await expect(page.getByText(cohost.email)).toHaveCount(0);
  const refused = await request.post(`/api/streams/${show._id}/cohost/pin`, {
    headers: cohost.headers,
    data: { productId: show.productId },
  });
  expect(refused.status()).toBe(404);

  await buyerContext.close();
  await cohostContext.close();
});
