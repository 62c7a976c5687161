import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test, timeTravel } from './support/clock-server';
import { verifiedIdentity } from './support/kyc';
import {
  deliveredOrder,
  earningsSummary,
  logInAgain,
  PAYOUT_ACCOUNT,
  savePayoutAccount,
} from './support/money';
import { buyerAccount, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 15's journeys, on a server of their own whose clock a test can move (support/clock-server.ts,
// TEST_CLOCK=1): a delivered order's money waits out the return window, becomes available and is
// paid out to the seller's bank; a buyer's return with a photo goes through the seller's question,
// approval and a partial refund, which the seller's Earnings show as a refund.
//
// The order, its payment and delivery are made through the API (orders.spec.ts and checkout.spec.ts
// walk those screens); the money screens are the subject here.

const unique = () => Date.now().toString(36);
/** '₦23,125.00' for 23125. */
const naira = (amount: number) =>
  `₦${amount.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a delivered order’s money waits out the return window, becomes available and is paid out', async ({
  page,
  request,
  clockServer,
}) => {
  test.setTimeout(300_000);
  const seller = await sellerWithPickupAddress(page, request, 'payout');
  const buyer = await buyerAccount(request, 'payout');
  const order = await deliveredOrder(request, seller, buyer, {
    name: `Aso-oke set ${unique()}`,
    price: 25000,
  });
  await verifiedIdentity(request, seller); // issue 17: payouts need a verified identity
  const account = await savePayoutAccount(request, seller);

  // Delivered today: the sale (less commission and the payment fee) is pending, nothing available.
  await page.goto('/dashboard/earnings-payouts');
  const available = page.getByRole('region', { name: 'Available', exact: true });
  const pending = page.getByRole('region', { name: 'Pending', exact: true });
  // The first screen of a fresh server on a busy machine: its first queries can take a while.
  await expect(available).toContainText(naira(0), { timeout: 60_000 });
  await expect(pending).toContainText(/frees up on/);
  const before = await earningsSummary(request, seller.headers);
  expect(before.available).toBe(0);
  expect(before.pending).toBeGreaterThan(20000);
  expect(before.pending).toBeLessThan(25000);
  await expect(pending).toContainText(naira(before.pending));
  await expect(available.getByRole('button', { name: 'Request payout' })).toBeDisabled();
  const transactions = page.getByRole('region', { name: 'Transactions', exact: true });
  await expect(transactions.getByRole('link', { name: order.number }).first()).toBeVisible();

  // Eight days later the 7-day return window is over. The seller's session (7 days) is too.
  expect(await timeTravel(clockServer, '8d')).toMatch(/8 day\(s\) ahead/);
  const again = await logInAgain(page, request, seller);
  await expect
    .poll(async () => (await earningsSummary(request, again.headers)).available, {
      message: 'the release job moves the sale to available',
      timeout: 30_000,
    })
    .toBe(before.pending);

  await page.goto('/dashboard/earnings-payouts');
  await expect(available).toContainText(naira(before.pending), { timeout: 60_000 });
  await expect(pending).toContainText(naira(0));
  await expectNoSeriousA11yViolations(page, 'the Earnings & Payouts screen');

  // The payout, confirmed with the password (the step-up).
  await available.getByRole('button', { name: 'Request payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request payout' });
  await expect(
    dialog.getByText(`${account.bankAccount.bankName} ••••${PAYOUT_ACCOUNT.accountNumber.slice(-4)}`),
  ).toBeVisible();
  // A wrong password is refused and nothing is sent.
  await dialog.getByLabel('Your password').fill('not-my-password-1');
  await dialog.getByRole('button', { name: `Pay out ${naira(before.pending)}` }).click();
  await expect(dialog.getByText('That password is not right').first()).toBeVisible();
  expect((await earningsSummary(request, again.headers)).available).toBe(before.pending);
  await dialog.getByLabel('Your password').fill(seller.password);
  await expectNoSeriousA11yViolations(page, 'the payout dialog');
  await dialog.getByRole('button', { name: `Pay out ${naira(before.pending)}` }).click();
  await expect(dialog).toBeHidden();

  // On its way at once; the local payout provider reports it paid a few seconds later.
  const history = page.getByRole('region', { name: 'Payout history', exact: true });
  await expect(history.getByText(naira(before.pending)).first()).toBeVisible();
  await expect(available).toContainText(naira(0));
  await expect(async () => {
    await page.reload();
    await expect(history.getByText('Paid', { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(page.getByRole('region', { name: 'Paid out this month', exact: true })).toContainText(
    naira(before.pending),
  );
  await expect(available).toContainText(naira(0));
});

test('a buyer returns an item with a photo; the seller asks, approves and refunds part of it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const seller = await sellerWithPickupAddress(page, request, 'refund');
  const buyer = await buyerAccount(request, 'refund');
  const productName = `Ankara gown ${unique()}`;
  const order = await deliveredOrder(request, seller, buyer, { name: productName, price: 18000 });
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b5651d' } })
    .jpeg()
    .toBuffer();

  // The buyer, on their order page: a return, with a reason, a note and a photo.
  await storeBuyerSession(page, buyer);
  await page.goto(`/my-orders/${order.id}`);
  await page.getByRole('region', { name: 'Return' }).getByRole('link', { name: 'Return an item' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(productName) })).toBeChecked();
  await page.getByRole('radio', { name: 'Arrived damaged' }).check();
  await page
    .getByLabel('Tell the seller what happened (optional)')
    .fill('The zip came off on the first day.');
  await page
    .getByLabel('Add photo')
    .setInputFiles({ name: 'zip.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText(/^1 of \d+ photos$/)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'the return request');
  await page.getByRole('button', { name: `Request return · ${naira(18000)}` }).click();
  await expect(page).toHaveURL(/\/my-returns\/[^/?]+$/);
  const returnId = new URL(page.url()).pathname.split('/').pop() ?? '';

  // The seller: the request with its photo; they ask a question.
  await page.goto(`/dashboard/return/${returnId}`);
  const status = page.getByRole('region', { name: 'Return status' });
  await expect(status).toContainText('Requested');
  await expect(page.getByText('The zip came off on the first day.').first()).toBeVisible();
  const photos = page.getByRole('list', { name: 'The buyer’s photos' });
  await expect(photos.getByRole('button', { name: 'Enlarge photo 1 of 1' })).toBeVisible();
  // The photo is served (behind its signed link), not a broken image.
  await expect
    .poll(() => photos.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  await page.getByRole('button', { name: 'Ask for information' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask for information' });
  await ask.getByLabel('Your question').fill('Is the zip still attached? A photo of it would help.');
  await ask.getByRole('button', { name: 'Send question' }).click();
  await expect(ask).toBeHidden();
  await expect(status).toContainText('Waiting for the buyer');
  await expectNoSeriousA11yViolations(page, 'the Return screen');

  // The buyer answers in the thread.
  await page.goto(`/my-returns/${returnId}`);
  await expect(page.getByText('Is the zip still attached? A photo of it would help.').first()).toBeVisible();
  const reply = page.getByLabel('Reply to the seller');
  await reply.fill('It came off completely; I kept the pieces.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // Sent once the box is cleared and the reply is in the thread (the box's own text matched getByText
  // before, and leaving the page then cancelled the send).
  await expect(reply).toHaveValue('');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'It came off completely; I kept the pieces.' }),
  ).toBeVisible();

  // The seller approves (the buyer keeps the gown) and refunds ₦5,000 of ₦18,000.
  await page.goto(`/dashboard/return/${returnId}`);
  await expect(page.getByText('It came off completely; I kept the pieces.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = page.getByRole('dialog', { name: 'Approve return' });
  await approve.getByRole('radio', { name: /Refund without return/ }).check();
  await approve.getByRole('button', { name: 'Approve return' }).click();
  await expect(approve).toBeHidden();
  await expect(status).toContainText('Approved');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund the buyer' });
  await refund.getByLabel('Amount to refund').fill('5000');
  await refund.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm refund' });
  await expect(confirm.getByText(/^Partial refund · of ₦/)).toBeVisible();
  await confirm.getByRole('button', { name: `Refund ${naira(5000)}` }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Refunded (partial)')).toBeVisible();

  // Earnings: the refund is a line of its own, money out, against the order.
  await page.goto('/dashboard/earnings-payouts');
  const transactions = page.getByRole('region', { name: 'Transactions', exact: true });
  await expect(async () => {
    await page.reload();
    await expect(transactions.getByText(`−${naira(5000)}`)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000, intervals: [2_000] });
  const refundsFilter = transactions.getByRole('button', { name: 'Refunds', exact: true });
  await refundsFilter.click();
  await expect(refundsFilter).toHaveAttribute('aria-pressed', 'true');
  await expect(transactions.getByText(`−${naira(5000)}`)).toBeVisible();
  await expect(transactions.getByText('Refund', { exact: true }).first()).toBeVisible();
  await expect(transactions.getByRole('link', { name: order.number }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Earnings transactions with the refund');
});
