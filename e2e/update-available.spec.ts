import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

test('a chunk that fails to load shows Update Available, and Refresh Now reloads into the new version', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The heading is on show before any script (login.html is painted at build time): the deploy below
  // happens once the app runs, i.e. once it has replaced the painted page with its own screen.
  await expect(page.locator('#first-paint')).toHaveCount(0);
  await page.evaluate(() => {
    (window as unknown as { beforeRefresh: boolean }).beforeRefresh = true;
  });

  // A deploy replaced the assets: every script the page asks for from now on is gone.
  await page.route('**/assets/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page
    .getByRole('link', { name: /sign up|create/i })
    .first()
    .click();

  const overlay = page.getByRole('alertdialog', { name: 'Update Available' });
  await expect(overlay).toBeVisible();
  await expect(
    overlay.getByText(
      'A new version of the app is available. Please refresh to continue with the latest updates.',
    ),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Update Available overlay');

  // The new version is in place now.
  await page.unroute('**/assets/**');
  await Promise.all([
    page.waitForEvent('load'),
    overlay.getByRole('button', { name: 'Refresh Now' }).click(),
  ]);

  expect(
    await page.evaluate(() => (window as unknown as { beforeRefresh?: boolean }).beforeRefresh),
  ).toBeUndefined();
  await expect(page.getByRole('alertdialog', { name: 'Update Available' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
