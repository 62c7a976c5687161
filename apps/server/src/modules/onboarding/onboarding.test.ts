// Onboarding steps: the account type, the forms, bank details, categories, shipping and approval.
// Documents and images: onboarding-files.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerOnboarding } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { address, auth, gtbAccount, onboardingCalls } from '@/test/onboarding.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimits: { register: { max: 10_000, timeWindow: 60_000 } } });
});
afterAll(() => t.close());

const { newSeller, put, post, sellerRow } = onboardingCalls(() => t);

describe('PUT /api/seller/profile/account-type', () => {
  it('saves the type and answers a token with the next step', async () => {
    const s = await newSeller();
    const res = await put('/api/seller/profile/account-type', { accountType: 'business' }, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), onboardingProcess: 'business-onboarding' });
    expect((await sellerRow(s.id)).accountType).toBe('business');
  });

  it('refuses an unknown type and a missing token', async () => {
    const s = await newSeller();
    expect(
      (await put('/api/seller/profile/account-type', { accountType: 'company' }, s.token)).statusCode,
    ).toBe(400);
    expect((await put('/api/seller/profile/account-type', { accountType: 'business' })).statusCode).toBe(401);
  });
});

describe('PUT /api/seller/business-details', () => {
  it('saves name, type and tax information', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/business-details',
      { businessName: 'Adire Hub Ltd', businessType: 'LLC', taxInformation: 'RC1234567' },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingProcess).toBe('business-information-onboarding');
    expect((await sellerRow(s.id)).businessName).toBe('Adire Hub Ltd');
  });

  it('names the missing field in a 400', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/business-details',
      { businessName: 'Adire Hub', businessType: 'LLC' },
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Business Tax Information is required');
  });

  it('is refused to an individual seller', async () => {
    const s = await newSeller('individual');
    const res = await put(
      '/api/seller/business-details',
      { businessName: 'X', businessType: 'LLC', taxInformation: 'RC1' },
      s.token,
    );
    expect(res.statusCode).toBe(409);
  });
});

describe('PUT /api/seller/business-information and /api/seller/shipping-warehouse', () => {
  it('saves the business address and marks the business address filled', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/business-information',
      { businessEmail: 'Sales@AdireHub.ng', businessNumber: '+2348098765432', businessAddress: address },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingProcess).toBe('business-verification-onboarding');
    const row = await sellerRow(s.id);
    expect(row.hasFilledBusinessAddress).toBe(true);
    expect(row.businessAddress).toMatchObject({ city: 'Ikeja', addressLine1: '14 Obafemi Awolowo Way' });
    const [extra] = await t.db.select().from(sellerOnboarding).where(eq(sellerOnboarding.sellerId, s.id));
    expect(extra?.businessEmail).toBe('sales@adirehub.ng');
  });

  it('checks the e-mail format and the required address fields', async () => {
    const s = await newSeller('business');
    const bad = await put(
      '/api/seller/business-information',
      { businessEmail: 'not-an-email', businessNumber: '+2348098765432', businessAddress: address },
      s.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('valid email');
    const { zipCode: _zip, ...noZip } = address;
    const missing = await put(
      '/api/seller/business-information',
      { businessEmail: 'a@b.ng', businessNumber: '+2348098765432', businessAddress: noZip },
      s.token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Business address zip code is required');
  });

  it('saves the warehouse with an optional address line 2', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/shipping-warehouse',
      {
        warehouseDetails: {
          name: 'Apapa Store',
          contactNumber: '+2348011112222',
          address: {
            country: 'Nigeria',
            state: 'Lagos',
            city: 'Apapa',
            addressLine1: '3 Wharf Road',
            zipCode: '102272',
          },
        },
      },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    const [extra] = await t.db.select().from(sellerOnboarding).where(eq(sellerOnboarding.sellerId, s.id));
    expect(extra?.warehouseDetails?.name).toBe('Apapa Store');
  });

  it('names a missing warehouse field', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/shipping-warehouse',
      {
        warehouseDetails: {
          contactNumber: '+2348011112222',
          address: {
            country: 'Nigeria',
            state: 'Lagos',
            city: 'Apapa',
            addressLine1: '3 Wharf Road',
            zipCode: '1',
          },
        },
      },
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Warehouse name is required');
  });
});

describe('PUT /api/seller/individual-information', () => {
  it('saves the name and address and marks the pickup address filled', async () => {
    const s = await newSeller('individual');
    const res = await put(
      '/api/seller/individual-information',
      { firstName: 'Halima', lastName: 'Musa', sellerAddress: { ...address, streetAddress2: 'Flat 2' } },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingProcess).toBe('individual-verification-onboarding');
    const row = await sellerRow(s.id);
    expect(row).toMatchObject({ firstName: 'Halima', lastName: 'Musa', hasFilledAddress: true });
    expect(row.sellerAddress).toMatchObject({ addressLine2: 'Flat 2' });
  });

  it('names the missing field', async () => {
    const s = await newSeller('individual');
    const { city: _city, ...noCity } = address;
    const res = await put(
      '/api/seller/individual-information',
      { firstName: 'H', lastName: 'M', sellerAddress: noCity },
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Seller address city is required');
  });
});

describe('PUT /api/seller/profile/bank-details', () => {
  const bank = {
    bankCountry: 'Nigeria',
    bankName: 'Guaranty Trust Bank (GTBank)',
    bankAccountType: 'Current',
    accountCurrency: 'NGN',
    accountNumber: gtbAccount(),
    accountName: 'Adire Hub Ltd',
    swiftCode: 'GTBINGLA',
    bankIdentifierCode: '058',
  };

  it('saves the eight fields for a valid NUBAN', async () => {
    const s = await newSeller('business');
    const res = await put('/api/seller/profile/bank-details', bank, s.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingProcess).toBe('business-category-onboarding');
    expect((await sellerRow(s.id)).bankDetails).toMatchObject({ accountNumber: bank.accountNumber });
  });

  it('refuses a Nigerian account number whose check digit is wrong', async () => {
    const s = await newSeller('business');
    const last = Number(bank.accountNumber.at(-1));
    const wrong = `${bank.accountNumber.slice(0, 9)}${(last + 1) % 10}`;
    const res = await put('/api/seller/profile/bank-details', { ...bank, accountNumber: wrong }, s.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('not a valid Guaranty Trust Bank (GTBank) account number');
  });

  it("takes an OPay account number, which is the seller's phone number, not a NUBAN", async () => {
    const s = await newSeller('business');
    const opay = { ...bank, bankName: 'OPay', bankIdentifierCode: '999992', accountNumber: '8031234567' };
    const res = await put('/api/seller/profile/bank-details', opay, s.token);
    expect(res.statusCode, res.body).toBe(200);
    const wrong = await put(
      '/api/seller/profile/bank-details',
      { ...opay, accountNumber: '2031234567' },
      s.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('phone number of the account without its first 0');
  });

  it('takes any bank name and account format outside Nigeria', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/profile/bank-details',
      {
        ...bank,
        bankCountry: 'Ghana',
        bankName: 'GCB Bank',
        accountCurrency: 'GHS',
        accountNumber: '1021130012345',
      },
      s.token,
    );
    expect(res.statusCode).toBe(200);
  });

  it('names a missing field', async () => {
    const s = await newSeller('business');
    const { swiftCode: _swift, ...rest } = bank;
    const res = await put('/api/seller/profile/bank-details', rest, s.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Swift Code is required');
  });
});

describe('categories', () => {
  it('serves the seeded catalogue without a token, each with an image and sub-categories', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json() as {
      categories: Array<{ name: string; image: { url: string }; subCategories: unknown[] }>;
    };
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Fashion', 'Phones & Tablets', 'Groceries']),
    );
    for (const c of categories) expect(c.subCategories.length).toBeGreaterThan(2);
    const image = await t.app.inject({ method: 'GET', url: categories[0]?.image.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('saves the selection and puts the application under review', async () => {
    const s = await newSeller('business');
    const { categories } = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
    const fashion = categories.find((c: { name: string }) => c.name === 'Fashion');
    const res = await post(
      '/api/seller/select-categories',
      {
        categories: [
          { id: fashion._id, name: 'Fashion', subCategories: [{ name: 'Shoes' }, { name: 'Bags' }] },
        ],
      },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().onboardingProcess).toBe('shipping-options-onboarding');
    const [extra] = await t.db.select().from(sellerOnboarding).where(eq(sellerOnboarding.sellerId, s.id));
    expect(extra?.submittedForReviewAt).toBeInstanceOf(Date);
  });

  it('refuses an empty selection and a sub-category of another category', async () => {
    const s = await newSeller('business');
    const { categories } = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
    const empty = await post('/api/seller/select-categories', { categories: [] }, s.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Select at least one category');
    const wrong = await post(
      '/api/seller/select-categories',
      {
        categories: [{ id: categories[0]._id, name: categories[0].name, subCategories: [{ name: 'Tyres' }] }],
      },
      s.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('Tyres is not a sub-category');
  });
});

describe('PUT /api/seller/shipping-options', () => {
  it('saves a custom 14-day policy once the terms are accepted', async () => {
    const s = await newSeller('business');
    const res = await put(
      '/api/seller/shipping-options',
      {
        shippingMethod: 'seller',
        returnsAndExchangePolicy: 'custom',
        returnWindowDays: 14,
        agreedToTerms: true,
      },
      s.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      onboardingProcess: 'create-profile',
      shippingOptions: { returnWindowDays: 14 },
    });
  });

  it('refuses unaccepted terms, Shipped by Kasuwa and a custom policy without its window', async () => {
    const s = await newSeller('business');
    const base = { shippingMethod: 'pickup', returnsAndExchangePolicy: 'kasuwa', agreedToTerms: true };
    expect(
      (await put('/api/seller/shipping-options', { ...base, agreedToTerms: false }, s.token)).json().message,
    ).toContain('accept the shipping and returns terms');
    expect(
      (await put('/api/seller/shipping-options', { ...base, shippingMethod: 'kasuwa' }, s.token)).statusCode,
    ).toBe(400);
    expect(
      (
        await put('/api/seller/shipping-options', { ...base, returnsAndExchangePolicy: 'custom' }, s.token)
      ).json().message,
    ).toContain('returnWindowDays');
  });
});

describe('approval', () => {
  it('shows isVerified on the profile once an admin approves the seller', async () => {
    const s = await newSeller('individual');
    const before = await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: auth(s.token) });
    expect(before.json().isVerified).toBe(false);
    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sellers/approve',
      payload: { email: s.email },
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/seller/profile', headers: auth(s.token) });
    expect(after.json().isVerified).toBe(true);
  });
});
