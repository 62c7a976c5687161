import { devices, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { scheduleAuction } from './support/live';
import { buyerAccount, saveDeliverySettings, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 14's main journey: a buyer wins a live auction, pays on the local checkout page; the seller's
// bell and Orders screen show it without a reload; the seller ships with a tracking number and the
// buyer's order page follows to shipped, then delivered. The show and the bidding run through the
// API (live.spec.ts drives them in the studio); the order is the subject here.
//
// Once per run (phone viewport): it drives two browsers and a 10-second auction.

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

test('a buyer wins an auction and pays; the seller sees it live, ships and delivers it @phone-only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await sellerWithPickupAddress(page, request, 'auctionorder');
  await saveDeliverySettings(request, seller.headers, {
    shipping: { enabled: true, fees: [{ state: 'Lagos', fee: 1500 }] },
  });
  const show = await scheduleAuction(request, seller.headers, {
    title: 'Aso-oke night auction',
    product: 'Aso-oke gele',
  });
  const started = await request.post(`/api/streams/${show._id}/start`, { headers: seller.headers });
  expect(started.status(), await started.text()).toBe(200);

  // The seller keeps the Orders screen open.
  await page.goto('/dashboard/orders');
  const tabs = page.getByRole('tablist', { name: 'Order status' });
  await expect(tabs.getByRole('tab', { name: 'All 0' })).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('data-live', 'true');
  // The unread count on the bell (the show's own notices come and go beside the orders').
  const unread = async () => Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);

  // Bidding opens; the buyer bids the starting bid and the 10-second clock runs out.
  const buyer = await buyerAccount(request, 'auctionorder');
  const activated = await request.post(`/api/streams/${show._id}/activate-product-bidding`, {
    headers: seller.headers,
    data: { productId: show.productId },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  const bid = await request.post(`/api/streams/${show._id}/bids`, {
    headers: buyer.headers,
    data: { productId: show.productId, amount: 5000 },
  });
  expect(bid.status(), await bid.text()).toBe(200);

  // The win is an order awaiting payment: the bell and the To pay tab show it without a reload.
  await expect(tabs.getByRole('tab', { name: 'To pay 1' })).toBeVisible({ timeout: 20_000 });
  await expect(tabs.getByRole('tab', { name: 'All 1' })).toBeVisible();
  const afterWin = await unread();
  expect(afterWin).toBeGreaterThan(0);

  // The buyer, on their phone, finds the win in their orders and pays it.
  const buyerContext = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const phone = await buyerContext.newPage();
  await storeBuyerSession(phone, buyer);
  await phone.goto('/my-orders');
  await phone.getByRole('link', { name: /Aso-oke gele/ }).click();
  await expect(phone.getByRole('banner')).toContainText('Checkout to finish');
  const number = (await phone.getByRole('heading', { level: 1 }).textContent())?.replace('Order ', '') ?? '';
  expect(number).toMatch(/^KSW-\d+$/);
  const orderId = new URL(phone.url()).pathname.split('/').pop() ?? '';
  await phone.getByRole('link', { name: 'Pay now' }).click();

  await expect(phone.getByRole('heading', { name: `Pay for order ${number}` })).toBeVisible();
  await phone.getByRole('textbox', { name: 'Full name' }).fill(buyer.name);
  await phone.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await combobox(phone, 'State').fill('lag');
  await phone.getByRole('option', { name: 'Lagos' }).click();
  await expect(phone.getByText('Delivery to Lagos: ₦1,500.00')).toBeVisible();
  await combobox(phone, 'LGA or city').fill('ike');
  await phone.getByRole('option', { name: 'Ikeja' }).click();
  await phone.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Opebi Road');
  await expectNoSeriousA11yViolations(phone, 'the auction win’s checkout');
  await phone.getByRole('button', { name: 'Pay ₦6,500.00' }).click();

  await expect(phone).toHaveURL(/\/pay\/local\//);
  await phone.getByRole('button', { name: 'Pay with test card' }).click();
  await expect(phone).toHaveURL(new RegExp(`/my-orders/${orderId}\\?reference=`));
  await expect(phone.getByRole('status')).toContainText(`Thank you! Order ${number} is paid`);
  await expectNoSeriousA11yViolations(phone, 'the order confirmation');

  // The seller's bell and Orders follow at once: paid, To ship.
  await expect(tabs.getByRole('tab', { name: 'To ship 1' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'To pay 0' })).toBeVisible();
  await expect.poll(unread, { message: 'the bell counts the payment' }).toBeGreaterThan(afterWin);
  await bell.click();
  const notifications = page.getByRole('dialog', { name: 'Notifications' });
  await expect(notifications.getByRole('listitem').filter({ hasText: 'Order paid' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the notifications with the order');
  await page.keyboard.press('Escape');
  await tabs.getByRole('tab', { name: 'To ship 1' }).click();
  await page.getByRole('tabpanel').getByRole('link', { name: number }).first().click();

  // The Order screen: ship with a carrier and a tracking number.
  await expect(page.getByRole('heading', { name: number })).toBeVisible();
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Ship order' });
  await ship.getByRole('combobox', { name: 'Carrier' }).selectOption('Kwik');
  await ship.getByRole('textbox', { name: 'Tracking number (optional)' }).fill('KWK-778812');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'the shipped order');

  // The buyer's page says shipped, with the tracking number.
  await phone.goto(`/my-orders/${orderId}`);
  await expect(phone.getByRole('banner')).toContainText('Shipped');
  await expect(phone.getByText('KWK-778812', { exact: true })).toBeVisible();

  // Delivered.
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(
    page.getByRole('region', { name: 'Payment and delivery' }).getByText('Delivered'),
  ).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('banner')).toContainText('Delivered');
  await buyerContext.close();
});
