import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { approvedSeller, storeSession } from './session';

/**
 * A fresh approved individual seller with a pickup address (the two conditions of the route guard
 * of SPEC section 5 for products and live shows), logged in on `page`. Made through the API: the
 * onboarding has its own journey. `prefix` names the seller's e-mail after the spec using it.
 */
export async function sellerWithPickupAddress(page: Page, request: APIRequestContext, prefix: string) {
  const seller = await approvedSeller(request, prefix);
  let headers = { Authorization: `Bearer ${seller.token}` };
  // The individual path: its address is the pickup address. Each step answers a fresh token.
  const type = await request.put('/api/seller/profile/account-type', {
    headers,
    data: { accountType: 'individual' },
  });
  expect(type.status(), await type.text()).toBe(200);
  headers = { Authorization: `Bearer ${(await type.json()).token}` };
  const address = await request.put('/api/seller/individual-information', {
    headers,
    data: {
      firstName: seller.firstName,
      lastName: seller.lastName,
      sellerAddress: {
        country: 'Nigeria',
        state: 'Lagos',
        city: 'Ikeja',
        streetAddress1: '12 Allen Avenue',
        zipCode: '100271',
      },
    },
  });
  expect(address.status(), await address.text()).toBe(200);
  const token: string = (await address.json()).token;
  headers = { Authorization: `Bearer ${token}` };
  const profile = await request.get('/api/seller/profile', { headers });
  expect(profile.status()).toBe(200);
  const user = await profile.json();
  await storeSession(page, { token, user });
  // The consent banner is answered elsewhere; here it would cover the screens' buttons.
  await page.evaluate(() => localStorage.setItem('analyticsConsent', 'false'));
  return { ...seller, token, headers, sellerId: user._id as string };
}
