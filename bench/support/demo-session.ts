import type { Page } from '@playwright/test';

/** The demo seller of a server started with SEED_DEMO=1 (apps/server/src/seed). */
export const DEMO_SELLER = { email: 'demo@kasuwa.ng', password: 'KasuwaDemo#2026' } as const;

export type DemoLogin = {
  token: string;
  user: { _id: string; emailVerified?: boolean; onboardingProcess?: string } & Record<string, unknown>;
};

/** Logs the demo seller in through the API: the answer holds the token and the seller. */
export async function demoLogin(base: string): Promise<DemoLogin> {
  const answer = await fetch(`${base}/api/seller/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SELLER),
  });
  if (!answer.ok) throw new Error(`demo log-in: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as DemoLogin;
}

/**
 * Stores the session in `page`'s origin the way the web app stores it after a log-in (and answers
 * the analytics question, as a returning seller has), so the next page load is signed in.
 */
export async function storeDemoSession(page: Page, base: string, login: DemoLogin): Promise<void> {
  // A page of the origin with no script of the app's: a browser that has run none of the app's code
  // has none of it compiled, so the load measured next is as cold as a phone's first visit.
  await page.goto(`${base}/api/health`);
  await page.evaluate((answer) => {
    localStorage.setItem(
      'sellerToken',
      JSON.stringify({ data: answer.user, token: answer.token, isVerified: answer.user.emailVerified }),
    );
    localStorage.setItem('seller', JSON.stringify(answer.user));
    if (answer.user.onboardingProcess)
      localStorage.setItem('onboardingProcess', JSON.stringify(answer.user.onboardingProcess));
    localStorage.setItem('analyticsConsent', 'false');
  }, login);
}
