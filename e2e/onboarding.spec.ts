import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { admin, codeFromOutbox, uniqueSeller } from './support/server';
import { appStarted } from './support/session';

// Each journey signs a seller up and walks one onboarding path to the end, tripping every
// validation toast of SPEC section 5 on the way, with axe on every step.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const picture = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** CBN's NUBAN check digit for a 3-digit bank code and a 9-digit serial. */
function nuban(bankCode: string, serial: string) {
  const digits = `${bankCode.padStart(6, '0')}${serial}`;
  const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const sum = weights.reduce((total, w, i) => total + w * Number(digits[i]), 0);
  return `${serial}${(10 - (sum % 10)) % 10}`;
}

const combobox = (scope: Page | Locator, name: string) => scope.getByRole('combobox', { name, exact: true });

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** Checks the step's heading, axe, no sideways scrolling on a phone, and optionally saves screenshots. */
async function onStep(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // A toast fading out is half transparent: axe would measure its contrast mid-animation.
  await expect(page.locator('[data-sonner-toast][data-removed="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, heading);
  const overflow = await page.evaluate(() => {
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => `${el.tagName}.${el.className}`.slice(0, 80));
    return { by: document.documentElement.scrollWidth - window.innerWidth, wide: wide.slice(0, 5) };
  });
  expect(overflow.by, `${heading} scrolls sideways: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(0);
  const dir = process.env.ONBOARDING_SCREENSHOTS;
  if (dir) {
    const original = page.viewportSize();
    const slug = heading.toLowerCase().replace(/[^a-z]+/g, '-');
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({
        path: `${dir}/${test.info().title.split(' ')[0]}-${slug}-${w}.png`,
        fullPage: true,
      });
    }
    if (original) await page.setViewportSize(original);
  }
}

async function pickPlace(scope: Locator, page: Page, state: string, city: string) {
  await combobox(scope, 'Country').fill('Nigeria');
  await page.getByRole('option', { name: 'Nigeria', exact: true }).click();
  await combobox(scope, 'State').fill(state);
  await page.getByRole('option', { name: state, exact: true }).click();
  await combobox(scope, 'City').fill(city);
  await page.getByRole('option', { name: city, exact: true }).click();
}

async function fillAddress(
  scope: Locator,
  page: Page,
  street: string,
  zip: string,
  line1 = 'Street Address',
) {
  await pickPlace(scope, page, 'Lagos', 'Ikeja');
  await scope.getByRole('textbox', { name: line1, exact: true }).fill(street);
  await scope.getByRole('textbox', { name: 'Zip Code' }).fill(zip);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

async function signUp(page: Page, prefix: string) {
  const seller = uniqueSeller(prefix);
  await page.goto('/signup');
  await page.getByLabel('First Name').fill(seller.firstName);
  await page.getByLabel('Last Name').fill(seller.lastName);
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByLabel('Phone Number', { exact: true }).fill(`0${seller.phoneNumber}`);
  await page.getByLabel('Store Name').fill(seller.storeName);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\/verify-email$/);
  await page
    .getByLabel('Verification code')
    .pressSequentially(await codeFromOutbox(seller.email, /verification/));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  return seller;
}

async function createProfileAndFinish(page: Page, email: string) {
  await onStep(page, 'Create Profile');
  await next(page);
  await expectToast(page, 'Missing Images', 'Please upload both profile and banner images');
  await page.getByLabel('Banner Image').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await picture(1584, 396, '#0e6b34'),
  });
  await page.getByLabel('Profile Image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await picture(400, 400, '#f97316'),
  });
  await expect(page.getByText('banner.png')).toBeVisible();
  // The agreements name documents a seller can read, in a new tab that leaves this form as it is.
  const [terms] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /^Terms of Service/ }).click(),
  ]);
  await expect(terms).toHaveURL(/\/legal\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: /Terms of Service/ })).toBeVisible();
  await expectNoSeriousA11yViolations(terms, 'Terms of Service');
  await terms.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(terms.getByText(/Nigeria Data Protection Act 2023/).first()).toBeVisible();
  await terms.close();
  await expect(page.getByText('banner.png')).toBeVisible();
  await next(page);
  await expectToast(page, 'Please accept the agreements');
  await page.getByLabel(/Terms of Service/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByLabel(/Seller Agreement/).check();
  await onStep(page, 'Create Profile');
  await next(page);
  await expectToast(
    page,
    'Profile images submitted successfully',
    'Your profile and banner images have been uploaded',
  );
  await expect(page).toHaveURL(/\/onboarding\/account-approval$/);
  await onStep(page, 'Application In Review');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();

  await admin('approve', email);
  await page.reload();
  await onStep(page, 'Account Approved');
  await page.getByRole('link', { name: 'Access Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

// Sign-ups are limited to 20 per 10 minutes from one address, and the whole e2e suite shares one
// address: each path runs once, the business path on the phone (its denser layouts), the individual
// path on the desktop. Screenshots of both sizes are reviewed with ONBOARDING_SCREENSHOTS=<dir>.
test('business: sign up, every step of the business path, review, approval, dashboard', {
  tag: '@phone-only',
}, async ({ page }) => {
  test.setTimeout(180_000);
  const seller = await signUp(page, 'business');

  await onStep(page, 'Apply To Sell');
  await expect(page.getByRole('radio', { name: /Business/ })).toBeChecked();
  await next(page);

  await onStep(page, 'Business Details');
  await next(page);
  await expectToast(page, 'Please fill in all fields', 'All fields are required');
  await page.getByLabel('Business Name').fill('Adire Hub Ltd');
  await page.getByLabel('Business Type').fill('LLC');
  await page.getByLabel('Business Tax Information').fill('RC1234567');
  await next(page);

  await onStep(page, 'Business Information');
  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Adire Hub Ltd');
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Information' })).toBeVisible();
  await next(page);
  await expectToast(page, 'Please fill in your business details', 'All fields are required');
  await page.getByLabel('Business Email').fill('sales@adirehub');
  await page.getByRole('textbox', { name: 'Business Phone' }).fill('0809 876 5432');
  await fillAddress(
    page.getByRole('group', { name: 'Business Address' }),
    page,
    '14 Obafemi Awolowo Way',
    '100271',
  );
  await next(page);
  await expectToast(page, 'Please enter a valid business email');
  await page.getByLabel('Business Email').fill('sales@adirehub.ng');
  await page.getByLabel('Fill Warehouse Details').check();
  await next(page);
  await expectToast(page, 'Please fill in your warehouse details', 'All fields are required');
  const warehouse = page.getByRole('group', { name: 'Warehouse Details' });
  await warehouse.getByLabel('Warehouse Name').fill('Apapa Store');
  await warehouse.getByRole('textbox', { name: 'Warehouse Contact Number' }).fill('0801 111 2222');
  await fillAddress(warehouse, page, '3 Wharf Road', '102272', 'Warehouse Address Line 1');
  await onStep(page, 'Business Information');
  await next(page);

  await onStep(page, 'Business Verification');
  await next(page);
  await expectToast(page, 'Please upload both certificate and tax ID files', 'All fields are required');
  await page.getByLabel('Certificate Of Incorporation').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expectToast(page, 'Error processing certificate file');
  await page
    .getByLabel('Certificate Of Incorporation')
    .setInputFiles({ name: 'cac.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page
    .getByLabel('Business Tax ID')
    .setInputFiles({ name: 'tin.png', mimeType: 'image/png', buffer: await picture(200, 120, '#1e40af') });
  await expect(page.getByText('cac.pdf')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Business Tax ID' })).toBeVisible();
  await onStep(page, 'Business Verification');
  await next(page);

  // Back from the bank step: the documents on file are shown, and Next does not send them again.
  await onStep(page, 'Bank Details');
  await page.getByRole('button', { name: 'Back' }).click();
  await onStep(page, 'Business Verification');
  await expect(page.getByText('Uploaded. Choose a new file below to replace it.')).toHaveCount(2);
  await expect(page.getByText('cac.pdf')).toBeVisible();
  await expect(page.locator('img[src^="blob:"]')).toBeVisible();
  const resent: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/api/seller/verification/')) resent.push(request.url());
  };
  page.on('request', onRequest);
  await next(page);
  await onStep(page, 'Bank Details');
  page.off('request', onRequest);
  expect(resent).toEqual([]);
  await next(page);
  await expectToast(page, 'Please fill in all fields', 'All fields are required');
  await combobox(page, 'Bank Name').fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank (GTBank)' }).click();
  await page.getByLabel('Bank Account Type').selectOption('Current');
  await page.getByLabel('Account No.').fill('0123456789');
  await page.getByLabel('Account Name').fill('Adire Hub Ltd');
  await page.getByLabel('Swift Code').fill('GTBINGLA');
  const account = nuban('058', '012345678');
  if (account !== '0123456789') {
    await next(page);
    await expectToast(page, 'Invalid account number');
  }
  await page.getByLabel('Account No.').fill(account);
  await next(page);

  await onStep(page, 'What Will You Sell');
  await next(page);
  await expectToast(
    page,
    'Please select at least one category',
    'You must select at least one category to continue',
  );
  await page.getByRole('button', { name: 'Fashion', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Fashion' });
  await dialog.getByLabel('Shoes').check();
  await dialog.getByLabel('Bags').check();
  await expectNoSeriousA11yViolations(page, 'the sub-category picker');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: 'Fashion, 2 chosen' })).toBeVisible();
  await page.getByRole('button', { name: 'Profile image' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Profile image' });
  await imageDialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please upload a profile image');
  await imageDialog.getByRole('button', { name: 'Close' }).click();
  await onStep(page, 'What Will You Sell');
  await next(page);

  await onStep(page, 'Shipping Options');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Shipped by Kasuwa/ })).toBeDisabled();
  await page.getByRole('radio', { name: /Shipped by Seller/ }).check();
  await page.getByRole('radio', { name: /Custom Returns Policy/ }).check();
  await page.getByLabel('Return window').selectOption('14');
  await next(page);
  await expectToast(page, 'Please accept the terms');
  await page.getByRole('button', { name: 'Read the terms and conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Shipping and returns terms' });
  await expect(terms).toContainText('Dispatch on time');
  await expectNoSeriousA11yViolations(page, 'the shipping terms');
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByLabel(/I agree to the shipping and returns terms/)).toBeChecked();
  await next(page);

  await createProfileAndFinish(page, seller.email);
});

test('individual: sign up, every step of the individual path, leave and resume, review, approval, dashboard', {
  tag: '@desktop-only',
}, async ({ page }) => {
  test.setTimeout(180_000);
  const seller = await signUp(page, 'individual');

  await onStep(page, 'Apply To Sell');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await next(page);

  await onStep(page, 'Individual Seller Information');
  // The stored seller record fills the name in.
  await expect(page.getByLabel('First Name')).toHaveValue(seller.firstName);
  await page.getByLabel('First Name').fill('');
  await next(page);
  await expectToast(
    page,
    'Please fill in all required fields',
    'All fields except Street Address Line 2 are required',
  );
  await page.getByLabel('First Name').fill('Halima');
  await fillAddress(page.locator('form'), page, '7 Ahmadu Bello Way', '100001');
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Individual Verification' })).toBeVisible();

  // A seller who leaves mid-way comes back to the step they reached.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await appStarted(page);
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/onboarding\/individual-verification-onboarding$/);

  await onStep(page, 'Individual Verification');
  await next(page);
  await expectToast(page, 'Please upload all required documents', 'All fields are required');
  await page
    .getByLabel('Government ID')
    .setInputFiles({ name: 'id.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expectToast(page, 'Error processing government ID file');
  await page
    .getByLabel('Tax or VAT ID')
    .setInputFiles({ name: 'tin.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page
    .getByLabel('Government ID')
    .setInputFiles({ name: 'nin.png', mimeType: 'image/png', buffer: await picture(300, 200, '#475569') });
  await page
    .getByLabel('Proof of Address')
    .setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
  await onStep(page, 'Individual Verification');
  await next(page);
  // A step's complaint stays with its step.
  await expect(page.getByRole('heading', { level: 1, name: 'Create Profile' })).toBeVisible();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Please upload all required documents' }),
  ).toHaveCount(0);

  await createProfileAndFinish(page, seller.email);
});
