import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 7's journeys: a product with three option levels and two photos from the form to the list,
// an edit and a delete; then a draft that survives a reload, is saved, resumed and published.

const photo = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

async function fillBasics(page: Page, name: string, price: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion' });
  await page.getByLabel('Sub-category').selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill(price);
}

async function addOption(page: Page, name: string, values: string[]) {
  await page.getByRole('button', { name: /^Add (another )?option$/ }).click();
  const group = page.getByRole('group', { name: /^New option/ });
  await group.getByRole('textbox', { name: 'Option name' }).fill(name);
  const valuesBox = group.getByRole('textbox', { name: 'Values' });
  for (const value of values) {
    await valuesBox.fill(value);
    await valuesBox.press('Enter');
  }
  await group.getByRole('button', { name: 'Add option' }).click();
  await expect(page.getByRole('group', { name: new RegExp(`^Option \\d: ${name}$`) })).toBeVisible();
}

/** The product's row (desktop table) or card (phone). */
const listed = (page: Page, name: string) =>
  page.locator('tr, li').filter({ has: page.getByRole('button', { name: `Delete ${name}` }) });

test('a product with three option levels and two photos: listed with its stock, edited, deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await sellerWithPickupAddress(page, request, 'products');
  const name = `Ankara wrap dress ${Date.now().toString(36)}`;

  await page.goto('/dashboard/products');
  await expect(page.getByText('No products yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'products (empty)');
  await page.getByRole('link', { name: 'Add product' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product');
  await expectNoSeriousA11yViolations(page, 'add product');

  await fillBasics(page, name, '15000');
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await photo('#c2410c') },
    { name: 'back.png', mimeType: 'image/png', buffer: await photo('#1d4ed8') },
  ]);
  await expect(page.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText('Cover', { exact: true })).toBeVisible();
  // Reordering by keyboard: the second photo becomes the cover.
  const tiles = page.locator('figure img');
  const second = await tiles.nth(1).getAttribute('src');
  const handle = page.getByRole('button', { name: 'Reorder photo 2', exact: true });
  await handle.focus();
  // Each step waits for the sensor to answer (it measures the grid between keys).
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The sensor ignores an arrow that arrives before it has measured the grid (a person is slower).
  await expect(async () => {
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Photo 2 is over position 1.')).toBeAttached({ timeout: 500 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(page.getByText('Photo 2 moved to position 1.')).toBeAttached();
  await expect(tiles.first()).toHaveAttribute('src', second ?? '');

  await addOption(page, 'Colour', ['Red', 'Blue']);
  await addOption(page, 'Size', ['M', 'XL']);
  await addOption(page, 'Fabric', ['Cotton']);
  await expect(page.getByText('4 combinations')).toBeVisible();
  await page.getByLabel('Stock for all').fill('3');
  await page.getByRole('button', { name: 'Apply to all' }).click();
  await page.getByRole('textbox', { name: 'Stock for Blue / XL / Cotton' }).fill('5');
  await expect(page.getByText('Total stock: 14')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SKU for Blue / XL / Cotton' })).toHaveValue(
    'BLUE-XL-COTTON',
  );
  await expectNoSeriousA11yViolations(page, 'add product with variants');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  const row = listed(page, name);
  await expect(row).toContainText('14');
  await expect(row).toContainText('in 4 variants');
  await expect(row).toContainText('₦15,000.00');
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/media\/products\//);
  // The cover comes at the size the row needs (issue 20): the browser picks from AVIF and WebP
  // srcsets, and what it picked is a small AVIF that loads.
  const cover = row.locator('img');
  await expect(cover).toHaveAttribute('srcset', /\.w160\.webp 160w, .*\.w1080\.webp 1080w$/);
  await expect(row.locator('picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\.w320\.avif 320w/,
  );
  await expect
    .poll(() =>
      cover.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : '')),
    )
    .toMatch(/\/api\/media\/products\/[0-9a-f-]+\/[0-9a-f-]+\.w(160|320)\.avif$/);
  await expectNoSeriousA11yViolations(page, 'products');

  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Product');
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('15000');
  await expect(page.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'edit product');
  await price.fill('17500');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(listed(page, name)).toContainText('₦17,500.00');
  await expect(listed(page, name)).toContainText('14');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete product?' });
  await expectNoSeriousA11yViolations(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} has been deleted successfully`)).toBeVisible();
  await expect(listed(page, name)).toHaveCount(0);
  await expect(page.getByText('No products yet')).toBeVisible();
});

test('a draft survives a reload, is saved, resumed and published', async ({ page, request }) => {
  test.setTimeout(60_000);
  await sellerWithPickupAddress(page, request, 'products');
  const name = `Adire shirt ${Date.now().toString(36)}`;

  await page.goto('/dashboard/add-products');
  await fillBasics(page, name, '8000');
  await page.getByLabel('Tags').fill('adire');
  await page.getByLabel('Tags').press('Enter');
  // The form is written to the device half a second after the last change.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('productDraft.'))))
    .toBe(true);

  await page.reload();
  await expect(page.getByText('Restored your unsaved changes')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('8000');
  await expect(page.getByRole('button', { name: 'Remove tag adire' })).toBeVisible();

  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/drafts$/);
  await expect(page.getByRole('link', { name: `Resume ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'drafts');

  await page.reload();
  // Saved on the server now, so no unsaved copy is offered any more.
  await expect(page.getByRole('link', { name: 'Unsaved draft — continue' })).toHaveCount(0);
  await page.getByRole('link', { name: `Resume ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Product');
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(listed(page, name)).toContainText('Active');
});
