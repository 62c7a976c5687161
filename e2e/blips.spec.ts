import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sellerWithPickupAddress } from './support/sellers';
import { adminComment } from './support/server';

// Issue 7's blip journey: a seller uploads a blip of one of their products, a buyer comments on it
// (through the admin command, as buyer accounts are another issue's), and the seller replies.

const VIDEO = 'apps/server/fixtures/videos/blip.webm';

test('a seller uploads a blip, opens it, sees a buyer comment and replies', async ({ page, request }) => {
  test.setTimeout(90_000);
  // Writing products and blips needs a verified e-mail and a pickup address (SPEC section 5).
  const { headers } = await sellerWithPickupAddress(page, request, 'blips');

  // The product is the blip's subject, not the journey: made through the API.
  const catalogue = await request.get('/api/categories');
  const { categories } = (await catalogue.json()) as {
    categories: Array<{ _id: string; subCategories: Array<{ _id: string }> }>;
  };
  const category = categories.find((c) => c.subCategories.length > 0);
  if (!category) throw new Error('the catalogue has no category with sub-categories');
  const productName = `Adire kaftan ${Date.now().toString(36)}`;
  const created = await request.post('/api/products', {
    headers,
    data: {
      name: productName,
      categoryId: category._id,
      subCategoryId: category.subCategories[0]?._id,
      price: 18500,
      stock: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/dashboard/blips');
  await expect(page.getByRole('heading', { name: 'No blips yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'blips (empty)');

  await page.getByRole('button', { name: 'Upload blip' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload blip' });
  await dialog.getByLabel('Search products').fill('kaftan');
  await dialog.getByRole('radio', { name: new RegExp(productName) }).check();
  await dialog.getByLabel('Video').setInputFiles(VIDEO);
  // The browser read the video's length and drew a poster frame before anything is sent.
  await expect(dialog.getByLabel('Preview of the chosen video')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByAltText('Poster frame')).toBeVisible();
  await dialog.getByLabel('Caption').fill('Hand-dyed in Abeokuta, all sizes');
  await expectNoSeriousA11yViolations(page, 'upload blip dialog');
  await dialog.getByRole('button', { name: 'Upload blip' }).click();

  await expect(page.getByText('Blip uploaded successfully')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  const card = page.getByRole('link', { name: new RegExp(productName) });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/media\/blips\//);

  const href = (await card.getAttribute('href')) ?? '';
  const blipId = new URL(href, 'http://x').searchParams.get('blip') ?? '';
  expect(blipId).not.toBe('');
  await adminComment(blipId, 'Chioma Eze', 'Do you have this in size 14?');

  await card.click();
  await expect(page.getByLabel(`Blip of ${productName}`)).toBeVisible();
  const comment = page.getByRole('article', { name: 'Comment by Chioma Eze' });
  await expect(comment.getByText('Do you have this in size 14?')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'blip details');

  await comment.getByRole('button', { name: 'Reply to Chioma Eze' }).click();
  await comment
    .getByRole('textbox', { name: 'Reply to Chioma Eze' })
    .fill('Yes, sizes 12 to 16 are in stock.');
  await comment.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply added successfully')).toBeVisible();
  await expect(comment.getByText('Yes, sizes 12 to 16 are in stock.')).toBeVisible();
  await expect(comment.getByText('1 reply')).toBeVisible();

  // The reply was stored: it is still there after a reload.
  await page.reload();
  await expect(
    page
      .getByRole('article', { name: 'Comment by Chioma Eze' })
      .getByText('Yes, sizes 12 to 16 are in stock.'),
  ).toBeVisible();

  // Back returns to the grid.
  await page.getByRole('button', { name: 'All blips' }).click();
  await expect(page).toHaveURL(/\/dashboard\/blips$/);
  await page.getByRole('link', { name: new RegExp(productName) }).click();

  await page.getByRole('button', { name: 'Delete blip' }).click();
  await page.getByRole('dialog', { name: 'Delete blip?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Blip deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No blips yet' })).toBeVisible();
});
