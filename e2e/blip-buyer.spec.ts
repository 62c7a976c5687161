import fs from 'node:fs';
import { devices, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { sellerWithPickupAddress } from './support/sellers';

// The buyer side of blips: a seller shares a blip's public page; a buyer opens it in a browser of
// their own (the view is counted), signs up, likes and comments; the seller's blip details then
// show the view, the like and the comment, and the seller's reply reaches the buyer's page.

const VIDEO = 'apps/server/fixtures/videos/blip.webm';

test('a buyer watches a shared blip, signs up, likes and comments; the seller sees the counts and answers', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const seller = await sellerWithPickupAddress(page, request, 'blipbuyer');

  // The product and its blip are the subject, not the journey: made through the API.
  const { categories } = (await (await request.get('/api/categories')).json()) as {
    categories: Array<{ _id: string; subCategories: Array<{ _id: string }> }>;
  };
  const category = categories.find((c) => c.subCategories.length > 0);
  if (!category) throw new Error('the catalogue has no category with sub-categories');
  const productName = `Adire kaftan ${Date.now().toString(36)}`;
  const product = await request.post('/api/products', {
    headers: seller.headers,
    data: {
      name: productName,
      categoryId: category._id,
      subCategoryId: category.subCategories[0]?._id,
      price: 18500,
      stock: 5,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = (await product.json()).product._id as string;
  const uploaded = await request.post(`/api/products/${productId}/blips`, {
    headers: seller.headers,
    multipart: {
      caption: 'Hand-dyed in Abeokuta, all sizes',
      video: { name: 'blip.webm', mimeType: 'video/webm', buffer: fs.readFileSync(VIDEO) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const blipId = (await uploaded.json()).blip._id as string;

  // The seller's blip details: nobody has watched yet, and there is a link to share.
  await page.goto(`/dashboard/blips?product=${productId}&blip=${blipId}`);
  const details = page.getByRole('region', { name: 'Blip' });
  await expect(details.getByText('0 views', { exact: true })).toBeAttached();
  const shareLink = await page.getByLabel('Share link').inputValue();
  expect(new URL(shareLink).pathname).toBe(`/watch/blips/${blipId}`);

  // A buyer opens the link on a device of their own.
  const device = testInfo.project.name === 'phone' ? devices['Pixel 7'] : devices['Desktop Chrome'];
  const buyerContext = await browser.newContext({ ...device, baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(shareLink).pathname);
  const blip = buyer.getByRole('region', { name: 'Blip' });
  await expect(blip.getByRole('heading', { name: productName })).toBeVisible();
  await expect(blip.getByText('₦18,500.00')).toBeVisible();
  await expect(blip.getByText('Hand-dyed in Abeokuta, all sizes')).toBeVisible();
  // The video plays by itself (muted), and its first play counts the view.
  await expect(blip.getByText('1 view', { exact: true })).toBeAttached({ timeout: 15_000 });
  expect(await buyer.getByLabel(`Blip of ${productName}`).evaluate((v: HTMLVideoElement) => v.paused)).toBe(
    false,
  );
  await expectNoSeriousA11yViolations(buyer, 'the public blip page');

  // Liking asks the visitor to sign up; the like is made once they have.
  await blip.getByRole('button', { name: 'Like' }).click();
  await expect(buyer.getByRole('dialog', { name: 'Log in to like and comment' })).toBeVisible();
  // The sheet's title follows its tab, so it is found by role alone from here.
  const sheet = buyer.getByRole('dialog');
  await sheet.getByRole('tab', { name: 'Sign up' }).click();
  await sheet.getByRole('textbox', { name: 'Name' }).fill('Chioma Okafor');
  await sheet.getByRole('textbox', { name: 'Email' }).fill(`blipbuyer-${Date.now().toString(36)}@example.ng`);
  await sheet.getByLabel('Password', { exact: true }).fill('Lekki2026market');
  await expectNoSeriousA11yViolations(buyer, 'the buyer sign-up sheet');
  await sheet.getByRole('button', { name: 'Sign up' }).click();
  await expect(sheet).toBeHidden();
  await expect(blip.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await expect(blip.getByText('1 like', { exact: true })).toBeAttached();

  const comments = buyer.getByRole('region', { name: /Comments/ });
  await comments.getByRole('textbox', { name: 'Add a comment' }).fill('Do you have this in size 14?');
  await comments.getByRole('button', { name: 'Post comment' }).click();
  await expect(comments.getByRole('article', { name: 'Comment by Chioma Okafor' })).toContainText(
    'Do you have this in size 14?',
  );
  await expectNoSeriousA11yViolations(buyer, 'the public blip page with a comment');

  // The like is stored: a reload shows it pressed, and the same viewer is not counted twice.
  await buyer.reload();
  await expect(blip.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
  await expect(blip.getByText('1 view', { exact: true })).toBeAttached();

  // The seller's blip details count the real view, like and comment, and the seller answers.
  await page.reload();
  await expect(details.getByText('1 view', { exact: true })).toBeAttached();
  await expect(details.getByText('1 like', { exact: true })).toBeAttached();
  await expect(details.getByText('1 comment', { exact: true })).toBeAttached();
  const comment = page.getByRole('article', { name: 'Comment by Chioma Okafor' });
  await expect(comment.getByText('Do you have this in size 14?')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'blip details with a buyer comment');
  await comment.getByRole('button', { name: 'Reply to Chioma Okafor' }).click();
  await comment.getByRole('textbox', { name: 'Reply to Chioma Okafor' }).fill('Yes, sizes 12 to 16.');
  await comment.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply added successfully')).toBeVisible();

  // The seller was told about the like and the comment.
  const notified = await request.get('/api/notifications', { headers: seller.headers });
  const types = ((await notified.json()).notifications as Array<{ type: string }>).map((n) => n.type);
  expect(types).toEqual(expect.arrayContaining(['blip_like', 'blip_comment']));

  // The buyer sees the seller's answer under the comment.
  await buyer.reload();
  const thread = comments.getByRole('list', { name: 'Replies to Chioma Okafor' });
  await expect(thread.getByText('Yes, sizes 12 to 16.')).toBeVisible();
  await buyerContext.close();
});
