import { type APIRequestContext, expect } from '@playwright/test';
import { adminKyc } from './server';

/** Numbers the local KYC provider finds under the seller's own name (docs/kyc.md). */
export const KYC_BVN = '22212345678';
export const KYC_NIN = '70123456789';

/**
 * Issue 17: payouts need a verified identity. An individual seller's BVN and NIN through the API,
 * approved by the review team's command, as a seller who did it on the KYC screen would be.
 */
export async function verifiedIdentity(
  request: APIRequestContext,
  seller: { email: string; headers: { Authorization: string } },
) {
  const res = await request.post('/api/seller/kyc', {
    headers: seller.headers,
    data: { kind: 'individual', bvn: KYC_BVN, nin: KYC_NIN },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).status).toBe('pending');
  await adminKyc('approve', seller.email);
}
