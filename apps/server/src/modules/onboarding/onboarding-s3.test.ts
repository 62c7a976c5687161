import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import type { s3Storage } from '@/storage/s3-storage.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FakeS3, fakeS3Storage, startFakeS3 } from '@/test/fake-s3.ts';
import { minimalDocx } from '@/test/office-files.ts';

/** The app as several API nodes run it: uploads in an S3 bucket (s3rver here), not on local disk. */
let s3: FakeS3;
let t: TestApp;
let storage: Awaited<ReturnType<typeof s3Storage>>;
let bucket: S3Client;
let scratchRoot: string;

beforeAll(async () => {
  s3 = await startFakeS3();
  scratchRoot = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-s3-scratch-'));
  storage = await fakeS3Storage(s3, path.join(scratchRoot, 'upload-scratch'));
  t = await buildTestApp({ storage });
  await seedCatalogue(t.db, storage);
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
});
afterAll(async () => {
  await t.close();
  storage.close();
  bucket.destroy();
  await s3.stop();
  await rm(scratchRoot, { recursive: true, force: true });
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function businessSeller() {
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/seller/register',
    payload: {
      firstName: 'Chioma',
      lastName: 'Eze',
      email: 'chioma@example.ng',
      password: 'Enugu2026shop',
      phoneNumber: '+2348021234567',
      storeName: 'Chioma Prints',
    },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const type = await t.app.inject({
    method: 'PUT',
    url: '/api/seller/profile/account-type',
    payload: { accountType: 'business' },
    headers: auth(reg.json().token),
  });
  return { id: reg.json().user._id as string, token: type.json().token as string };
}

function multipart(parts: Array<{ field: string; filename: string; content: Buffer }>) {
  const boundary = '----kasuwas3test';
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    p.content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const keysUnder = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? [])
    .map((o) => o.Key)
    .sort();

describe('onboarding with S3 storage', () => {
  it('stores verification documents in the bucket and serves them back to their owner', async () => {
    const seller = await businessSeller();
    const docx = minimalDocx();
    const scan = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#0a7c3e' } })
      .png()
      .toBuffer();
    const form = multipart([
      { field: 'certificateOfIncorporation', filename: 'cac.docx', content: docx },
      { field: 'businessTaxId', filename: 'tin.png', content: scan },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/seller/verification/company',
      payload: form.payload,
      headers: { ...form.headers, ...auth(seller.token) },
    });
    expect(res.statusCode, res.body).toBe(200);

    const stored = await keysUnder(`documents/${seller.id}/`);
    expect(stored).toHaveLength(2);
    expect(stored.some((key) => key?.endsWith('.docx'))).toBe(true);
    // Nothing waits in the scratch folder once the files are in the bucket.
    expect(await readdir(storage.scratchDir)).toEqual([]);

    const documents = res.json().documents as Array<{ url: string; mimeType: string }>;
    const download = await t.app.inject({
      method: 'GET',
      url: documents[0]?.url ?? '',
      headers: auth(seller.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(docx)).toBe(true);
    const image = await t.app.inject({
      method: 'GET',
      url: documents[1]?.url ?? '',
      headers: auth(seller.token),
    });
    expect(image.rawPayload.equals(scan)).toBe(true);

    // Sending the tax ID again replaces it in the bucket: the old object is deleted.
    const again = multipart([
      { field: 'businessTaxId', filename: 'tin.docx', content: minimalDocx('TIN 12345678-0001') },
    ]);
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/seller/verification/company',
      payload: again.payload,
      headers: { ...again.headers, ...auth(seller.token) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = await keysUnder(`documents/${seller.id}/`);
    expect(after).toHaveLength(2);
    expect(after.filter((key) => stored.includes(key))).toHaveLength(1);
  });

  it('serves the seeded category pictures from the bucket', async () => {
    const { categories } = (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
    const picture = await t.app.inject({ method: 'GET', url: categories[0].image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await keysUnder('public/categories/')).length).toBeGreaterThanOrEqual(categories.length);
  });
});
