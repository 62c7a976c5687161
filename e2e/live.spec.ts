import { devices, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { scheduleAuction } from './support/live';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 8's journey, end to end with real video: a seller schedules a live auction, goes live in the
// studio with Chromium's fake camera; a buyer opens the public watch page in another browser and
// receives the video (local WebRTC provider), signs up, comments; the seller activates bidding, the
// buyer bids, the clock runs out, the studio shows the winner and an order is recorded; the seller
// ends the show and finds it in past shows with its duration.
//
// Once per run (phone viewport, mobile first): it drives two browsers and a 10-second auction.

test('a seller runs a live auction with video; a buyer watches, comments and wins it @phone-only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two video pages and a studio: room for the shared two-core machine when another video test runs beside it.
  test.setTimeout(240_000);
  const seller = await sellerWithPickupAddress(page, request, 'live');
  const show = await scheduleAuction(request, seller.headers, {
    title: 'Aso-oke evening auction',
    product: 'Aso-oke wrapper',
  });

  // The studio: the fake camera starts; Go Live starts the show and publishes.
  await page.goto(`/dashboard/live-streams/live-stream-studio/${show._id}`);
  await expect(page.getByRole('heading', { name: show.title })).toBeVisible();
  const goLive = page.getByRole('button', { name: 'Go Live' });
  await expect(goLive).toBeEnabled({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'the studio');
  await goLive.click();
  await expect(page.getByText('Livestream started successfully')).toBeVisible();
  await expect(page.getByText('LIVE', { exact: true })).toBeVisible();

  // A buyer, in a browser of their own, opens the link from WhatsApp and gets the seller's video.
  const buyerContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/watch/${show._id}`);
  await expect(buyer.getByRole('heading', { name: show.title })).toBeVisible({ timeout: 30_000 });
  const video = buyer.getByLabel(`Live video: ${show.title}`);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: 20_000,
      message: 'video frames',
    })
    .toBeGreaterThan(0);
  await expect(page.getByRole('status', { name: '1 watching' })).toBeVisible();

  // issue 20: the studio counts the data the show's video has used (WebRTC getStats), which grows
  // once a viewer receives it.
  const dataUsed = page.getByText(/^Data used this show: [\d.]+ MB$/);
  await expect
    .poll(async () => Number((await dataUsed.textContent())?.match(/([\d.]+) MB/)?.[1] ?? 0), {
      timeout: 20_000,
      message: 'data used',
    })
    .toBeGreaterThan(0);

  // The buyer signs up in the sheet and comments; the comment reaches the studio.
  await buyer.getByRole('button', { name: 'Log in to comment and bid' }).click();
  const sheet = buyer.getByRole('dialog');
  await sheet.getByRole('tab', { name: 'Sign up' }).click();
  const email = `buyer-${Date.now().toString(36)}@example.ng`;
  await sheet.getByLabel('Name').fill('Chioma Okafor');
  await sheet.getByLabel('Email').fill(email);
  await sheet.getByLabel('Password', { exact: true }).fill('Lekki2026market');
  await sheet.getByRole('button', { name: 'Sign up' }).click();
  await expect(sheet).toBeHidden();
  await expectNoSeriousA11yViolations(buyer, 'the watch page');
  await buyer.getByRole('textbox', { name: 'Comment' }).fill('Is it the real Iseyin aso-oke?');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByText('Is it the real Iseyin aso-oke?')).toBeVisible();

  await page.getByRole('tab', { name: /Chat/ }).click();
  await expect(
    page.getByRole('list', { name: 'Comments' }).getByText('Is it the real Iseyin aso-oke?'),
  ).toBeVisible();

  // The seller opens bidding; the buyer bids the minimum; the 10-second clock runs out.
  await page.getByRole('tab', { name: /Products/ }).click();
  const product = page.getByRole('listitem', { name: 'Aso-oke wrapper' });
  await product.getByRole('button', { name: 'Activate bidding' }).click();
  await expect(page.getByText('Product bidding activated successfully')).toBeVisible();

  const bidding = buyer.getByRole('region', { name: 'Bidding' });
  await expect(bidding.getByRole('timer')).toBeVisible();
  await bidding.getByRole('button', { name: 'Bid ₦5,000' }).click();
  await expect(bidding.getByText('You are the highest bidder')).toBeVisible();
  await expect(product.getByText('by Chioma Okafor')).toBeVisible();

  await expect(page.getByText('Sold to Chioma Okafor!')).toBeVisible({ timeout: 20_000 });
  await expect(product.getByText('Won by Chioma Okafor for ₦5,000.00')).toBeVisible();
  await expect(bidding.getByText('You won!')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the studio with a winner');

  // The sale is an order awaiting payment, and the seller was told.
  const notifications = await request.get('/api/notifications?limit=20', { headers: seller.headers });
  const { notifications: list } = (await notifications.json()) as {
    notifications: { type: string; data: { orderId?: string | null } | null }[];
  };
  expect(list.some((n) => n.type === 'new_order' && n.data?.orderId)).toBe(true);

  // End Show, confirmed: the show is in past shows with its duration.
  await page.getByRole('button', { name: 'End Show' }).click();
  await page
    .getByRole('dialog', { name: 'End this show?' })
    .getByRole('button', { name: 'End Show' })
    .click();
  await expect(page.getByText('Livestream ended successfully')).toBeVisible();
  // issue 21: the studio opens the show's own past page (its replay and summary); the list has it too.
  await expect(page).toHaveURL(/\/dashboard\/live-streams\/past-shows\/[0-9a-f-]+$/);
  await page.goto('/dashboard/live-streams/past-shows');
  const past = page.getByRole('article', { name: show.title });
  await expect(past).toBeVisible();
  await expect(past.getByText(/^\d+ minutes?$/)).toBeVisible();

  // The watch page follows: the show has ended.
  await expect(buyer.getByText('This show has ended')).toBeVisible();
  await buyerContext.close();
});
