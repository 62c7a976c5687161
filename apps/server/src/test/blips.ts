import fs from 'node:fs/promises';
import { expect } from 'vitest';
import { subCategories } from '@/db/schema/index.ts';
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
