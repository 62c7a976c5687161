import { type Browser, devices, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { type BuyerAccount, buyerAccount, showOffering, storeBuyerSession } from './support/orders';
import { sellerWithPickupAddress } from './support/sellers';

// Issue 21, the seller's command of the room: a moderator (a buyer the seller named) removes a
// comment and every other viewer loses it at once; with slow mode on, a viewer's second comment
// is refused with the seconds to wait, and the Send button counts them down.

/** A buyer's own phone, logged in, on the show's watch page. */
async function viewer(
  browser: Browser,
  baseURL: string | undefined,
  account: BuyerAccount,
  streamId: string,
) {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
  const page = await context.newPage();
  await storeBuyerSession(page, account);
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto(`/watch/${streamId}`);
  // Three phones load at once on a busy CI machine: the first paint may take a while.
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeVisible({ timeout: 45_000 });
  return page;
}

const comments = (page: Page) => page.getByRole('region', { name: 'Live chat' });

test('a moderator removes a comment and every viewer loses it; slow mode refuses a second comment @phone-only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { headers } = await sellerWithPickupAddress(page, request, 'moderation');
  const show = await showOffering(request, headers, {
    title: `Room rules ${Date.now().toString(36)}`,
    productIds: [],
  });
  const started = await request.post(`/api/streams/${show._id}/start`, { headers });
  expect(started.status(), await started.text()).toBe(200);

  const [mo, chika, dayo] = await Promise.all([
    buyerAccount(request, 'mod', 'Mo Moderator'),
    buyerAccount(request, 'chika', 'Chika Obi'),
    buyerAccount(request, 'dayo', 'Dayo Ade'),
  ]);
  const named = await request.post('/api/live/moderators', { headers, data: { buyerId: mo.buyer._id } });
  expect(named.status(), await named.text()).toBe(200);

  const [moPage, chikaPage, dayoPage] = await Promise.all([
    viewer(browser, baseURL, mo, show._id),
    viewer(browser, baseURL, chika, show._id),
    viewer(browser, baseURL, dayo, show._id),
  ]);

  // Chika posts spam; everyone sees it.
  const spam = 'Cheap followers at spam dot example';
  await chikaPage.getByRole('textbox', { name: 'Comment' }).fill(spam);
  await chikaPage.getByRole('button', { name: 'Send' }).click();
  for (const p of [moPage, chikaPage, dayoPage]) await expect(comments(p).getByText(spam)).toBeVisible();
  // Only the moderator has a menu on it.
  await expect(comments(dayoPage).getByRole('button', { name: /Moderate/ })).toHaveCount(0);

  await comments(moPage).getByRole('button', { name: 'Moderate Chika Obi’s comment' }).click();
  await expect(moPage.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(moPage, 'the watch page with a moderator’s menu');
  await moPage.getByRole('menuitem', { name: 'Remove comment' }).click();
  for (const p of [moPage, chikaPage, dayoPage]) await expect(comments(p).getByText(spam)).toHaveCount(0);
  // Gone for anyone who opens the page afterwards too.
  await dayoPage.reload();
  await expect(dayoPage.getByRole('textbox', { name: 'Comment' })).toBeVisible();
  await expect(comments(dayoPage).getByText(spam)).toHaveCount(0);

  // Slow mode: one comment per minute.
  const slow = await request.put(`/api/streams/${show._id}/slow-mode`, { headers, data: { seconds: 60 } });
  expect(slow.status(), await slow.text()).toBe(200);
  await expect(dayoPage.getByText('Slow mode: one comment every 60 s')).toBeVisible();
  await dayoPage.getByRole('textbox', { name: 'Comment' }).fill('Do you deliver to Ibadan?');
  await dayoPage.getByRole('button', { name: 'Send' }).click();
  await expect(comments(chikaPage).getByText('Do you deliver to Ibadan?')).toBeVisible();
  const countdown = dayoPage.getByRole('button', { name: /^Send in \d+ seconds$/ });
  await expect(countdown).toBeDisabled();

  // The same buyer in a second tab tries again at once: the server refuses, with the wait.
  const secondTab = await dayoPage.context().newPage();
  await secondTab.goto(`/watch/${show._id}`);
  await secondTab.getByRole('textbox', { name: 'Comment' }).fill('Hello again');
  await secondTab.getByRole('button', { name: 'Send' }).click();
  await expect(secondTab.getByRole('alert')).toContainText(
    /Slow mode is on\. Wait \d+ seconds before your next comment\./,
  );
  await expect(secondTab.getByRole('button', { name: /^Send in \d+ seconds$/ })).toBeDisabled();
  await expect(comments(chikaPage).getByText('Hello again')).toHaveCount(0);

  await Promise.all([moPage, chikaPage, dayoPage].map((p) => p.context().close()));
});
