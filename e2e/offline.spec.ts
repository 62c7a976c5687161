import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 20: the app opens with no connection after a first visit, and a product saved offline,
// photo included, waits on the phone (through a reload) and goes up when the connection returns.

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();

/** Waits until the service worker is installed and this page is one it controls. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('the app shell and the last-seen dashboard open with no connection, marked offline with the time', async ({
  page,
  context,
  request,
}) => {
  await sellerWithPickupAddress(page, request, 'offline-shell');
  await page.goto('/dashboard/home');
  // The first visit downloads the app while the worker fetches its precache: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Offline/)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Offline — showing data from \d{1,2}:\d{2}/ }),
  ).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/Offline — showing/)).toHaveCount(0);
});

test('a product with a photo saved offline waits on the phone through a reload, then uploads when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await sellerWithPickupAddress(page, request, 'offline-draft');
  const name = `Adire scarf ${Date.now().toString(36)}`;

  // A first visit online: the worker installs, and the form's categories are seen once.
  await page.goto('/dashboard/products');
  await expect(page.getByText('No products yet')).toBeVisible({ timeout: 30_000 });
  await underServiceWorker(page);
  await page.goto('/dashboard/add-products');
  await expect(
    page.getByLabel('Category', { exact: true }).locator('option', { hasText: 'Fashion' }),
  ).toBeAttached();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion' });
  await page.getByLabel('Sub-category').selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill('4500');
  await page
    .getByLabel('Choose photos')
    .setInputFiles([{ name: 'scarf.png', mimeType: 'image/png', buffer: await photo() }]);
  await expect(page.locator('figure').getByText('Waiting to upload')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();

  await expect(page).toHaveURL(/\/dashboard\/products/);
  const waiting = page.getByRole('region', { name: 'Waiting to upload' });
  await expect(waiting.getByText(name)).toBeVisible();
  await expect(waiting.getByText('Waiting to upload')).toBeVisible();
  await expect(waiting.locator('img')).toHaveJSProperty('complete', true);

  // A closed tab or a reload loses nothing.
  await page.reload();
  await expect(waiting.getByText(name)).toBeVisible();

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  const row = page.locator('tr, li').filter({ has: page.getByRole('button', { name: `Delete ${name}` }) });
  await expect(row).toBeVisible();
  await expect(row.locator('img').first()).toHaveAttribute('src', /\/api\/media\/products\//);
  await expect
    .poll(() =>
      row
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
});
