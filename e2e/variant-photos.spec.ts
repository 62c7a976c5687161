import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sellerWithPickupAddress } from './support/sellers';

// A variant's photos: a colour gets one of the product's photos, a combination gets one uploaded in
// the picker; both are saved with the product and the edit form shows them back.

const photo = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

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

/** The photo a variant's grid button shows (its own, or its colour's, faded). */
const shownBy = (page: Page, label: string) =>
  page.getByRole('button', { name: `Photos for ${label}`, exact: true }).locator('img');

/** The stored photo an image shows, whichever of its sizes the slot asked for (issue 20). */
const photoOf = async (img: Locator) =>
  ((await img.getAttribute('src')) ?? '').replace(/\.w\d+\.(webp|avif)$/, '.webp');
const expectShows = (img: Locator, url: string) => expect.poll(() => photoOf(img)).toBe(url);

test('a colour and a combination get photos, are saved, and the edit form shows them back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await sellerWithPickupAddress(page, request, 'variantphotos');
  const name = `Ankara gown ${Date.now().toString(36)}`;

  await page.goto('/dashboard/add-products');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion' });
  await page.getByLabel('Sub-category').selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill('21000');
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await photo('#c2410c') },
    { name: 'back.png', mimeType: 'image/png', buffer: await photo('#1d4ed8') },
  ]);
  await expect(page.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  await addOption(page, 'Colour', ['Red', 'Blue']);
  await addOption(page, 'Size', ['M', 'L']);
  await expect(page.getByRole('heading', { name: 'Photos by Colour' })).toBeVisible();

  // Red: one of the product's photos.
  const redButton = page.getByRole('button', { name: 'Photos for Red', exact: true });
  await redButton.click();
  const red = page.getByRole('dialog', { name: 'Photos for Red' });
  await expect(red).toBeVisible();
  await expect(red.getByRole('button', { name: 'Photo 1' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'variant photo picker');
  // The picker offers the product's photos as uploaded (the form's own grid shows local previews).
  const backTile = red.getByRole('button', { name: 'Photo 2' }).locator('img');
  await expect(backTile).toHaveAttribute('src', /^\/api\/media\/products\//);
  const back = await photoOf(backTile);
  await red.getByRole('button', { name: 'Photo 2' }).click();
  await expect(red.getByRole('button', { name: 'Photo 2' })).toHaveAttribute('aria-pressed', 'true');
  await red.getByRole('button', { name: 'Done' }).click();
  await expect(red).toBeHidden();
  await expect(redButton).toBeFocused();
  await expectShows(shownBy(page, 'Red'), back);
  // Its combinations show it until they have their own.
  await expectShows(shownBy(page, 'Red / M'), back);

  // Escape leaves a variant as it was.
  await page.getByRole('button', { name: 'Photos for Blue', exact: true }).click();
  const blue = page.getByRole('dialog', { name: 'Photos for Blue' });
  await blue.getByRole('button', { name: 'Photo 1' }).click();
  await page.keyboard.press('Escape');
  await expect(blue).toBeHidden();
  await expect(shownBy(page, 'Blue')).toHaveCount(0);

  // Blue / L: a photo uploaded in the picker, with its progress bar.
  await page.getByRole('button', { name: 'Photos for Blue / L', exact: true }).click();
  const blueL = page.getByRole('dialog', { name: 'Photos for Blue / L' });
  await blueL.getByLabel('Upload photos').setInputFiles({
    name: 'blue-l.png',
    mimeType: 'image/png',
    buffer: await photo('#0f766e'),
  });
  await expect(blueL.getByRole('button', { name: 'Photo 3' })).toHaveAttribute('aria-pressed', 'true');
  await expect(blueL.getByRole('progressbar')).toHaveCount(0);
  await blueL.getByRole('button', { name: 'Done' }).click();
  await expect(blueL).toBeHidden();
  const blueLPhoto = shownBy(page, 'Blue / L');
  await expect(blueLPhoto).toHaveAttribute('src', /\/api\/media\/products\//);
  const uploaded = await photoOf(blueLPhoto);
  expect(uploaded).not.toBe(back);
  await expectNoSeriousA11yViolations(page, 'add product with variant photos');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  // What the server stored.
  const list = await request.get(
    `/api/products/seller/${seller.sellerId}?search=${encodeURIComponent(name)}`,
    {
      headers: seller.headers,
    },
  );
  const [stored] = (await list.json()).products;
  expect(
    stored.variants.map((v: { value: string; images: string[]; subVariants: { images: string[] }[] }) => [
      v.value,
      v.images,
      v.subVariants.map((s) => s.images),
    ]),
  ).toEqual([
    ['Red', [back], [[], []]],
    ['Blue', [], [[], [uploaded]]],
  ]);

  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Product');
  await expectShows(shownBy(page, 'Red'), back);
  await expectShows(shownBy(page, 'Blue / L'), uploaded);
  await page.getByRole('button', { name: 'Photos for Red', exact: true }).click();
  const again = page.getByRole('dialog', { name: 'Photos for Red' });
  await expect(again.getByRole('button', { name: 'Photo 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(again.getByRole('button', { name: 'Photo 1' })).toHaveAttribute('aria-pressed', 'false');
  // Taking Red's photo away on the edit form saves it that way.
  await again.getByRole('button', { name: 'Remove all' }).click();
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(shownBy(page, 'Red')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  const after = await request.get(`/api/products/${stored._id}`, { headers: seller.headers });
  expect((await after.json()).variants.map((v: { images: string[] }) => v.images)).toEqual([[], []]);
});
