import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { admin, codeFromOutbox, uniqueSeller } from './server';

/** The seller the server seeds on first start (README). */
export const DEMO_SELLER = { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' } as const;

export interface LoginAnswer {
  token: string;
  user: { _id: string; email: string; emailVerified: boolean; onboardingProcess: string | null };
}

// The server allows 20 log-ins a minute from one address and both browser projects share it, so
// each worker logs the demo seller in once through the API and reuses the answer (there is no
// server-side logout, so the token stays good for the run).
let demoLogin: Promise<LoginAnswer> | null = null;

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<LoginAnswer> {
  const response = await request.post('/api/seller/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

export function demoSession(request: APIRequestContext): Promise<LoginAnswer> {
  demoLogin ??= apiLogin(request, DEMO_SELLER.email, DEMO_SELLER.password).catch((error: unknown) => {
    demoLogin = null;
    throw error;
  });
  return demoLogin;
}

/** Puts a session into the browser's storage the way the app stores one (SPEC §3), without the UI. */
export async function storeSession(page: Page, session: LoginAnswer) {
  // Storage belongs to the origin, so the page must be on it first; /login needs no session.
  await page.goto('/login');
  await page.evaluate((answer) => {
    localStorage.setItem(
      'sellerToken',
      JSON.stringify({ data: answer.user, token: answer.token, isVerified: answer.user.emailVerified }),
    );
    localStorage.setItem('seller', JSON.stringify(answer.user));
    if (answer.user.onboardingProcess) {
      localStorage.setItem('onboardingProcess', JSON.stringify(answer.user.onboardingProcess));
    }
  }, session);
}

/** Logs the demo seller in for a test that is about something after the log-in. */
export async function asDemoSeller(page: Page, request: APIRequestContext) {
  await storeSession(page, await demoSession(request));
}

export type TestSeller = ReturnType<typeof uniqueSeller>;

/** A seller with a verified e-mail, made through the API (not a journey under test here). */
export async function verifiedSeller(
  request: APIRequestContext,
  prefix = 'seller',
): Promise<TestSeller & { token: string }> {
  const seller = uniqueSeller(prefix);
  const register = await request.post('/api/seller/register', {
    data: { ...seller, phoneNumber: `+234${seller.phoneNumber}` },
  });
  expect(register.status(), await register.text()).toBe(201);
  const otp = await codeFromOutbox(seller.email, /verification/);
  const verify = await request.post('/api/seller/verify-otp', { data: { email: seller.email, otp } });
  expect(verify.status(), await verify.text()).toBe(200);
  const { token } = (await verify.json()) as { token: string };
  return { ...seller, token };
}

/**
 * A seller who can use the dashboard: verified, approved by an admin, onboarding finished, so
 * logging in lands on /dashboard/home.
 */
export async function approvedSeller(request: APIRequestContext, prefix = 'seller') {
  const seller = await verifiedSeller(request, prefix);
  await admin('approve', seller.email);
  const marker = await request.put('/api/seller/onboarding-process', {
    data: { onboardingProcess: 'account-approval' },
    headers: { Authorization: `Bearer ${seller.token}` },
  });
  expect(marker.status(), await marker.text()).toBe(200);
  return seller;
}

/**
 * Until the app runs, a page painted at build time (login.html, the dashboard's dashboard-*.html)
 * shows its first screen, inert; the app's first commit hides it and it leaves the page a task
 * later. A locator that counts hidden elements (by label, by text) finds both copies in that task.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('#first-paint')).toHaveCount(0);
}

/** Logs in through the log-in screen, as a seller would (once the app runs: typing needs it). */
export async function logInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await appStarted(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
