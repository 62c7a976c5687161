import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerOnboarding } from '@/db/schema/index.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import {
  type CheckoutTestApp,
  checkoutTestApp,
  saveSettings,
  sellingSeller,
  settingsBody,
} from '@/test/checkout.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: CheckoutTestApp;
beforeAll(async () => {
  t = await checkoutTestApp();
});
afterAll(async () => {
  await t.close();
});

type Auth = { authorization: string } | Record<string, never>;
const getSettings = (auth: Auth) =>
  t.app.inject({ method: 'GET', url: '/api/settings/delivery', headers: auth });
const putSettings = (auth: Auth, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/delivery', headers: auth, payload: payload as object });
const options = (sellerId: string) =>
  t.app.inject({ method: 'GET', url: `/api/checkout/sellers/${sellerId}/options` });

describe('the seller delivery settings', () => {
  it('answers defaults to a seller who never saved any: shipping on with no fees, pickup and pay on delivery off', async () => {
    const { auth } = await sellerWithToken(t);
    const res = await getSettings(auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({
      shipping: { enabled: true, fees: [] },
      pickup: { enabled: false },
      payOnDelivery: { enabled: false, cap: 0 },
      lowStockThreshold: 2,
      paymentWindowHours: 24,
    });
  });

  it('turns store pickup on by default when onboarding chose store pickup and there is a pickup address', async () => {
    const { seller, auth } = await sellerWithToken(t);
    await t.db.insert(sellerOnboarding).values({
      sellerId: seller.id,
      shippingOptions: { shippingMethod: 'pickup', returnsAndExchangePolicy: 'kasuwa', returnWindowDays: 7 },
      warehouseDetails: {
        name: 'Main store',
        contactNumber: '+2348031234567',
        address: {
          country: 'Nigeria',
          state: 'Oyo',
          city: 'Ibadan North',
          addressLine1: '3 Ring Road',
          zipCode: '200001',
        },
      },
    });
    expect((await getSettings(auth)).json().settings.pickup).toEqual({ enabled: true });
    const opts = (await options(seller.id)).json();
    expect(opts.pickup).toEqual({ enabled: true, address: '3 Ring Road, Ibadan North, Oyo' });
  });

  it('saves fees in naira per state under the reference spelling, and reads them back', async () => {
    const seller = await sellingSeller(t);
    const body = settingsBody({
      shipping: {
        enabled: true,
        fees: [
          { state: 'oyo', fee: 4000.5 },
          { state: 'Federal Capital Territory', fee: 6000 },
        ],
      },
    });
    const put = await putSettings(seller.auth, body);
    expect(put.statusCode, put.body).toBe(200);
    const read = (await getSettings(seller.auth)).json().settings;
    expect(read.shipping.fees).toEqual([
      { state: 'Fct', fee: 6000 },
      { state: 'Oyo', fee: 4000.5 },
    ]);
    expect(read.payOnDelivery).toEqual({ enabled: true, cap: 50_000 });
  });

  it('refuses a state named twice, a state that is not Nigerian, and a negative fee', async () => {
    const seller = await sellingSeller(t);
    const twice = await putSettings(
      seller.auth,
      settingsBody({
        shipping: {
          enabled: true,
          fees: [
            { state: 'Lagos', fee: 1 },
            { state: 'lagos', fee: 2 },
          ],
        },
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Lagos has more than one delivery fee; keep one');
    const unknown = await putSettings(
      seller.auth,
      settingsBody({ shipping: { enabled: true, fees: [{ state: 'Accra', fee: 1 }] } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Accra is not a Nigerian state');
    const negative = await putSettings(
      seller.auth,
      settingsBody({ shipping: { enabled: true, fees: [{ state: 'Lagos', fee: -5 }] } }),
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/Fee cannot be negative/);
  });

  it('refuses store pickup without a pickup address, and pay on delivery without a cap', async () => {
    const { auth } = await sellerWithToken(t, { hasFilledAddress: false });
    const pickup = await putSettings(auth, settingsBody());
    expect(pickup.statusCode).toBe(400);
    expect(pickup.json().message).toBe('Register your pickup address before offering store pickup');
    const cap = await putSettings(
      auth,
      settingsBody({ pickup: { enabled: false }, payOnDelivery: { enabled: true, cap: 0 } }),
    );
    expect(cap.statusCode).toBe(400);
    expect(cap.json().message).toBe('Set the largest order total a buyer may pay on delivery');
  });

  it("is each seller's own: another seller neither reads nor changes the first's settings", async () => {
    const first = await sellingSeller(t);
    const second = await sellerWithToken(t);
    expect((await getSettings(second.auth)).json().settings.shipping.fees).toEqual([]);
    await saveSettings(
      t,
      second.auth,
      settingsBody({ pickup: { enabled: false }, shipping: { enabled: false, fees: [] } }),
    );
    expect((await getSettings(first.auth)).json().settings.shipping.fees).toHaveLength(2);
  });

  it('needs a seller: no token and a buyer token are 401', async () => {
    expect((await getSettings({})).statusCode).toBe(401);
    const buyer = await buyerWithToken(t);
    expect((await getSettings(buyer.auth)).statusCode).toBe(401);
    expect((await putSettings(buyer.auth, settingsBody())).statusCode).toBe(401);
  });
});

describe('a seller delivery options, as buyers see them', () => {
  it('lists the fees per state, pickup with its address on one line, and the pay on delivery cap', async () => {
    const seller = await sellingSeller(t);
    const res = await options(seller.seller.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      shipping: {
        enabled: true,
        fees: [
          { state: 'Lagos', fee: 2500 },
          { state: 'Oyo', fee: 4000 },
        ],
      },
      pickup: { enabled: true, address: '12 Allen Avenue, Ikeja, Lagos' },
      payOnDelivery: { enabled: true, cap: 50_000 },
    });
  });

  it('answers 404 for an unknown or blocked seller and 400 for an id that is not one', async () => {
    expect((await options('6f1c1d9e-1111-4a4a-8888-000000000000')).statusCode).toBe(404);
    const blocked = await sellerWithToken(t, { isBlocked: true });
    expect((await options(blocked.seller.id)).statusCode).toBe(404);
    expect((await options('nope')).statusCode).toBe(400);
  });
});
