import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { asDemoSeller, demoSession } from './support/session';

// Issue 17's Help & Support and Kasuwa Connect screens, as the demo seller on a fresh server: a help
// search finds the payout answers, a question sent through the contact form is listed with its
// status, and the catalogue feed address the Connect screen gives parses as CSV with exactly one
// row per active product of the store.

const expect = baseExpect.configure({ timeout: 20_000 });

const shots = process.env.HELP_CONNECT_SHOTS;
async function shot(page: Page, name: string) {
  if (shots)
    await page.screenshot({ path: `${shots}/${name}-${test.info().project.name}.png`, fullPage: true });
}

/** RFC 4180 rows: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test('a help search finds the payout answers, and a question to support is sent and listed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await asDemoSeller(page, request);
  // The consent banner is answered elsewhere; here it would cover the screens.
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto('/dashboard/help');
  await expect(page.getByRole('heading', { name: 'Help & Support', level: 1 })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search help' }).fill('payout');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button').first()).toContainText(/payout/i);
  await expect(results.getByRole('button', { name: 'Is there a minimum payout amount?' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/help\?q=payout$/);
  await results.getByRole('button', { name: 'Is there a minimum payout amount?' }).click();
  await expect(results.getByText(/the smallest payout is/i)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'help search');

  const subject = `Payout timing ${Date.now().toString(36)}`;
  await page.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'Earnings and payouts' });
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('I requested a payout this morning. How long before it reaches my bank?');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByText(/Ticket HLP-\d+ sent\. We have e-mailed you a copy\./)).toBeVisible();
  const ticket = page
    .getByRole('list', { name: 'Your tickets' })
    .getByRole('listitem')
    .filter({ hasText: subject });
  await expect(ticket).toContainText('Open');
  await expect(ticket).toContainText(/HLP-\d+ · Earnings and payouts/);
  await shot(page, 'help');
  await expectNoSeriousA11yViolations(page, 'help with a ticket');
});

test('the Connect screen gives a catalogue feed that parses as CSV with one row per active product', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await asDemoSeller(page, request);
  // The consent banner is answered elsewhere; here it would cover the screens.
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto('/dashboard/kasuwa-connect');
  await expect(page.getByRole('heading', { name: 'Kasuwa Connect', level: 1 })).toBeVisible();
  const storeLink = await page.getByRole('textbox', { name: 'Store link' }).inputValue();
  expect(storeLink).toMatch(/\/api\/connect\/go\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('list', { name: 'Share on' }).getByRole('link', { name: 'WhatsApp' }),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await expect(page.getByRole('img', { name: /^Live badge of / })).toBeVisible();
  await shot(page, 'connect');
  await expectNoSeriousA11yViolations(page, 'connect');

  // The demo store's active products, as the seller's own product list counts them.
  const session = await demoSession(request);
  const headers = { Authorization: `Bearer ${session.token}` };
  const active = new Set<string>();
  for (let pageNo = 1; ; pageNo++) {
    const list = await request.get(
      `/api/products/seller/${session.user._id}?status=active&limit=100&page=${pageNo}`,
      { headers },
    );
    expect(list.status(), await list.text()).toBe(200);
    const body = (await list.json()) as { products: { _id: string }[]; totalPages: number };
    for (const p of body.products) active.add(p._id);
    if (pageNo >= body.totalPages) break;
  }
  expect(active.size).toBeGreaterThan(0);

  const feedUrl = await page.getByRole('textbox', { name: 'Catalogue feed address' }).inputValue();
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const rows = parseCsv(await feed.text());
  expect(rows[0]).toEqual([
    'id',
    'title',
    'description',
    'availability',
    'condition',
    'price',
    'link',
    'image_link',
    'brand',
  ]);
  const data = rows.slice(1);
  expect(data).toHaveLength(active.size);
  expect(new Set(data.map((r) => r[0]))).toEqual(active);
  for (const row of data) {
    expect(row).toHaveLength(9);
    expect(row[3]).toMatch(/^(in stock|out of stock)$/);
    expect(row[5]).toMatch(/^\d+\.\d{2} NGN$/);
  }
  await expect(page.getByText(`Your ${active.size} active products`)).toBeVisible();
});
