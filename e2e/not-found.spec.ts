import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { asDemoSeller } from './support/session';

const SESSION_KEYS = ['sellerToken', 'seller', 'onboardingProcess', 'visitorId'];

test.describe('the not-found page', () => {
  test('shows for an unknown path; Back to Home clears the stored session and goes to /login', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.evaluate((keys) => {
      for (const k of keys) localStorage.setItem(k, JSON.stringify({ stored: k }));
      localStorage.setItem('analyticsConsent', 'true');
    }, SESSION_KEYS);

    await page.goto('/this/path/does-not-exist');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
    await expect(
      page.getByText("The page you're looking for seems to have wandered off. Let's get you back on track!"),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the not-found page');

    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate((keys) => keys.map((k) => localStorage.getItem(k)), SESSION_KEYS);
    expect(stored).toEqual([null, null, null, null]);
    // Only the session goes; the seller's consent choice stays.
    expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('true');
    // History was replaced: Back does not return to the missing page.
    await page.goBack();
    await expect(page).not.toHaveURL(/does-not-exist/);
  });

  test('inside the dashboard, Back to Home goes to the dashboard home and keeps the session', async ({
    page,
    request,
  }) => {
    // The dashboard home needs a real session now that it is guarded.
    await asDemoSeller(page, request);

    await page.goto('/dashboard/no-such-screen');
    await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('sellerToken'))).not.toBeNull();
  });
});
