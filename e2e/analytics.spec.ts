import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { asDemoSeller } from './support/session';

// Issue 17's Analytics & Insights on the real server with the demo seller's seeded orders, shows and
// viewers: the figures, every chart and table, a period change kept in the address, a CSV download,
// and axe finding nothing at all (not only serious violations).

const expect = baseExpect.configure({ timeout: 20_000 });

async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const report = results.violations
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  expect(results.violations, `accessibility violations on Analytics & Insights:\n${report}`).toEqual([]);
}

test("the demo seller reads the store's figures and charts, changes the period and downloads a table", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await asDemoSeller(page, request);
  // The consent banner is the shell's (answered in dashboard-shell.spec.ts); here it would cover buttons.
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto('/dashboard/analytics-insights');

  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures).toBeVisible();
  await expect(figures.getByText('Sales', { exact: true })).toBeVisible();
  await expect(figures.getByText(/^₦[\d,]+\.\d\d$/).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sales per day' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Orders placed in these dates by where they are now' }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top products by sales' })).toBeVisible();
  const map = page.getByRole('img', { name: /Map of Nigeria's states shaded by sales/ });
  await expect(map).toBeVisible();
  expect(await map.locator('path').count()).toBe(37);
  const states = page.getByRole('table', { name: 'Sales by state' });
  await expect(states.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('list', { name: /^Funnel of / }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Blips: views, likes and orders' })).toBeVisible();
  if (process.env.ANALYTICS_SHOTS) {
    await page.screenshot({
      path: `${process.env.ANALYTICS_SHOTS}/analytics-${test.info().project.name}.png`,
      fullPage: true,
    });
  }
  await expectNoA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of Sales by state' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^kasuwa-sales-by-state-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );

  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await expect(page.getByText(/compared with/)).toBeVisible();
  await page.getByRole('button', { name: 'Custom' }).click();
  await expect(page.getByLabel('From')).toBeVisible();
  await expectNoA11yViolations(page);
});
