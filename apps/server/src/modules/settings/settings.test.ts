import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  FEATURE_GATE_REFUSALS,
  type SellerSessionsResponse,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sellerOnboarding, sellers } from '@/db/schema/index.ts';
import { hashPassword } from '@/lib/password.ts';
import { wants } from '@/modules/notifications/notification-preferences.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { someCategory } from '@/test/live.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string } | undefined;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth ?? {}, ...(payload ? { payload } : {}) });

const lagosAddress = {
  country: 'Nigeria',
  state: 'Lagos',
  city: 'Ikeja',
  streetAddress1: '12 Allen Avenue',
  zipCode: '100271',
};

const rowOf = async (id: string) => {
  const [row] = await t.db.select().from(sellers).where(eq(sellers.id, id));
  if (!row) throw new Error('no seller');
  return row;
};

describe('GET /api/seller/settings', () => {
  it('answers the defaults for a new seller, with a link suggested from the store name', async () => {
    const a = await sellerWithToken(t, { storeName: "Ada's Fabrics & Co", accountType: 'individual' });
    const res = await call('GET', '/api/seller/settings', a.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.store).toMatchObject({
      storeName: "Ada's Fabrics & Co",
      storeSlug: null,
      suggestedSlug: 'adas-fabrics-co',
    });
    expect(body.returnsPolicy).toEqual({ returnsAndExchangePolicy: 'kasuwa', returnWindowDays: 7 });
    expect(body.notificationPreferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(body.pickupAddress).toMatchObject({ accountType: 'individual', registered: true, address: null });
  });

  it('refuses a call without a token', async () => {
    expect((await call('GET', '/api/seller/settings', undefined)).statusCode).toBe(401);
  });
});

describe('PUT /api/seller/settings/store-profile', () => {
  it('saves name, description and link, and refuses a link another store holds (any case)', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const saved = await call('PUT', '/api/seller/settings/store-profile', a.auth, {
      storeName: 'Adire House',
      description: 'Hand-dyed adire from Abeokuta.',
      storeSlug: 'Adire-House',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().store).toMatchObject({ storeName: 'Adire House', storeSlug: 'adire-house' });
    expect((await rowOf(a.seller.id)).storeDescription).toBe('Hand-dyed adire from Abeokuta.');

    const clash = await call('PUT', '/api/seller/settings/store-profile', b.auth, {
      storeName: 'Another name',
      storeSlug: 'adire-house',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This store link is already taken. Choose another one.');
    expect((await rowOf(b.seller.id)).storeSlug).toBeNull();

    const nameClash = await call('PUT', '/api/seller/settings/store-profile', b.auth, {
      storeName: 'ADIRE HOUSE',
      storeSlug: 'bola-adire',
    });
    expect(nameClash.statusCode).toBe(409);
    expect(nameClash.json().message).toMatch(/store name is already taken/);
  });

  it('refuses malformed and reserved links with a message, never a 5xx', async () => {
    const a = await sellerWithToken(t);
    for (const storeSlug of ['ab', 'has space', 'trailing-', 'double--hyphen', 'dashboard', 'x'.repeat(41)]) {
      const res = await call('PUT', '/api/seller/settings/store-profile', a.auth, {
        storeName: 'Fine',
        storeSlug,
      });
      expect(res.statusCode, storeSlug).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const long = await call('PUT', '/api/seller/settings/store-profile', a.auth, {
      storeName: 'Fine',
      storeSlug: 'fine-store',
      description: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('PUT /api/seller/settings/pickup-address', () => {
  it('lifts the pickup-address gate of products for an individual seller', async () => {
    const a = await sellerWithToken(t, { accountType: 'individual', hasFilledAddress: false });
    const { categoryId, subCategoryId } = await someCategory(t);
    const product = { name: 'Adire kaftan', categoryId, subCategoryId, price: 18500, stock: 3 };
    const refused = await call('POST', '/api/products', a.auth, product);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PICKUP_ADDRESS_REQUIRED',
      message: FEATURE_GATE_REFUSALS.PICKUP_ADDRESS_REQUIRED.message,
    });

    const saved = await call('PUT', '/api/seller/settings/pickup-address', a.auth, { address: lagosAddress });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().pickupAddress).toMatchObject({
      registered: true,
      address: { ...lagosAddress, streetAddress2: '' },
    });
    const row = await rowOf(a.seller.id);
    expect(row.hasFilledAddress).toBe(true);
    expect(row.sellerAddress).toMatchObject({
      state: 'Lagos',
      city: 'Ikeja',
      addressLine1: '12 Allen Avenue',
    });

    const profile = await call('GET', '/api/seller/profile', a.auth);
    expect(profile.json().hasFilledAddress).toBe(true);
    expect((await call('POST', '/api/products', a.auth, product)).statusCode).toBe(201);
  });

  it('sets the business address and warehouse of a business seller, and hasFilledBusinessAddress', async () => {
    const a = await sellerWithToken(t, { accountType: 'business', hasFilledAddress: false });
    const res = await call('PUT', '/api/seller/settings/pickup-address', a.auth, {
      address: { ...lagosAddress, state: 'Fct', city: 'Garki' },
      warehouse: { name: 'Main store', contactNumber: '+2348031234567', address: lagosAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(a.seller.id);
    expect(row.hasFilledBusinessAddress).toBe(true);
    expect(row.businessAddress).toMatchObject({ state: 'Fct', city: 'Garki' });
    const [onboarding] = await t.db
      .select()
      .from(sellerOnboarding)
      .where(eq(sellerOnboarding.sellerId, a.seller.id));
    expect(onboarding?.warehouseDetails).toMatchObject({ name: 'Main store', address: { city: 'Ikeja' } });
    expect(res.json().pickupAddress.warehouse).toMatchObject({ name: 'Main store' });
  });

  it('refuses a missing field, a warehouse for an individual, and a seller without an account type', async () => {
    const a = await sellerWithToken(t, { accountType: 'individual', hasFilledAddress: false });
    const { city: _city, ...noCity } = lagosAddress;
    const missing = await call('PUT', '/api/seller/settings/pickup-address', a.auth, { address: noCity });
    expect(missing.statusCode).toBe(400);
    const warehouse = await call('PUT', '/api/seller/settings/pickup-address', a.auth, {
      address: lagosAddress,
      warehouse: { name: 'W', contactNumber: '+2348031234567', address: lagosAddress },
    });
    expect(warehouse.statusCode).toBe(400);
    expect((await rowOf(a.seller.id)).hasFilledAddress).toBe(false);

    const untyped = await sellerWithToken(t, { accountType: null, hasFilledAddress: false });
    expect(
      (await call('PUT', '/api/seller/settings/pickup-address', untyped.auth, { address: lagosAddress }))
        .statusCode,
    ).toBe(400);
  });

  it("changes only the caller's address (BOLA)", async () => {
    const a = await sellerWithToken(t, { accountType: 'individual', hasFilledAddress: false });
    const b = await sellerWithToken(t, { accountType: 'individual', hasFilledAddress: false });
    await call('PUT', '/api/seller/settings/pickup-address', a.auth, { address: lagosAddress });
    const other = await rowOf(b.seller.id);
    expect(other.hasFilledAddress).toBe(false);
    expect(other.sellerAddress).toBeNull();
    expect((await call('GET', '/api/seller/settings', b.auth)).json().pickupAddress.address).toBeNull();
  });
});

describe('PUT /api/seller/settings/returns-policy', () => {
  it('keeps the shipping method and stores a custom window; the platform policy is always 7 days', async () => {
    const a = await sellerWithToken(t);
    await t.db.insert(sellerOnboarding).values({
      sellerId: a.seller.id,
      shippingOptions: { shippingMethod: 'pickup', returnsAndExchangePolicy: 'kasuwa', returnWindowDays: 7 },
    });
    const custom = await call('PUT', '/api/seller/settings/returns-policy', a.auth, {
      returnsAndExchangePolicy: 'custom',
      returnWindowDays: 30,
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json().returnsPolicy).toEqual({ returnsAndExchangePolicy: 'custom', returnWindowDays: 30 });
    const [row] = await t.db
      .select()
      .from(sellerOnboarding)
      .where(eq(sellerOnboarding.sellerId, a.seller.id));
    expect(row?.shippingOptions).toMatchObject({ shippingMethod: 'pickup', returnWindowDays: 30 });

    const platform = await call('PUT', '/api/seller/settings/returns-policy', a.auth, {
      returnsAndExchangePolicy: 'kasuwa',
      returnWindowDays: 30,
    });
    expect(platform.json().returnsPolicy).toEqual({
      returnsAndExchangePolicy: 'kasuwa',
      returnWindowDays: 7,
    });
  });

  it('refuses a custom policy without a window, or with 10 days', async () => {
    const a = await sellerWithToken(t);
    const url = '/api/seller/settings/returns-policy';
    expect((await call('PUT', url, a.auth, { returnsAndExchangePolicy: 'custom' })).statusCode).toBe(400);
    expect(
      (await call('PUT', url, a.auth, { returnsAndExchangePolicy: 'custom', returnWindowDays: 10 }))
        .statusCode,
    ).toBe(400);
  });
});

describe('notification preferences', () => {
  const prefs = (over: object) => ({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...over } });

  it('are stored per seller and refused when incomplete', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const res = await call(
      'PUT',
      '/api/seller/settings/notifications',
      a.auth,
      prefs({ orders: { inApp: false, email: false } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notificationPreferences.orders).toEqual({ inApp: false, email: false });
    expect((await call('GET', '/api/seller/settings', b.auth)).json().notificationPreferences.orders).toEqual(
      {
        inApp: true,
        email: true,
      },
    );
    const partial = await call('PUT', '/api/seller/settings/notifications', a.auth, {
      preferences: { orders: { inApp: true, email: true } },
    });
    expect(partial.statusCode).toBe(400);
  });

  it('answer per group and channel, with account types outside every group', () => {
    const muted = { ...DEFAULT_NOTIFICATION_PREFERENCES, returns: { inApp: true, email: false } };
    expect(wants(muted, 'return_approved', 'email')).toBe(false);
    expect(wants(muted, 'return_approved', 'inApp')).toBe(true);
    expect(wants(muted, 'returns', 'email')).toBe(false);
    expect(wants(muted, 'welcome', 'email')).toBe(true);
    expect(wants(DEFAULT_NOTIFICATION_PREFERENCES, 'new_campaign', 'email')).toBe(false);
  });
});

describe('security', () => {
  const PASSWORD = 'Kasuwa#Old2026';

  it('changes the password and ends every other session; this one gets a fresh token', async () => {
    const a = await sellerWithToken(t, { passwordHash: await hashPassword(PASSWORD) });
    const other = await sellerWithToken(t);
    const res = await call('POST', '/api/seller/settings/password', a.auth, {
      currentPassword: PASSWORD,
      newPassword: 'Kasuwa#New2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = { authorization: `Bearer ${res.json().token}` };
    // The token the request came with (the "other device") is over; the fresh one works.
    expect((await call('GET', '/api/seller/profile', a.auth)).statusCode).toBe(401);
    expect((await call('GET', '/api/seller/profile', fresh)).statusCode).toBe(200);
    // Another seller's session is untouched.
    expect((await call('GET', '/api/seller/profile', other.auth)).statusCode).toBe(200);

    const login = await call('POST', '/api/seller/login', undefined, {
      email: a.seller.email,
      password: 'Kasuwa#New2026',
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('refuses a wrong current password and a weak new one, changing nothing', async () => {
    const a = await sellerWithToken(t, { passwordHash: await hashPassword(PASSWORD) });
    const wrong = await call('POST', '/api/seller/settings/password', a.auth, {
      currentPassword: 'nope-123456',
      newPassword: 'Kasuwa#New2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is incorrect');
    const weak = await call('POST', '/api/seller/settings/password', a.auth, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect((await call('GET', '/api/seller/profile', a.auth)).statusCode).toBe(200);
    expect((await rowOf(a.seller.id)).tokenVersion).toBe(0);
  });

  it('lists the devices signed in, marks the one asking, and keeps only it after signing out the others', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const phone = {
      ...a.auth,
      'x-device-id': 'phone-0001-device',
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; TECNO KJ5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    };
    const laptop = {
      ...a.auth,
      'x-device-id': 'laptop-0002-device',
      'user-agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    };
    const sessions = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/seller/settings/sessions', headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SellerSessionsResponse>().sessions;
    };
    expect((await call('GET', '/api/seller/profile', laptop)).statusCode).toBe(200);
    // The device is written beside the request, not before its answer.
    await vi.waitFor(async () => expect(await sessions(phone)).toHaveLength(2), { timeout: 5_000 });
    const listed = await sessions(phone);
    expect(listed.map((s) => [s.device, s.current]).sort()).toEqual([
      ['Chrome on Android', true],
      ['Chrome on Windows', false],
    ]);
    expect(listed[0]?.network).toMatch(/^(127\.0\.0\.x|)$/);
    // Another seller sees none of them; a call without a device id lists nothing for it.
    expect(await sessions(b.auth)).toEqual([]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/settings/sign-out-others',
      headers: phone,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = { ...phone, authorization: `Bearer ${res.json().token}` };
    expect((await call('GET', '/api/seller/profile', laptop)).statusCode).toBe(401);
    await vi.waitFor(
      async () =>
        expect((await sessions(fresh)).map((s) => [s.device, s.current])).toEqual([
          ['Chrome on Android', true],
        ]),
      { timeout: 5_000 },
    );
  });

  it('signs out everywhere else', async () => {
    const a = await sellerWithToken(t);
    const res = await call('POST', '/api/seller/settings/sign-out-others', a.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/seller/profile', a.auth)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/seller/profile', { authorization: `Bearer ${res.json().token}` })).statusCode,
    ).toBe(200);
  });
});
