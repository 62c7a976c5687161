import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { scheduleAuction } from './support/live';
import { buyerAccount } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 21 "After the show": the studio records the show in the browser (MediaRecorder, Chromium's
// fake camera) while it is live with the local provider; a product sells; the seller ends the show
// and lands on its past page, where the recording uploads in chunks with a progress bar, then plays
// (the server answers byte ranges) with the sale marked on its timeline. A buyer opens the same
// replay from the store's public page.

test('a show recorded in the studio is uploaded after it ends and plays with its sale marked @phone-only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // 36 s on a quiet machine; the recording's upload and the studio's camera share two busy cores in CI.
  test.setTimeout(300_000);
  const seller = await sellerWithPickupAddress(page, request, 'replay');
  const show = await scheduleAuction(request, seller.headers, {
    title: 'Adire night replay',
    product: 'Adire indigo wrapper',
  });
  const buyer = await buyerAccount(request, 'replay', 'Bisi Adewale');

  await page.goto(`/dashboard/live-streams/live-stream-studio/${show._id}`);
  const goLive = page.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled({ timeout: 15_000 });
  await goLive.click();
  await expect(page.getByText('Livestream started successfully')).toBeVisible();

  // A sale during the show: bidding opens, the buyer bids, the 10-second clock runs out.
  await page.getByRole('tab', { name: /Products/ }).click();
  const product = page.getByRole('listitem', { name: 'Adire indigo wrapper' });
  await product.getByRole('button', { name: 'Activate bidding' }).click();
  await expect(page.getByText('Product bidding activated successfully')).toBeVisible();
  const bid = await request.post(`/api/streams/${show._id}/bids`, {
    headers: buyer.headers,
    data: { productId: show.productId, amount: 5000 },
  });
  expect(bid.status(), await bid.text()).toBe(200);
  await expect(page.getByText('Sold to Bisi Adewale!')).toBeVisible({ timeout: 25_000 });

  await page.getByRole('button', { name: 'End Show' }).click();
  await page
    .getByRole('dialog', { name: 'End this show?' })
    .getByRole('button', { name: 'End Show' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/live-streams/past-shows/${show._id}$`));

  // The upload runs with its progress; then the replay plays.
  const video = page.getByLabel('Replay of Adire night replay');
  await expect(video).toBeVisible({ timeout: 60_000 });
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play().catch(() => undefined);
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), {
      timeout: 20_000,
      message: 'the replay has frames to show',
    })
    .toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
  const mark = page.getByRole('button', { name: /^Sold: Adire indigo wrapper for ₦5,000\.00 at \d+:\d\d$/ });
  await expect(mark.first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'How the show went' }).getByText('₦5,000.00')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the past show page');

  // The same replay for buyers, from the store's public pages (no session).
  const visitor = await browser.newContext({ baseURL });
  const buyerPage = await visitor.newPage();
  await buyerPage.goto(`/watch/${show._id}`);
  await buyerPage.getByRole('link', { name: 'Watch the replay' }).click();
  await expect(buyerPage.getByLabel('Replay of Adire night replay')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: /^Sold: Adire indigo wrapper/ }).first()).toBeVisible();
  await visitor.close();
});
