import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { buyerAccount, buyNowProduct, showOffering, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 14's Buy now journeys. The seller and the buyer share one browser here: their log-ins are
// kept under separate keys (the buyer's never logs the seller out), so one page plays both in turn
// and the journeys run on the phone and the desktop without a second browser.

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

test('a buyer buys now from a show’s tray for store pickup; the seller confirms the pickup code', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await sellerWithPickupAddress(page, request, 'pickup');
  const productName = `Adire kaftan ${Date.now().toString(36)}`;
  const productId = await buyNowProduct(request, seller.headers, {
    name: productName,
    price: 18500,
    stock: 5,
    sizes: [
      { value: 'M', price: null, stock: 2 },
      { value: 'L', price: 19500, stock: 3 },
    ],
  });
  const show = await showOffering(request, seller.headers, {
    title: 'Adire Friday',
    productIds: [productId],
  });

  // Settings → Delivery: the seller turns store pickup on.
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: 'Delivery settings' });
  const pickup = form.getByRole('switch', { name: 'Store pickup' });
  await expect(pickup).toHaveAttribute('aria-checked', 'false');
  await pickup.click();
  await expect(pickup).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolations(page, 'the delivery settings');
  await form.getByRole('button', { name: 'Save delivery settings' }).click();
  await expect(page.getByText('Delivery settings saved')).toBeVisible();
  await page.reload();
  await expect(form.getByRole('switch', { name: 'Store pickup' })).toHaveAttribute('aria-checked', 'true');

  // The buyer opens the show, its tray, and buys the kaftan now.
  const buyer = await buyerAccount(request, 'pickup');
  await storeBuyerSession(page, buyer);
  await page.goto(`/watch/${show._id}`);
  await page.getByRole('button', { name: 'Shop · 1 product' }).click();
  await page.getByRole('button', { name: `Buy ${productName} now` }).click();
  const sheet = page.getByRole('dialog', { name: productName });
  await expect(sheet.getByText('₦18,500.00–₦19,500.00')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Choose size' })).toBeDisabled();
  await sheet.getByRole('button', { name: 'L', exact: true }).click();
  await expect(sheet.getByText('₦19,500.00')).toBeVisible();
  await expect(sheet.getByText('Only 3 left')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the buy sheet');
  await sheet.getByRole('button', { name: 'Continue to checkout' }).click();

  await expect(page).toHaveURL(/\/checkout\/buy\?/);
  await page.getByRole('radio', { name: /Store pickup/ }).check();
  await page.getByRole('textbox', { name: 'Full name' }).fill(buyer.name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await expect(combobox(page, 'State')).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'the checkout');
  await page.getByRole('button', { name: 'Pay ₦19,500.00' }).click();

  // The local checkout page: the test card pays; back on the order page with the pickup code.
  await expect(page).toHaveURL(/\/pay\/local\//);
  await expect(page.getByText('₦19,500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with test card' }).click();
  await expect(page).toHaveURL(/\/my-orders\/[^/?]+\?reference=/);
  const paid = page.getByRole('status').filter({ hasText: /is paid/ });
  await expect(paid).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Order ', '') ?? '';
  expect(number).toMatch(/^KSW-\d+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const code = (await page.getByText(/^\d{6}$/).textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await expect(page.getByText('Show this code at pickup.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the buyer’s order page');

  // The seller: the order is To ship; a wrong code is refused, the buyer's code hands it over.
  await page.goto(`/dashboard/order/${orderId}`);
  await expect(page.getByRole('heading', { name: number })).toBeVisible();
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByText('L', { exact: true })).toBeVisible();
  await expect(items.getByText('1 × ₦19,500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Mark ready for pickup' }).click();
  await page.getByRole('button', { name: 'Confirm pickup' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm pickup' });
  await dialog.getByRole('textbox', { name: 'Pickup code' }).fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(page.getByText('The pickup code does not match')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Pickup code' }).fill(code);
  await dialog.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Payment and delivery' }).getByText('Picked up'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Order screen');

  // The buyer's page says so, and the code is no longer shown.
  await page.goto(`/my-orders/${orderId}`);
  await expect(page.getByRole('banner').getByText('Picked up')).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeHidden();
});

test('a pay-on-delivery order to the FCT: the seller finds, exports, ships with a packing slip and delivers it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await sellerWithPickupAddress(page, request, 'pod');
  const productName = `Ankara tote ${Date.now().toString(36)}`;
  const productId = await buyNowProduct(request, seller.headers, {
    name: productName,
    price: 12000,
    stock: 3,
  });

  // Settings → Delivery: a fee to the capital, and pay on delivery up to ₦20,000.
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: 'Delivery settings' });
  await expect(form.getByRole('switch', { name: 'I ship orders myself' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await form.getByRole('button', { name: 'Add state' }).click();
  await combobox(page, 'State 1').fill('capital');
  await page.getByRole('option', { name: 'Federal Capital Territory' }).click();
  await form.getByRole('textbox', { name: 'Fee 1' }).fill('2500');
  await form.getByRole('switch', { name: 'Pay on delivery' }).click();
  await form.getByRole('textbox', { name: 'Largest order for pay on delivery' }).fill('20000');
  await form.getByRole('button', { name: 'Save delivery settings' }).click();
  await expect(page.getByText('Delivery settings saved')).toBeVisible();

  // The buyer checks out from the product's Buy now link, to Gwagwalada, paying on delivery.
  const buyer = await buyerAccount(request, 'pod', 'Musa Bello');
  await storeBuyerSession(page, buyer);
  await page.goto(
    `/checkout/buy?${new URLSearchParams({ productId, sellerId: seller.sellerId, quantity: '1' })}`,
  );
  await page.getByRole('textbox', { name: 'Full name' }).fill(buyer.name);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await combobox(page, 'State').fill('capital');
  await page.getByRole('option', { name: 'Federal Capital Territory' }).click();
  await expect(page.getByText('Delivery to Federal Capital Territory: ₦2,500.00')).toBeVisible();
  await combobox(page, 'LGA or city').fill('gwag');
  await page.getByRole('option', { name: 'Gwagwalada' }).click();
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('14 Aminu Kano Crescent');
  await page.getByRole('radio', { name: /Pay on delivery/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/my-orders\/[^/?]+$/);
  await expect(page.getByRole('status')).toContainText('You pay ₦14,500.00 when it reaches you.');
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Order ', '') ?? '';
  expect(number).toMatch(/^KSW-\d+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';

  // The Orders screen: the order waits in To ship; found by its number; exported as CSV.
  await page.goto('/dashboard/orders');
  const tabs = page.getByRole('tablist', { name: 'Order status' });
  await expect(tabs.getByRole('tab', { name: 'To ship 1' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'All 1' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'To pay 0' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'To ship 1' }).click();
  const list = page.getByRole('tabpanel');
  await expect(list.getByRole('link', { name: number }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(number.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${number.toLowerCase()}`));
  await expect(list.getByRole('link', { name: number }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Orders screen');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await csv;
  expect(exported.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await fs.readFile(await exported.path())).toString('utf8').replace(/^\uFEFF/, '');
  const [header, row] = text.split(/\r?\n/);
  expect(header).toBe(
    'Order number,Date (Lagos),Buyer,State,Items,Quantity,Subtotal,Delivery fee,Discount,Total,Payment,Fulfilment,Delivery method,Carrier,Tracking number,Live show,Coupon',
  );
  expect(row).toContain(number);

  // The Order screen: the packing slip is a PDF; the seller ships it with a tracking number.
  await list.getByRole('link', { name: number }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/order/${orderId}$`));
  await expect(page.getByRole('heading', { name: number })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Buyer' })).toContainText(
    'Gwagwalada, Federal Capital Territory',
  );
  const slip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download packing slip' }).click();
  const pdf = await slip;
  expect(pdf.suggestedFilename()).toBe(`${number}-packing-slip.pdf`);
  expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Ship order' });
  await ship.getByRole('combobox', { name: 'Carrier' }).selectOption('GIG Logistics');
  await ship.getByRole('textbox', { name: 'Tracking number (optional)' }).fill('GIG-4410023');
  await expectNoSeriousA11yViolations(page, 'the ship dialog');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship).toBeHidden();
  const payment = page.getByRole('region', { name: 'Payment and delivery' });
  await expect(payment.getByText('GIG-4410023')).toBeVisible();
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(payment.getByText('Delivered')).toBeVisible();
  // The courier took the money at the door: collected with the delivery.
  await expect(payment.getByText('Paid on delivery')).toBeVisible();

  // The buyer's page: delivered.
  await page.goto(`/my-orders/${orderId}`);
  await expect(page.getByRole('banner').getByText('Delivered')).toBeVisible();

  // Customers: the buyer, from the capital.
  await page.goto('/dashboard/customers');
  const customers = page.getByRole('region', { name: 'Customers' });
  await expect(customers.getByText(buyer.name).first()).toBeVisible();
  await expect(customers.getByText('Federal Capital Territory').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Customers screen');
});
