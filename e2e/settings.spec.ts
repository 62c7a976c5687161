import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { approvedSeller, storeSession } from './support/session';

// Issue 17's Settings journey: the pickup-address guard (SPEC section 5) now leads somewhere that
// fixes it. A seller without an address is sent home by the guard, follows the prompt to Settings,
// registers the address there and can then add a product.

const combobox = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Pickup address' }).getByRole('combobox', { name, exact: true });

async function pick(page: Page, name: string, text: string, option: string) {
  await expect(combobox(page, name)).toBeEnabled();
  await combobox(page, name).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox(page, name)).toHaveValue(option);
}

test('a seller without a pickup address registers it in Settings and can then add a product', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const seller = await approvedSeller(request, 'settings');
  const type = await request.put('/api/seller/profile/account-type', {
    headers: { Authorization: `Bearer ${seller.token}` },
    data: { accountType: 'individual' },
  });
  expect(type.status(), await type.text()).toBe(200);
  const token: string = (await type.json()).token;
  const user = await (
    await request.get('/api/seller/profile', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(user.hasFilledAddress).toBe(false);
  await storeSession(page, { token, user });
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));

  // The guard sends the seller home with the prompt…
  await page.goto('/dashboard/add-products');
  await expect(page.getByText('Pickup Address Required')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/home\?pickupAddressRequired=true$/);
  // …whose link now opens the Settings section that fixes it.
  await page.getByRole('link', { name: 'Register pickup address' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings#pickup-address$/);
  const section = page.getByRole('region', { name: 'Pickup address' });
  await expect(section.getByText(/Not registered yet/)).toBeVisible();
  await expect(section).toBeInViewport();

  await pick(page, 'Country', 'Nigeria', 'Nigeria');
  await pick(page, 'State', 'Lagos', 'Lagos');
  await pick(page, 'City', 'Ikeja', 'Ikeja');
  await section.getByLabel('Street address', { exact: true }).fill('12 Allen Avenue');
  await section.getByLabel('Zip code').fill('100271');
  await section.getByRole('button', { name: 'Save pickup address' }).click();
  await expect(page.getByText('Pickup address saved')).toBeVisible();
  await expect(section.getByText(/Registered: couriers collect your orders here/)).toBeVisible();

  // The gate is lifted: the product form opens and a product is published.
  await page.goto('/dashboard/add-products');
  await expect(page).toHaveURL(/\/dashboard\/add-products$/);
  const name = `Adire wrapper ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Fashion' });
  await page.getByLabel('Sub-category').selectOption({ index: 1 });
  await page.getByLabel('Price', { exact: true }).fill('9500');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products$/);

  // The address survives a reload, shown in the pickers.
  await page.goto('/dashboard/settings');
  await expect(combobox(page, 'City')).toHaveValue('Ikeja');
  await expect(section.getByLabel('Street address', { exact: true })).toHaveValue('12 Allen Avenue');
});

/** A new approved seller, signed in, who has answered the analytics question. */
async function asApprovedSeller(page: Page, request: APIRequestContext, prefix: string) {
  const seller = await approvedSeller(request, prefix);
  const user = await (
    await request.get('/api/seller/profile', { headers: { Authorization: `Bearer ${seller.token}` } })
  ).json();
  await storeSession(page, { token: seller.token, user });
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
}

test('the settings screen has no accessibility violations', async ({ page, request }) => {
  await asApprovedSeller(page, request, 'settings-a11y');
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('region', { name: 'Store profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save delivery settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings');
});

test('a toast sits under the header, where it hides neither the menu, Back nor the title', async ({
  page,
  request,
}) => {
  await asApprovedSeller(page, request, 'settings-toast');
  await page.goto('/dashboard/settings#notifications');
  await page.getByRole('button', { name: 'Save notification preferences' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Notification preferences saved' });
  await expect(toast).toBeVisible();
  // The toast has slid into place once it no longer moves.
  await expect(async () => {
    const header = await page.getByRole('banner').boundingBox();
    const placed = await toast.boundingBox();
    expect(placed?.y ?? -1).toBeGreaterThanOrEqual(
      (header?.y ?? 0) + (header?.height ?? Number.POSITIVE_INFINITY),
    );
  }).toPass({ timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeInViewport();
});
