import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { admin, codeFromOutbox, uniqueSeller } from './support/server';
import {
  approvedSeller,
  asDemoSeller,
  DEMO_SELLER,
  logInThroughTheForm,
  verifiedSeller,
} from './support/session';

const storedJson = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

test('a new seller signs up, verifies the e-mail with the mailed code and starts onboarding', async ({
  page,
}) => {
  const seller = uniqueSeller('signup');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your seller account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the sign-up screen');

  await page.getByLabel('First Name').fill(seller.firstName);
  await page.getByLabel('Last Name').fill(seller.lastName);
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  // Typed the way Nigerians write it; the app sends +234...
  await page.getByLabel('Phone Number', { exact: true }).fill(`0${seller.phoneNumber}`);
  await page.getByLabel('Store Name').fill(seller.storeName);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signup\/verify-email$/);
  await expect(toast(page, `We sent a 6-digit code to ${seller.email}`)).toBeVisible();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${seller.email}`)).toBeVisible();
  expect(await storedJson(page, 'sellerToken')).toMatchObject({
    isVerified: false,
    data: { email: seller.email, phoneNumber: `+234${seller.phoneNumber}` },
  });
  await expectNoSeriousA11yViolations(page, 'the e-mail code screen');

  const code = await codeFromOutbox(seller.email, /verification/);
  await page.getByLabel('Verification code').pressSequentially(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(toast(page, 'Account verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  expect(await storedJson(page, 'sellerToken')).toMatchObject({ isVerified: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Apply To Sell' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the first onboarding step');
});

test('the demo seller logs in and lands on the dashboard home', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the log-in screen');

  await logInThroughTheForm(page, DEMO_SELLER.email, DEMO_SELLER.password);

  await expect(toast(page, 'Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('link', { name: /Amaka Okafor/ })).toBeVisible();
  expect(await storedJson(page, 'onboardingProcess')).toBe('account-approval');
  await expectNoSeriousA11yViolations(page, 'the dashboard home');
});

test('logging out clears the stored session and lands on /login; logging back in works', async ({
  page,
  request,
}) => {
  const seller = await approvedSeller(request, 'logout');
  await logInThroughTheForm(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('link', { name: /Ngozi Adeyemi/ })).toBeVisible();
  // What the chat widget and consent banner would have stored by now.
  await page.evaluate(() => {
    localStorage.setItem('visitorId', JSON.stringify('visitor-1'));
    localStorage.setItem('chatWidget.conversation', JSON.stringify('c-1'));
    localStorage.setItem('analyticsConsent', 'true');
  });

  // Log Out sits in the sidebar's footer; on a phone the sidebar opens from the menu button.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Log Out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  const keys = [
    'sellerToken',
    'seller',
    'onboardingProcess',
    'visitorId',
    'tokenErrorHandled',
    'chatWidget.conversation',
  ];
  expect(await page.evaluate((k) => k.map((key) => localStorage.getItem(key)), keys)).toEqual(
    keys.map(() => null),
  );
  expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('true');

  // Without a session the dashboard sends the seller back to /login.
  await page.goto('/dashboard/orders');
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughTheForm(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('link', { name: /Ngozi Adeyemi/ })).toBeVisible();
});

test('when the server stops accepting the token: Session expired, then /login about 1.5 s later', async ({
  page,
  request,
}) => {
  await asDemoSeller(page, request);
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('link', { name: /Amaka Okafor/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the orders screen');

  // A forged token, as after an expiry or a password change elsewhere.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('sellerToken') ?? '{}') as { token?: string };
    localStorage.setItem('sellerToken', JSON.stringify({ ...session, token: 'forged.token.value' }));
  });
  // The page itself notes when the toast appeared, on which path, and when /login came: measured
  // in the browser, a busy CI machine's slow round trips to Playwright cannot blur the 1.5 s.
  await page.addInitScript(() => {
    const w = window as unknown as { expiry: { toastAt?: number; toastPath?: string; loginAt?: number } };
    w.expiry = {};
    const look = () => {
      const toast = Array.from(document.querySelectorAll('[data-sonner-toast]')).some((t) =>
        t.textContent?.includes('Session expired'),
      );
      if (toast && w.expiry.toastAt === undefined) {
        w.expiry.toastAt = performance.now();
        w.expiry.toastPath = location.pathname;
      }
      if (location.pathname === '/login' && w.expiry.loginAt === undefined)
        w.expiry.loginAt = performance.now();
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/dashboard/home');

  const expired = toast(page, 'Session expired');
  await expect(expired).toBeVisible();
  await expect(expired).toContainText('Please log in again');
  expect(await page.evaluate(() => localStorage.getItem('sellerToken'))).toBeNull();

  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  const seen = await page.evaluate(() => {
    const { expiry } = window as unknown as {
      expiry: { toastAt?: number; toastPath?: string; loginAt?: number };
    };
    // The refused call that set the expiry going: the first 401 of a data call (the token check's
    // own 401s end the session only at the third in a row).
    const refusedAt = performance
      .getEntriesByType('resource')
      .filter(
        (e) => (e as PerformanceResourceTiming).responseStatus === 401 && !e.name.includes('check-token'),
      )
      .map((e) => (e as PerformanceResourceTiming).responseEnd);
    return { ...expiry, refusedAt: Math.min(...refusedAt) };
  });
  // The toast gets its moment on the screen the seller was on before the move: the move comes
  // 1.5 s after the refusal (a busy phone may paint the toast a little after the refusal).
  expect(seen.toastPath).toBe('/dashboard/home');
  expect(seen.toastAt ?? 0).toBeLessThan(seen.loginAt ?? 0);
  expect((seen.loginAt ?? 0) - seen.refusedAt).toBeGreaterThan(1_400);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Session expired' })).toHaveCount(1);
});

test('a seller disabled by an admin gets the Account Disabled dialog on the next dashboard visit', async ({
  page,
  request,
}) => {
  const seller = await approvedSeller(request, 'disabled');
  await logInThroughTheForm(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await admin('disable', seller.email);
  await page.goto('/dashboard/home');

  const dialog = page.getByRole('dialog', { name: 'Account Disabled' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your account has been disabled. Please contact support.');
  await expect(dialog.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    'mailto:support@kasuwa.ng',
  );
  await expectNoSeriousA11yViolations(page, 'the Account Disabled dialog');
  // It cannot be waved away.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sellerToken'))).toBeNull();

  // Logging in again: no session, the reason on screen.
  await logInThroughTheForm(page, seller.email, seller.password);
  await expect(toast(page, 'Account Disabled')).toContainText('Please contact support.');
  await expect(page.getByRole('alert')).toContainText('Your account has been disabled.');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sellerToken'))).toBeNull();
  await expectNoSeriousA11yViolations(page, 'the log-in screen of a disabled seller');
});

test('a seller blocked by an admin is told Unauthorized Seller and sent to /login', async ({
  page,
  request,
}) => {
  const seller = await approvedSeller(request, 'blocked');
  await logInThroughTheForm(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  await admin('block', seller.email);
  await page.goto('/dashboard/home');

  await expect(toast(page, 'Unauthorized Seller')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sellerToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('seller'))).toBeNull();
});

test('a seller who forgot the password resets it with the mailed code and logs in with the new one', async ({
  page,
  request,
}) => {
  const seller = await verifiedSeller(request, 'reset');
  const newPassword = 'Yaba2027newpass';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot-password$/);
  await expectNoSeriousA11yViolations(page, 'the forgot-password screen');
  await page.getByLabel('Email').fill(seller.email);
  await page.getByRole('button', { name: 'Send reset code' }).click();

  await expect(toast(page, 'Password reset request sent')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/reset-password\?email=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the reset-password screen');

  const code = await codeFromOutbox(seller.email, /reset/);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(toast(page, 'Password reset successful')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Never onboarded: the first onboarding step.
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
});
