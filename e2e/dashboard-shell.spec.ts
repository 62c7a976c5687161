import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { adminNotify, uniqueSeller } from './support/server';
import { approvedSeller, asDemoSeller, type LoginAnswer, storeSession } from './support/session';

// SPEC section 2 "Dashboard shell": each sidebar entry, where it goes and the title it shows.
const SIDEBAR: Array<[string, RegExp, string]> = [
  ['Dashboard', /\/dashboard\/home$/, 'Dashboard'],
  ['Customers', /\/dashboard\/customers$/, 'Customers'],
  ['KYC Verification', /\/dashboard\/kyc-verification$/, 'KYC Verification'],
  ['Orders', /\/dashboard\/orders$/, 'Orders'],
  ['Returns Center', /\/dashboard\/returns$/, 'Returns Center'],
  ['Products', /\/dashboard\/products$/, 'Products'],
  ['Add Products', /\/dashboard\/add-products$/, 'Add Product'],
  ['Drafts', /\/dashboard\/drafts$/, 'Drafts'],
  ['Product Blips', /\/dashboard\/blips$/, 'Product Blips'],
  ['Marketing', /\/dashboard\/marketing$/, 'Marketing'],
  ['Coupons', /\/dashboard\/marketing\/coupons\/list$/, 'Coupons'],
  ['Inbox Campaigns', /\/dashboard\/marketing\/inbox-campaigns\/list$/, 'Inbox Campaigns'],
  ['Messages', /\/dashboard\/messages$/, 'Messages'],
  ['Live Streams', /\/dashboard\/live-streams\/live-stream$/, 'Live Streams'],
  ['Scheduled Shows', /\/dashboard\/live-streams\/scheduled-shows$/, 'Scheduled Shows'],
  ['Past Shows', /\/dashboard\/live-streams\/past-shows$/, 'Past Shows'],
  ['Analytics & Insights', /\/dashboard\/analytics-insights$/, 'Analytics & Insights'],
  ['Earnings & Payouts', /\/dashboard\/earnings-payouts$/, 'Earnings & Payouts'],
  ['Settings', /\/dashboard\/settings$/, 'Settings'],
  ['Account', /\/dashboard\/account$/, 'Account'],
];

const PARENT: Record<string, string> = {
  'Add Products': 'Products',
  Drafts: 'Products',
  'Product Blips': 'Products',
  Coupons: 'Marketing',
  'Inbox Campaigns': 'Marketing',
  'Scheduled Shows': 'Live Streams',
  'Past Shows': 'Live Streams',
};

/** The sidebar as the seller reaches it: always there on a desktop, behind the menu button on a phone. */
async function sidebar(page: Page) {
  // isVisible() does not wait: let the screen render before asking which layout it has.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) {
    await menu.click();
    return page.getByRole('dialog', { name: 'Menu' });
  }
  return page.getByRole('complementary', { name: 'Sidebar' });
}

async function sessionFor(request: APIRequestContext, token: string): Promise<LoginAnswer> {
  const profile = await request.get('/api/seller/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(200);
  return { token, user: await profile.json() };
}

test.describe('the sidebar', () => {
  test.beforeEach(async ({ page, request }) => {
    await asDemoSeller(page, request);
    // The consent banner is answered elsewhere; here it would only cover the sidebar's footer.
    await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  });

  test('every entry lands on its route with its title', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard/home');
    for (const [label, url, title] of SIDEBAR) {
      const nav = await sidebar(page);
      const parent = PARENT[label];
      const toggle = parent ? nav.getByRole('button', { name: `Show ${parent} menu` }) : null;
      if (toggle && (await toggle.count()) > 0) await toggle.click();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page, label).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });

  test('the learning area and help centre open outside the app', async ({ page }) => {
    await page.goto('/dashboard/home');
    const nav = await sidebar(page);
    await expect(nav.getByRole('link', { name: /Learning Area/ })).toHaveAttribute('target', '_blank');
    const help = nav.getByRole('link', { name: /Help & Support/ });
    if (await page.getByRole('dialog', { name: 'Menu' }).isVisible()) {
      await expect(help).toHaveAttribute('href', '/dashboard/help');
    } else {
      await expect(help).toHaveAttribute('target', '_blank');
    }
  });
});

test('a screen opened by its address starts at its top, not where the last one was left', async ({
  page,
  request,
}) => {
  await asDemoSeller(page, request);
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto('/dashboard/analytics-insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics & Insights' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.goto('/dashboard/marketing/inbox-campaigns/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
  // Past the moment React Router restores a saved position.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens and closes the sidebar, and it closes after navigating', async ({
    page,
    request,
  }) => {
    await asDemoSeller(page, request);
    await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
    await page.goto('/dashboard/home');
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoSeriousA11yViolations(page, 'mobile menu');
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    await expect(drawer).toBeHidden();
  });
});

// Sign-ups are limited to 20 per 10 minutes from one address and every e2e file shares the server,
// so each worker makes one approved seller (verified e-mail, no pickup address yet) and reuses it.
let approvedInWorker: Promise<LoginAnswer & { email: string }> | null = null;
function workerSeller(request: APIRequestContext) {
  approvedInWorker ??= (async () => {
    const seller = await approvedSeller(request, 'shell');
    return { ...(await sessionFor(request, seller.token)), email: seller.email };
  })().catch((error: unknown) => {
    approvedInWorker = null;
    throw error;
  });
  return approvedInWorker;
}

test.describe('the route guard', () => {
  test('an unverified e-mail is sent home with "Email Verification Required"', async ({ page, request }) => {
    const seller = uniqueSeller('guard-email');
    const register = await request.post('/api/seller/register', {
      data: { ...seller, phoneNumber: `+234${seller.phoneNumber}` },
    });
    expect(register.status()).toBe(201);
    const { token, user } = await register.json();
    await storeSession(page, { token, user });
    await page.goto('/dashboard/add-products');
    await expect(page.getByText('Email Verification Required')).toBeVisible();
    await expect(page.getByText('Verify your email to access this feature')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
  });

  test('a missing pickup address is sent home with "Pickup Address Required" and a prompt', async ({
    page,
    request,
  }) => {
    await storeSession(page, await workerSeller(request));
    await page.goto('/dashboard/live-streams/create-live-show');
    await expect(page.getByText('Pickup Address Required')).toBeVisible();
    await expect(page.getByText('Register your pickup address to access this feature')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/home\?pickupAddressRequired=true$/);
    await expect(page.getByRole('heading', { name: 'Register your pickup address' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register pickup address' })).toBeVisible();
  });
});

test('vacation mode turns on with a banner and off again', async ({ page, request }) => {
  await storeSession(page, await workerSeller(request));
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto('/dashboard/home');
  const toggle = page.getByRole('switch', { name: 'Vacation mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(page.getByText('Vacation mode enabled successfully')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Vacation mode is on.')).toBeVisible();
  // The banner stays across the dashboard, and after a reload (the server holds the state).
  await page.goto('/dashboard/orders');
  await expect(page.getByText('Vacation mode is on.')).toBeVisible();
  await page.goto('/dashboard/home');
  await page.getByRole('switch', { name: 'Vacation mode' }).click();
  await expect(page.getByText('Vacation mode disabled successfully')).toBeVisible();
  await expect(page.getByText('Vacation mode is on.')).toBeHidden();
});

test('a notification created on the server appears live, is read on click, and opening the bell clears the badge', async ({
  page,
  request,
}) => {
  const seller = await workerSeller(request);
  await storeSession(page, seller);
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  await page.goto('/dashboard/home');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const badge = page.getByTestId('notifications-badge');
  const recent = page.getByRole('region', { name: 'Recent notifications' });
  await expect(recent.getByRole('button').first()).toBeVisible();
  await expect(bell).toHaveAttribute('data-live', 'true');
  // Sign-up's welcome and the approval are today's unread, unless another test here opened the bell.
  const before = (await badge.isVisible()) ? Number(await badge.textContent()) : 0;

  await adminNotify(seller.email, 'new_order', 'orderId=o-e2e-1');
  await expect(badge).toHaveText(String(before + 1));
  await recent
    .getByRole('button', { name: /New order/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/order\/o-e2e-1$/);
  if (before === 0) await expect(badge).toBeHidden();
  else await expect(badge).toHaveText(String(before));

  await adminNotify(seller.email, 'low_stock');
  await expect(badge).toHaveText(String(before + 1));
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByText('Low stock').first()).toBeVisible();
  await expect(badge).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'notifications dialog');
  const answer = await request.get('/api/notifications', {
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect((await answer.json()).unreadToday).toBe(0);
});

test.describe('the consent banner', () => {
  test('Accept is stored and starts analytics with the seller and page views', async ({ page, request }) => {
    await asDemoSeller(page, request);
    await page.goto('/dashboard/home');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expectNoSeriousA11yViolations(page, 'consent banner');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('true');
    const started = await page.evaluate(() => window.__kasuwaAnalytics?.started);
    expect(started).toMatchObject({
      identity: { email: 'demo@kasuwa.ng' },
      capturePageviews: true,
      autocapture: true,
    });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
  });

  test('Decline is stored and starts analytics without identity, page views or autocapture', async ({
    page,
    request,
  }) => {
    await asDemoSeller(page, request);
    await page.goto('/dashboard/home');
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Decline' })
      .click();
    expect(await page.evaluate(() => localStorage.getItem('analyticsConsent'))).toBe('false');
    const record = await page.evaluate(() => window.__kasuwaAnalytics);
    expect(record?.started).toEqual({ identity: null, capturePageviews: false, autocapture: false });
    expect(record?.events.filter((e) => e.event === '$pageview')).toEqual([]);
  });
});

declare global {
  interface Window {
    __kasuwaAnalytics?: {
      started: { identity: { email: string } | null; capturePageviews: boolean; autocapture: boolean } | null;
      events: Array<{ event: string }>;
    };
  }
}
