// Onboarding uploads: verification documents and profile images, checked by content.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { minimalCfb, minimalDocx, minimalXlsx } from '@/test/office-files.ts';
import { auth, EXE, onboardingCalls, PDF, png } from '@/test/onboarding.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ authRateLimits: { register: { max: 10_000, timeWindow: 60_000 } } });
});
afterAll(() => t.close());

const { newSeller, sellerRow, upload, uploadedFiles } = onboardingCalls(() => t);

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
