import fs from 'node:fs/promises';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { blipLikes, notifications, subCategories } from '@/db/schema/index.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { type FormPart, multipartForm } from '@/test/multipart.ts';

type Auth = { authorization: string };

/** A short real video from `apps/server/fixtures/videos/`. */
export const videoFixture = (name: string) =>
  fs.readFile(new URL(`../../fixtures/videos/${name}`, import.meta.url));

/** The multipart part of a blip's video. */
export const video = (content: Buffer, filename = 'clip.webm'): FormPart => ({
  field: 'video',
  filename,
  content,
});

export type BlipBody = { _id: string; videoUrl: string; posterUrl: string | null; productId: string };

/**
 * The seller-side blip tests' calls against the app `app()` returns once the file's `beforeAll`
 * built it: products, uploads, reads, the admin's buyer comments and the files left in storage.
 */
export function blipCalls(app: () => TestApp) {
  let webm: Promise<Buffer> | null = null;
  let category: Promise<{ categoryId: string; subCategoryId: string }> | null = null;

  const uploadTo = (on: TestApp, productId: string, parts: FormPart[], auth?: Auth) => {
    const form = multipartForm(parts);
    return on.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/blips`,
      payload: form.payload,
      headers: { ...form.headers, ...(auth ?? {}) },
    });
  };
  const upload = (productId: string, parts: FormPart[], auth?: Auth) =>
    uploadTo(app(), productId, parts, auth);

  return {
    uploadTo,
    upload,

    /** A product of the seller's, in the first sub-category of the seeded catalogue. */
    async product(a: Auth, over: Record<string, unknown> = {}) {
      category ??= app()
        .db.select()
        .from(subCategories)
        .limit(1)
        .then(([sub]) => {
          if (!sub) throw new Error('catalogue not seeded');
          return { categoryId: sub.categoryId, subCategoryId: sub.id };
        });
      const res = await app().app.inject({
        method: 'POST',
        url: '/api/products',
        headers: a,
        payload: { name: 'Ankara Maxi Dress', ...(await category), price: 15000, ...over },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().product as { _id: string };
    },

    /** An upload that must succeed; by default the fixture WebM alone. */
    async uploadOk(a: Auth, productId: string, parts?: FormPart[]) {
      webm ??= videoFixture('blip.webm');
      const res = await upload(productId, parts ?? [video(await webm)], a);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().blip as BlipBody;
    },

    get: (url: string, headers: Record<string, string> = {}) =>
      app().app.inject({ method: 'GET', url, headers }),

    /** Every blip file in the app's storage folder, to show a failure leaves none behind. */
    async blipFiles(storage: FileStorage = app().storage): Promise<string[]> {
      const root = storage.scratchDir.replace(/\/\.incoming$/, '');
      const dir = `${root}/public/blips`;
      const files = await fs.readdir(dir, { recursive: true }).catch(() => []);
      const scratch = await fs.readdir(storage.scratchDir);
      return [...files.filter((f) => f.includes('.')), ...scratch];
    },

    /** A buyer's comment through the admin channel (demos and e2e). */
    addBuyerComment: (blipId: string, authorName: string, text: string, token = app().adminToken) =>
      app().app.inject({
        method: 'POST',
        url: `/api/admin/blips/${blipId}/comments`,
        headers: { authorization: `Bearer ${token}` },
        payload: { authorName, text },
      }),
  };
}

/** A seller's product with a blip, through the seller's own API. */
export async function sellerBlip(
  app: TestApp,
  seller: { auth: Auth },
  over: Record<string, unknown> = {},
): Promise<{ blipId: string; productId: string }> {
  // Each app seeds its own catalogue.
  const [sub] = await app.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: seller.auth,
    payload: {
      name: 'Ankara Maxi Dress',
      categoryId: sub.categoryId,
      subCategoryId: sub.id,
      price: 15000,
      ...over,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const productId = created.json().product._id as string;
  const form = multipartForm([video(await videoFixture('blip.webm'))]);
  const uploaded = await app.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/blips`,
    payload: form.payload,
    headers: { ...form.headers, ...seller.auth },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { blipId: uploaded.json().blip._id as string, productId };
}

/**
 * The buyer-side blip tests' calls against the app `app()` returns once the file's `beforeAll`
 * built it: views, likes and comments as a buyer (or nobody) sends them, and what the seller sees.
 */
export function buyerBlipCalls(app: () => TestApp) {
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, auth?: Auth, payload?: unknown) =>
    app().app.inject({
      method,
      url,
      headers: auth ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const view = (blipId: string, body?: unknown, auth?: Auth) =>
    call('POST', `/api/blips/${blipId}/views`, auth, body);
  const like = (blipId: string, auth?: Auth) => call('PUT', `/api/blips/${blipId}/like`, auth);
  const unlike = (blipId: string, auth?: Auth) => call('DELETE', `/api/blips/${blipId}/like`, auth);
  const comment = (blipId: string, text: unknown, auth?: Auth) =>
    call('POST', `/api/blips/${blipId}/comments`, auth, { comment: text });

  /** What the seller's dashboard reads for the blip. */
  async function dashboardBlip(seller: { auth: Auth }, productId: string, blipId: string) {
    const res = await call('GET', `/api/products/${productId}/blips/${blipId}`, seller.auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().blip as { likesCount: number; viewsCount: number; commentsCount: number };
  }

  async function likeRows(blipId: string): Promise<number> {
    const [row] = await app().db.select({ n: count() }).from(blipLikes).where(eq(blipLikes.blipId, blipId));
    return row?.n ?? 0;
  }

  async function sellerNotifications(sellerId: string, type: string) {
    return app()
      .db.select()
      .from(notifications)
      .where(and(eq(notifications.sellerId, sellerId), eq(notifications.type, type)));
  }
  return { call, view, like, unlike, comment, dashboardBlip, likeRows, sellerNotifications };
}
