import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 8's scheduling journey: a seller sets up a live auction in the wizard (details, cover,
// a product with its auction settings, a start time), reviews and submits it, and finds it in
// scheduled shows with a link to share; the draft survives a reload on the way.

/** A fresh approved seller with a pickup address and one product set up for auction, logged in. */
async function auctionSeller(page: Page, request: APIRequestContext, productName: string) {
  const { headers } = await sellerWithPickupAddress(page, request, 'live');

  const catalogue = await request.get('/api/categories');
  const { categories } = (await catalogue.json()) as {
    categories: Array<{ _id: string; name: string; subCategories: Array<{ _id: string }> }>;
  };
  const category = categories.find((c) => c.subCategories.length > 0);
  if (!category) throw new Error('the catalogue has no category with sub-categories');
  const created = await request.post('/api/products', {
    headers,
    data: {
      name: productName,
      categoryId: category._id,
      subCategoryId: category.subCategories[0]?._id,
      price: 45000,
      stock: 1,
      saleType: { buyNow: false, auction: { startingBid: 20000 } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  return { categoryName: category.name };
}

/** 'YYYY-MM-DDTHH:mm' for a datetime-local box, in the browser's time zone, days from now at 19:30. */
async function localStart(page: Page, daysAhead: number) {
  return page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    d.setHours(19, 30, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, daysAhead);
}

test('a seller schedules a live auction and gets a link to share', async ({ page, request }) => {
  test.setTimeout(90_000);
  const productName = `Aso-oke set ${Date.now().toString(36)}`;
  const title = `Friday auction ${Date.now().toString(36)}`;
  const { categoryName } = await auctionSeller(page, request, productName);

  await page.goto('/dashboard/live-streams/live-stream');
  await expect(page.getByRole('heading', { name: 'Upcoming shows' })).toBeVisible();
  await expect(page.getByText('No shows scheduled.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'live-stream');
  await page.getByRole('link', { name: /Auctions/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/live-streams\/create-live-auction$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Live Auction');

  // Details, checked before Next lets the seller on.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'create live auction: details with errors');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Hand-woven aso-oke, one of a kind.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await page.getByLabel('Tags').fill('asooke,');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=media$/);

  // Media: the cover uploads at once.
  const cover = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#3d405b' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Choose cover photo')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByRole('button', { name: 'Remove cover photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your show’s cover' })).toBeVisible();

  // A reload keeps the draft.
  await page.reload();
  await expect(page.getByText(/We kept your draft from/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove cover photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=products$/);

  // Products: the seller's auction product, with its own settings.
  await page.getByRole('button', { name: `Add ${productName}` }).click();
  await page.getByRole('button', { name: new RegExp(`^Auction settings for ${productName}`) }).click();
  const settings = page.getByRole('group', { name: `Auction settings for ${productName}` });
  await expect(settings.getByLabel('Starting bid')).toHaveValue('20000');
  await settings.getByLabel('Duration').fill('45');
  await settings.getByLabel('Reserve price').fill('30000');
  await expectNoSeriousA11yViolations(page, 'create live auction: products');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule$/);

  await page.getByLabel('Start date and time').fill(await localStart(page, 2));
  await expect(page.getByText(/\(Lagos time\)/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'create live auction: schedule');
  await page.getByRole('button', { name: 'Review' }).click();

  await expect(page).toHaveURL(/\/dashboard\/live-streams\/submit-live-show\?type=live_auction$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(
    page.getByText(/Starting bid ₦20,000.00 · 45 s · counter-bid 10 s · reserve ₦30,000.00/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'submit live show');
  await page.getByRole('button', { name: 'Schedule show' }).click();

  await expect(page.getByText('Livestream scheduled successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/live-streams\/scheduled-shows$/);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(card.getByText('1 product')).toBeVisible();
  const link = await card.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/watch\/[0-9a-f-]{36}$/);
  const whatsApp = await card.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');
  expect(decodeURIComponent(whatsApp?.replace('https://wa.me/?text=', '') ?? '')).toContain(link);
  await card.getByRole('button', { name: 'QR code' }).click();
  await expect(card.getByRole('img', { name: `QR code for ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'scheduled shows');

  // The draft is gone: a new auction starts empty.
  await page.goto('/dashboard/live-streams/create-live-auction');
  await expect(page.getByLabel('Title')).toHaveValue('');
});

test('"Submit and go live" opens the studio with the show live, as the button says @phone-only', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['camera', 'microphone']);
  const productName = `Gele ${Date.now().toString(36)}`;
  const title = `Right now ${Date.now().toString(36)}`;
  const { categoryName } = await auctionSeller(page, request, productName);

  await page.goto('/dashboard/live-streams/create-live-auction');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=media$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: `Add ${productName}` }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=schedule$/);
  await page.getByLabel(/Start immediately/).check();
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Submit and go live' }).click();

  await expect(page).toHaveURL(/\/dashboard\/live-streams\/live-stream-studio\/[0-9a-f-]{36}$/);
  // Live without a second tap on Go Live.
  await expect(page.getByText('Livestream started successfully')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('LIVE', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'End Show' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Live' })).toHaveCount(0);
  const streamId = page.url().split('/').pop() ?? '';
  const answer = await request.get(`/api/streams/${streamId}`);
  expect(((await answer.json()) as { stream: { status: string } }).stream.status).toBe('live');
  // A reload finds it live and does not start it again.
  await page.reload();
  await expect(page.getByText('LIVE', { exact: true })).toBeVisible();
});
