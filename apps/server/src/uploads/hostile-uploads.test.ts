import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerDocuments } from '@/db/schema/index.ts';
import { blipCalls, video, videoFixture } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FormPart, multipartForm } from '@/test/multipart.ts';
import { PDF, png } from '@/test/onboarding.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let auth: { authorization: string };
let individual: { authorization: string };
let productId: string;
let image: Buffer;
let webm: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  auth = (await sellerWithToken(t)).auth;
  individual = (await sellerWithToken(t, { accountType: 'individual' })).auth;
  productId = (await blipCalls(() => t).product(auth))._id;
  image = await png();
  webm = await videoFixture('blip.webm');
});
afterAll(() => t?.close());

/** Every upload route with a form it accepts; each case below breaks one thing about it. */
const uploadRoutes = () => [
  { url: '/api/products/images', who: auth, parts: [{ field: 'image', filename: 'a.png', content: image }] },
  { url: `/api/products/${productId}/blips`, who: auth, parts: [video(webm)] },
  {
    url: '/api/streams/media',
    who: auth,
    parts: [{ field: 'coverImage', filename: 'a.png', content: image }],
  },
  {
    url: '/api/seller/profile/avatar',
    who: auth,
    parts: [{ field: 'avatar', filename: 'a.png', content: image }],
  },
  {
    url: '/api/seller/profile/banner',
    who: auth,
    parts: [{ field: 'banner', filename: 'a.png', content: image }],
  },
  {
    url: '/api/seller/verification/individual',
    who: individual,
    parts: ['individualTaxId', 'governmentId', 'proofOfAddress'].map((field) => ({
      field,
      filename: `${field}.pdf`,
      content: PDF,
    })),
  },
];

const send = (url: string, who: object, payload: Buffer, contentType: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...who, 'content-type': contentType } });

describe('a malformed multipart request on every upload route', () => {
  it('answers 400 with a message when the boundary is missing or does not match the body', async () => {
    for (const route of uploadRoutes()) {
      const form = multipartForm(route.parts as FormPart[]);
      for (const type of ['multipart/form-data', 'multipart/form-data; boundary=not-the-one']) {
        const res = await send(route.url, route.who, form.payload, type);
        expect(res.statusCode, `${route.url} ${type}: ${res.body}`).toBe(400);
        expect(res.json().message).toMatch(/multipart/i);
      }
    }
  });

  it('answers 400 for a body cut off in the middle of a file', async () => {
    for (const route of uploadRoutes()) {
      const form = multipartForm(route.parts as FormPart[]);
      const cut = form.payload.subarray(0, Math.floor(form.payload.length / 2));
      const res = await send(route.url, route.who, cut, form.headers['content-type']);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(400);
    }
  });
});

describe('hostile file names and text fields', () => {
  it('accepts a file name holding NUL or a right-to-left override only as a safe name of our own', async () => {
    const NUL = String.fromCharCode(0);
    for (const name of [`cv${NUL}.pdf`, 'cv\u202Efdp.exe', 'a\ud800.pdf']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/seller/verification/individual',
        ...(() => {
          const form = multipartForm(
            ['individualTaxId', 'governmentId', 'proofOfAddress'].map((field) => ({
              field,
              filename: name,
              content: PDF,
            })),
          );
          return { payload: form.payload, headers: { ...form.headers, ...individual } };
        })(),
      });
      expect([201, 200, 400], res.body).toContain(res.statusCode);
    }
    const names = (await t.db.select({ name: sellerDocuments.originalName }).from(sellerDocuments)).map(
      (r) => r.name,
    );
    expect(names.length).toBeGreaterThan(0);
    for (const stored of names) expect(stored).toMatch(/^[\p{L}\p{N} ._()-]+$/u);
    for (const route of uploadRoutes()) {
      const parts = (route.parts as FormPart[]).map((p) => ({ ...p, filename: `x${NUL}\u202Egnp.exe` }));
      const form = multipartForm(parts);
      const res = await send(route.url, route.who, form.payload, form.headers['content-type']);
      expect(res.statusCode, `${route.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  // (An unpaired surrogate cannot travel in a multipart body: its UTF-8 bytes decode as U+FFFD.)
  it('refuses a blip caption holding NUL or another control character with 400 naming the field', async () => {
    for (const caption of [`new${String.fromCharCode(0)}stock`, 'ring \u0007 bell']) {
      const form = multipartForm([video(webm), { field: 'caption', value: caption }]);
      const res = await send(
        `/api/products/${productId}/blips`,
        auth,
        form.payload,
        form.headers['content-type'],
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^caption /);
    }
  });
});
