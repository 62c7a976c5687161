import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type BuyerAccount, buyNowProduct, saveDeliverySettings } from './orders';
import { storeSession } from './session';

/*
 * Setup for the money journeys (issue 15) through the API, where the UI is not the point: an order
 * bought, paid on the local checkout and delivered (orders.spec.ts and checkout.spec.ts walk those
 * screens), the seller's payout account, a fresh log-in after the clock jumped past the session.
 */

type Headers = Record<string, string>;

/** A valid NUBAN at GTBank (058) that the local bank provider resolves and the local payout provider pays. */
export const PAYOUT_ACCOUNT = { bankCode: '058', accountNumber: '0123456785' } as const;

/**
 * A Buy now order of one `price`-naira product, paid online on the local checkout and delivered to
 * Lagos by the seller (shipping at ₦1,500). Answers the order's id and number.
 */
export async function deliveredOrder(
  request: APIRequestContext,
  seller: { headers: Headers },
  buyer: BuyerAccount,
  product: { name: string; price: number },
) {
  await saveDeliverySettings(request, seller.headers, {
    shipping: { enabled: true, fees: [{ state: 'Lagos', fee: 1500 }] },
  });
  const productId = await buyNowProduct(request, seller.headers, { ...product, stock: 5 });
  const bought = await request.post('/api/checkout/orders', {
    headers: buyer.headers,
    data: {
      idempotencyKey: randomUUID(),
      productId,
      variant: [],
      quantity: 1,
      delivery: {
        method: 'seller',
        address: {
          fullName: buyer.name,
          phoneNumber: '+2348031234567',
          state: 'Lagos',
          city: 'Ikeja',
          addressLine1: '3 Opebi Road',
        },
      },
      paymentMethod: 'online',
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { order, payment } = (await bought.json()) as {
    order: { _id: string; number: string };
    payment: { reference: string } | null;
  };
  if (!payment) throw new Error('an online order without a payment');
  // The local checkout page's "Pay with test card" form.
  const paid = await request.post(`/pay/local/${encodeURIComponent(payment.reference)}`, {
    form: { outcome: 'success' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  for (const step of [
    { action: 'ship', carrier: 'Kwik', trackingNumber: 'KWK-5521' },
    { action: 'delivered' },
  ]) {
    const answer = await request.post(`/api/orders/${order._id}/actions`, {
      headers: seller.headers,
      data: step,
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  return { id: order._id, number: order.number };
}

/** The account payouts go to (an individual seller adds it on the Earnings screen; its dialog is tested in the web's tests). */
export async function savePayoutAccount(
  request: APIRequestContext,
  seller: { headers: Headers; password: string },
) {
  const answer = await request.put('/api/payouts/bank-account', {
    headers: seller.headers,
    data: { ...PAYOUT_ACCOUNT, stepUp: { method: 'password', password: seller.password } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { bankAccount: { accountName: string; bankName: string } };
}

/** Logs the seller in again (through the API) after a jump longer than a session lasts. */
export async function logInAgain(
  page: Page,
  request: APIRequestContext,
  seller: { email: string; password: string },
) {
  const answer = await request.post('/api/seller/login', {
    data: { email: seller.email, password: seller.password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const session = await answer.json();
  await storeSession(page, session);
  return { token: session.token as string, headers: { Authorization: `Bearer ${session.token}` } };
}

/** The seller's balances as the Earnings screen reads them (naira). */
export async function earningsSummary(request: APIRequestContext, headers: Headers) {
  const answer = await request.get('/api/earnings/summary', { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { available: number; pending: number; paidOutThisMonth: number };
}
