import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import {
  buyerAccount,
  buyNowProduct,
  saveDeliverySettings,
  showOffering,
  storeBuyerSession,
} from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 15's Returns Center journey on the real server: a buyer collects an order, asks to return it
// with a photo; the seller asks a question, the buyer answers, the seller approves, the buyer sends
// it back, the seller marks it received and refunds part of it. Seller and buyer share one browser
// (their log-ins sit under separate keys), as in checkout.spec.ts.

// A 64 x 64 PNG: the server decodes every return photo, so it must be a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKqCmznqUrYh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHoOP8PFjo5H/AAAAAElFTkSuQmCC',
  'base64',
);

// The journey crosses two apps and a dozen screens; on a loaded CI machine the dashboard's first
// screen alone can take longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const shots = process.env.RETURNS_SHOTS;
async function shot(page: Page, name: string) {
  if (shots)
    await page.screenshot({ path: `${shots}/real-${name}-${test.info().project.name}.png`, fullPage: true });
}

test('a buyer returns part of a collected order with a photo; the seller asks, approves, receives and refunds part', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const seller = await sellerWithPickupAddress(page, request, 'returns');
  await saveDeliverySettings(request, seller.headers, { pickup: { enabled: true } });
  const productName = `Aso-oke gele ${Date.now().toString(36)}`;
  const productId = await buyNowProduct(request, seller.headers, {
    name: productName,
    price: 12000,
    stock: 4,
  });
  const show = await showOffering(request, seller.headers, { title: 'Gele Friday', productIds: [productId] });

  // The buyer buys it now for store pickup and pays with the test card.
  const buyer = await buyerAccount(request, 'returns', 'Chidi Okafor');
  await storeBuyerSession(page, buyer);
  await page.goto(`/watch/${show._id}`);
  await page.getByRole('button', { name: 'Shop · 1 product' }).click();
  await page.getByRole('button', { name: `Buy ${productName} now` }).click();
  await page
    .getByRole('dialog', { name: productName })
    .getByRole('button', { name: 'Continue to checkout' })
    .click();
  await page.getByRole('radio', { name: /Store pickup/ }).check();
  await page.getByRole('textbox', { name: 'Full name' }).fill(buyer.name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await page.getByRole('button', { name: 'Pay ₦12,000.00' }).click();
  await page.getByRole('button', { name: 'Pay with test card' }).click();
  await expect(page).toHaveURL(/\/my-orders\/[^/?]+\?reference=/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const code = (await page.getByText(/^\d{6}$/).textContent()) ?? '';

  // The seller hands it over at the counter.
  for (const data of [{ action: 'ready_for_pickup' }, { action: 'picked_up', pickupCode: code }]) {
    const answer = await request.post(`/api/orders/${orderId}/actions`, { headers: seller.headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
  }

  // The buyer's order page offers a return; the request checks, then sends with a photo.
  await page.goto(`/my-orders/${orderId}`);
  await page.getByRole('link', { name: 'Return an item' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-orders/${orderId}/return$`));
  await expect(page.getByRole('checkbox', { name: new RegExp(productName) })).toBeChecked();
  await page.getByRole('button', { name: /Request return/ }).click();
  await expect(page.getByText('Choose a reason')).toBeVisible();
  await page.getByLabel('Arrived damaged').check();
  await page
    .getByLabel('Tell the seller what happened (optional)')
    .fill('The gold thread is pulled on one side.');
  await page.getByLabel('Add photo').setInputFiles({ name: 'gele.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('1 of 5 photos')).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeHidden();
  await shot(page, 'buyer-request');
  await expectNoSeriousA11yViolations(page, 'the return request');
  await page.getByRole('button', { name: 'Request return · ₦12,000.00' }).click();
  // Creating the return commits the request, its photos and the seller's notification at once.
  await expect(page).toHaveURL(/\/my-returns\/[^/?]+$/);
  const returnId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: /^Return RTN-/ })).toBeVisible();
  const number = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Return ', '');

  // The seller finds it under Requested, with its deadline, and asks a question.
  await page.goto('/dashboard/returns');
  const link = page.getByRole('link', { name: number });
  await expect(link).toBeVisible();
  await expect(page.getByRole('tab', { name: /Requested 1/ })).toBeVisible();
  await shot(page, 'seller-list');
  await expectNoSeriousA11yViolations(page, 'the Returns Center');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/return/${returnId}$`));
  await expect(
    page
      .getByRole('region', { name: 'The buyer’s request' })
      .getByText('The gold thread is pulled on one side.'),
  ).toBeVisible();
  await page
    .getByRole('list', { name: 'The buyer’s photos' })
    .getByRole('button', { name: 'Enlarge photo 1 of 1' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 1' }).getByRole('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'seller-return');
  await expectNoSeriousA11yViolations(page, 'the Return screen');
  await page.getByRole('button', { name: 'Ask for information' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for information' });
  await ask.getByLabel('Your question').fill('Is the pull on the front or the back?');
  await ask.getByRole('button', { name: 'Send question' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText('Waiting for the buyer', { exact: true }).first()).toBeVisible();

  // The buyer answers in the thread.
  await page.goto(`/my-returns/${returnId}`);
  await expect(page.getByText('Is the pull on the front or the back?')).toBeVisible();
  const reply = page.getByLabel('Reply to the seller');
  await reply.fill('On the back, near the knot.');
  await page.getByRole('button', { name: 'Send' }).click();
  // Sent: the box is cleared and the reply is in the thread (leaving before would cancel the send).
  await expect(reply).toHaveValue('');
  await expect(page.getByRole('listitem').filter({ hasText: 'On the back, near the knot.' })).toBeVisible();

  // The seller approves: the buyer sends it back.
  await page.goto(`/dashboard/return/${returnId}`);
  await expect(page.getByText('On the back, near the knot.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve return' });
  await approve.getByRole('radio', { name: /Buyer sends it back/ }).check();
  await approve.getByRole('button', { name: 'Approve return' }).click();
  await expect(approve).toBeHidden();

  await page.goto(`/my-returns/${returnId}`);
  await page.getByRole('button', { name: 'I’ve sent it back' }).click();
  const sent = page.getByRole('dialog', { name: 'You sent it back' });
  await sent.getByLabel('Carrier (optional)').fill('GIG Logistics');
  await sent.getByLabel('Tracking number (optional)').fill('GIG-449120');
  await sent.getByRole('button', { name: 'Tell the seller' }).click();
  await expect(page.getByText('The item is on its way back to the seller.')).toBeVisible();
  await shot(page, 'buyer-return');
  await expectNoSeriousA11yViolations(page, 'the buyer’s return page');

  // The seller receives it and refunds part: more than was paid is refused before it goes.
  await page.goto(`/dashboard/return/${returnId}`);
  await page.getByRole('button', { name: 'Mark as received' }).click();
  await page.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: 'Refund the buyer' });
  await expect(refund.getByLabel('Amount to refund')).toHaveValue('12000');
  await refund.getByLabel('Amount to refund').fill('7500');
  await expect(refund.getByText(/Partial refund/)).toBeVisible();
  await refund.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await shot(page, 'seller-refund');
  await confirm.getByRole('button', { name: 'Refund ₦7,500.00' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Return status' }).getByText('Refunded', { exact: true }),
  ).toBeVisible();

  // The buyer sees the partial refund.
  await page.goto(`/my-returns/${returnId}`);
  await expect(page.getByRole('region', { name: 'Refund' }).getByText('₦7,500.00 refunded')).toBeVisible();
  await shot(page, 'buyer-refunded');
});
