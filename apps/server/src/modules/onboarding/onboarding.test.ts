import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { nubanCheckDigit } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerOnboarding, sellers } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { minimalCfb, minimalDocx, minimalXlsx } from '@/test/office-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimits: { register: { max: 10_000, timeWindow: 60_000 } } });
});
afterAll(() => t.close());

let n = 0;
async function newSeller(accountType?: 'business' | 'individual') {
  n += 1;
  const email = `onboard${n}@example.ng`;
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/seller/register',
    payload: {
      firstName: 'Tunde',
      lastName: 'Bakare',
      email,
      password: 'Ibadan2026shop',
      phoneNumber: '+2348031234567',
      storeName: `Tunde Gadgets ${n}`,
    },
  });
  expect(reg.statusCode).toBe(201);
  let token = reg.json().token as string;
  const id = reg.json().user._id as string;
  if (accountType) {
    const res = await put('/api/seller/profile/account-type', { accountType }, token);
    expect(res.statusCode).toBe(200);
    token = res.json().token;
  }
  return { id, email, token };
}

const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const put = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: auth(token) });
const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const sellerRow = async (id: string) => {
  const [row] = await t.db.select().from(sellers).where(eq(sellers.id, id));
  if (!row) throw new Error('no seller');
  return row;
};

type Part = { field: string; filename: string; content: Buffer; type?: string };
function multipart(parts: Part[]) {
  const boundary = `----kasuwa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (url: string, parts: Part[], token: string) => {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...auth(token) },
  });
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A Windows executable's header ("MZ" ... "PE"), whatever name it travels under.
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#12833f' } })
    .png()
    .toBuffer();

const uploadedFiles = async () => {
  const root = (t.storage.scratchDir as string).replace(/\/\.incoming$/, '');
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
    );
    return nested.flat();
  };
  return walk(root);
};

/** A valid NUBAN at GTBank (058): nine digits and the check digit the CBN rule gives. */
const gtbAccount = (serial = '012345678') => `${serial}${nubanCheckDigit('058', serial)}`;

const address = {
  country: 'Nigeria',
  state: 'Lagos',
  city: 'Ikeja',
  streetAddress1: '14 Obafemi Awolowo Way',
  zipCode: '100271',
};

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

describe('verification documents', () => {
  it('stores both company documents, checked by content, and lists them', async () => {
    const s = await newSeller('business');
    const res = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.pdf', content: PDF, type: 'application/pdf' },
        { field: 'businessTaxId', filename: 'tin scan.png', content: await png(), type: 'image/png' },
      ],
      s.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.onboardingProcess).toBe('business-bank-onboarding');
    expect(body.documents.map((d: { kind: string; mimeType: string }) => [d.kind, d.mimeType])).toEqual([
      ['certificateOfIncorporation', 'application/pdf'],
      ['businessTaxId', 'image/png'],
    ]);
    const file = await t.app.inject({ method: 'GET', url: body.documents[0].url, headers: auth(s.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it("does not show one seller's document to another", async () => {
    const owner = await newSeller('business');
    const res = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.pdf', content: PDF },
        { field: 'businessTaxId', filename: 'tin.pdf', content: PDF },
      ],
      owner.token,
    );
    const url = res.json().documents[0].url as string;
    const other = await newSeller('business');
    const stolen = await t.app.inject({ method: 'GET', url, headers: auth(other.token) });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses an executable renamed .pdf with 415 and keeps no file or record', async () => {
    const s = await newSeller('business');
    const before = await uploadedFiles();
    const res = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.pdf', content: PDF },
        { field: 'businessTaxId', filename: 'tax.pdf', content: EXE, type: 'application/pdf' },
      ],
      s.token,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('businessTaxId must be a PDF, Word document');
    expect(await uploadedFiles()).toEqual(before);
    const list = await t.app.inject({ method: 'GET', url: '/api/seller/documents', headers: auth(s.token) });
    expect(list.json().documents).toEqual([]);
    expect((await sellerRow(s.id)).onboardingProcess).toBe('business-onboarding');
  });

  it('refuses a document over 10 MB with 413 and keeps no file', async () => {
    const s = await newSeller('business');
    const before = await uploadedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const res = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.pdf', content: PDF },
        { field: 'businessTaxId', filename: 'big.pdf', content: big },
      ],
      s.token,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('at most 10 MB');
    expect(await uploadedFiles()).toEqual(before);
  });

  it('names a missing document', async () => {
    const s = await newSeller('individual');
    const res = await upload(
      '/api/seller/verification/individual',
      [
        { field: 'individualTaxId', filename: 'tin.pdf', content: PDF },
        { field: 'governmentId', filename: 'nin.png', content: await png() },
      ],
      s.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Missing document: proofOfAddress');
  });

  it('takes a Word .docx, judged by its content whatever its name, and serves it back unchanged', async () => {
    const s = await newSeller('business');
    const docx = minimalDocx();
    const res = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'CAC certificate.docx', content: docx },
        { field: 'businessTaxId', filename: 'tin', content: PDF },
      ],
      s.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [certificate] = res.json().documents;
    expect(certificate).toMatchObject({
      kind: 'certificateOfIncorporation',
      fileName: 'CAC certificate.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: docx.length,
    });
    const file = await t.app.inject({ method: 'GET', url: certificate.url, headers: auth(s.token) });
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(file.rawPayload.equals(docx)).toBe(true);
  });

  it('takes a Word 97-2003 .doc, but no other OLE2 file, and no spreadsheet renamed .docx', async () => {
    const s = await newSeller('business');
    const ok = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.doc', content: minimalCfb('WordDocument') },
        { field: 'businessTaxId', filename: 'tin.pdf', content: PDF },
      ],
      s.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().documents[0].mimeType).toBe('application/msword');

    const other = await newSeller('business');
    const xls = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.pdf', content: PDF },
        { field: 'businessTaxId', filename: 'tin.doc', content: minimalCfb('Workbook') },
      ],
      other.token,
    );
    expect(xls.statusCode).toBe(415);
    expect(xls.json().message).toContain('businessTaxId must be a PDF, Word document');
    expect(xls.json().message).toContain('not a Word document');

    const xlsx = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.docx', content: minimalXlsx() },
        { field: 'businessTaxId', filename: 'tin.pdf', content: PDF },
      ],
      other.token,
    );
    expect(xlsx.statusCode).toBe(415);
    expect(xlsx.json().message).toContain('spreadsheetml');
  });

  it('keeps documents on file: coming back, a seller sends only what they replace, or nothing', async () => {
    const s = await newSeller('business');
    const first = await upload(
      '/api/seller/verification/company',
      [
        { field: 'certificateOfIncorporation', filename: 'cac.pdf', content: PDF },
        { field: 'businessTaxId', filename: 'tin.pdf', content: PDF },
      ],
      s.token,
    );
    expect(first.statusCode).toBe(200);
    const [certificate] = first.json().documents;
    const filesBefore = await uploadedFiles();

    const replaced = await upload(
      '/api/seller/verification/company',
      [{ field: 'businessTaxId', filename: 'tin-2026.png', content: await png() }],
      s.token,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().onboardingProcess).toBe('business-bank-onboarding');
    const docs = replaced.json().documents as Array<{ _id: string; kind: string; fileName: string }>;
    expect(docs.map((d) => [d.kind, d.fileName])).toEqual([
      ['certificateOfIncorporation', 'cac.pdf'],
      ['businessTaxId', 'tin-2026.png'],
    ]);
    expect(docs[0]?._id).toBe(certificate._id);
    // The replaced file is gone from storage, not left behind.
    expect((await uploadedFiles()).length).toBe(filesBefore.length);

    const nothingNew = await upload('/api/seller/verification/company', [], s.token);
    expect(nothingNew.statusCode, nothingNew.body).toBe(200);
    expect(nothingNew.json().documents.map((d: { _id: string }) => d._id)).toEqual(docs.map((d) => d._id));
  });

  it('takes the three individual documents and moves to create-profile', async () => {
    const s = await newSeller('individual');
    const res = await upload(
      '/api/seller/verification/individual',
      [
        { field: 'individualTaxId', filename: 'tin.pdf', content: PDF },
        { field: 'governmentId', filename: 'nin.png', content: await png() },
        { field: 'proofOfAddress', filename: 'bill.pdf', content: PDF },
      ],
      s.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().onboardingProcess).toBe('create-profile');
  });
});

describe('profile images', () => {
  it('re-encodes the avatar as WebP without EXIF and serves it publicly', async () => {
    const s = await newSeller('individual');
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f97316' } })
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .jpeg()
      .toBuffer();
    const res = await upload(
      '/api/seller/profile/avatar',
      [{ field: 'avatar', filename: 'profile-image.jpg', content: jpeg }],
      s.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect((await sellerRow(s.id)).storeAvatarUrl).toBe(url);
  });

  it('finishes onboarding when both images are in, even sent in parallel', async () => {
    const s = await newSeller('individual');
    await t.db.update(sellers).set({ onboardingProcess: 'create-profile' }).where(eq(sellers.id, s.id));
    const [avatar, banner] = await Promise.all([
      upload(
        '/api/seller/profile/avatar',
        [{ field: 'avatar', filename: 'profile-image.jpg', content: await png(300, 300) }],
        s.token,
      ),
      upload(
        '/api/seller/profile/banner',
        [{ field: 'banner', filename: 'banner-image.jpg', content: await png(1584, 396) }],
        s.token,
      ),
    ]);
    expect(avatar.statusCode).toBe(200);
    expect(banner.statusCode).toBe(200);
    expect((await sellerRow(s.id)).onboardingProcess).toBe('account-approval');
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const s = await newSeller('individual');
    const res = await upload(
      '/api/seller/profile/banner',
      [{ field: 'banner', filename: 'banner-image.jpg', content: PDF, type: 'image/jpeg' }],
      s.token,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('banner must be an image');
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
