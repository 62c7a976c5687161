import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_COOKIE, mediaAccess } from '@/lib/media-access.ts';
import { blipCalls } from '@/test/blips.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { buyerWithToken } from '@/test/buyers.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof sellerWithToken>>;
let b: Awaited<ReturnType<typeof sellerWithToken>>;
const calls = blipCalls(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  a = await sellerWithToken(t);
  b = await sellerWithToken(t);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe("a blip's files are served only where its product is visible", () => {
  it("plays a draft's blip to its seller (token or media cookie, byte ranges too) and 404s it to everyone else", async () => {
    const product = await calls.product(a.auth, { status: 'draft' });
    const blip = await calls.uploadOk(a.auth, product._id);
    const buyer = await buyerWithToken(t);
    for (const headers of [{}, b.auth, buyer.auth]) {
      expect((await get(blip.videoUrl, headers)).statusCode, JSON.stringify(headers)).toBe(404);
    }
    const cookie = `${MEDIA_COOKIE}=${mediaAccess(t.jwtSecret, t.clock).cookieValue(a.seller.id)}`;
    for (const headers of [a.auth, { cookie }]) {
      const res = await get(blip.videoUrl, { ...headers, range: 'bytes=0-99' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    }
  });

  it("plays a visible product's blip to anyone, cached by shared caches", async () => {
    const product = await calls.product(a.auth);
    const blip = await calls.uploadOk(a.auth, product._id);
    const res = await get(blip.videoUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
