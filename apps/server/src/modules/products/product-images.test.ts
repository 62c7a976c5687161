import { randomUUID } from 'node:crypto';
import { MAX_PRODUCT_IMAGE_BYTES } from '@kasuwa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, subCategories } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FormPart, multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';

let t: TestApp;
let categoryId: string;
let subCategoryId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const [sub] = await t.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  categoryId = sub.categoryId;
  subCategoryId = sub.id;
});
afterAll(() => t.close());

type Auth = { authorization: string };

const upload = (parts: FormPart[], auth?: Auth) => {
  const form = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/products/images',
    payload: form.payload,
    headers: { ...form.headers, ...(auth ?? {}) },
  });
};

/** A phone-sized JPEG carrying EXIF with a GPS position, as a camera writes it. */
const cameraPhoto = (width = 3000, height = 2000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone', Copyright: 'Bola' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();

async function uploadOk(auth: Auth): Promise<string> {
  const res = await upload(
    [{ field: 'image', filename: 'shoe.jpg', content: await cameraPhoto(800, 600) }],
    auth,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().image.url as string;
}

const createProduct = (auth: Auth, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: auth,
    payload: { name: 'Ankara Tote Bag', categoryId, subCategoryId, price: 8500, ...payload },
  });

describe('POST /api/products/images', () => {
  it('stores a WebP within 1600 px, without EXIF, under the seller, served to the seller and cached for good', async () => {
    const a = await sellerWithToken(t);
    const jpeg = await cameraPhoto();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload([{ field: 'image', filename: 'IMG_0001.jpg', content: jpeg }], a.auth);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Image uploaded successfully');
    expect(body.image.url).toMatch(new RegExp(`^/api/media/products/${a.seller.id}/[0-9a-f-]{36}\\.webp$`));

    // No product carries it yet, so only its seller sees it (product-photo-access.test.ts).
    const served = await t.app.inject({ method: 'GET', url: body.image.url, headers: a.auth });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
  });

  it('keeps a small photo at its own size', async () => {
    const a = await sellerWithToken(t);
    const png = await sharp({ create: { width: 400, height: 500, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const res = await upload([{ field: 'image', filename: 'small.png', content: png }], a.auth);
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: res.json().image.url, headers: a.auth });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 400, height: 500 });
  });

  it('needs a token', async () => {
    const res = await upload([{ field: 'image', filename: 'a.jpg', content: await cameraPhoto(10, 10) }]);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a file that is not an image by its content, whatever its name, with 415', async () => {
    const a = await sellerWithToken(t);
    const res = await upload(
      [
        {
          field: 'image',
          filename: 'photo.jpg',
          content: Buffer.from('#!/bin/sh\necho hi\n'),
          type: 'image/jpeg',
        },
      ],
      a.auth,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('image must be an image');
  });

  it('refuses a file over the size cap with 413', async () => {
    const a = await sellerWithToken(t);
    const big = Buffer.alloc(MAX_PRODUCT_IMAGE_BYTES + 1, 1);
    const res = await upload([{ field: 'image', filename: 'big.jpg', content: big }], a.auth);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('at most 10 MB');
  });

  it('refuses an image of more than 40 megapixels before decoding it, with 413', async () => {
    const a = await sellerWithToken(t);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload([{ field: 'image', filename: 'huge.png', content: huge }], a.auth);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('40 megapixels');
  });

  it('answers 400 naming the expected field for another field, and for no file at all', async () => {
    const a = await sellerWithToken(t);
    const wrong = await upload(
      [{ field: 'photo', filename: 'a.jpg', content: await cameraPhoto(10, 10) }],
      a.auth,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('image');
    const none = await upload([], a.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('"image"');
  });

  it('answers 404 for a photo that does not exist or a path that is not a photo', async () => {
    const a = await sellerWithToken(t);
    for (const url of [
      `/api/media/products/${a.seller.id}/${randomUUID()}.webp`,
      `/api/media/products/${a.seller.id}/..%2F..%2Fsecret.webp`,
      '/api/media/products/x/y.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('image URLs in products', () => {
  const variantsWith = (url: string) => [
    {
      name: 'Colour',
      value: 'Red',
      price: null,
      totalStock: 1,
      images: [],
      subVariants: [
        {
          name: 'Size',
          value: 'M',
          price: null,
          stock: 1,
          images: [],
          subSubVariants: [
            { name: 'Fabric', value: 'Silk', price: null, stock: 1, sku: 'RED-M-SILK', images: [url] },
          ],
        },
      ],
    },
  ];

  it('accepts photos the seller uploaded, for the product and for its variants', async () => {
    const a = await sellerWithToken(t);
    const [one, two] = [await uploadOk(a.auth), await uploadOk(a.auth)];
    const res = await createProduct(a.auth, { images: [one, two], variants: variantsWith(one) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product.images).toEqual([one, two]);
  });

  it("refuses another seller's photo, an outside address and a photo that was never stored, naming images", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const theirs = await uploadOk(b.auth);
    for (const url of [
      theirs,
      'https://tracker.example.com/pixel.webp',
      `/api/media/products/${a.seller.id}/${randomUUID()}.webp`,
      '/api/media/avatars/whatever.webp',
    ]) {
      const res = await createProduct(a.auth, { images: [url] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^images: /);
    }
  });

  it("refuses another seller's photo deep in a variant", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const res = await createProduct(a.auth, { variants: variantsWith(await uploadOk(b.auth)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('is not a photo you uploaded');
  });

  it('checks only the photos an update adds, so a product keeps the photos it already has', async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    // A product stored before uploads were checked, with an address of its own.
    const [old] = await t.db
      .insert(products)
      .values({
        sellerId: a.seller.id,
        name: 'Old listing',
        categoryId,
        subCategoryId,
        priceKobo: 100_000,
        images: ['https://old.example.ng/p.jpg'],
        saleType: { buyNow: true, auction: null },
      })
      .returning();
    if (!old) throw new Error('no product');
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${old.id}`, headers: a.auth, payload });

    const mine = await uploadOk(a.auth);
    const kept = await put({ images: ['https://old.example.ng/p.jpg', mine] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().product.images).toEqual(['https://old.example.ng/p.jpg', mine]);

    const added = await put({ images: [mine, await uploadOk(b.auth)] });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toMatch(/^images: /);
  });

  /** Colour → Size → Fabric, with photos at each level, as the product form sends them. */
  const variantsAtEveryLevel = (colour: string[], size: string[], fabric: string[]) => [
    {
      name: 'Colour',
      value: 'Red',
      price: null,
      totalStock: 1,
      images: colour,
      subVariants: [
        {
          name: 'Size',
          value: 'M',
          price: null,
          stock: 1,
          images: size,
          subSubVariants: [
            { name: 'Fabric', value: 'Silk', price: null, stock: 1, sku: 'RED-M-SILK', images: fabric },
          ],
        },
      ],
    },
  ];
  const photosOf = (product: { variants: ReturnType<typeof variantsAtEveryLevel> }) =>
    product.variants.map((v) => [
      v.images,
      v.subVariants.map((s) => [s.images, s.subSubVariants.map((x) => x.images)]),
    ]);

  it("answers each variant's photos at every level from the product details, for the owner and for anyone", async () => {
    const a = await sellerWithToken(t);
    const [cover, red, redM, silk] = [
      await uploadOk(a.auth),
      await uploadOk(a.auth),
      await uploadOk(a.auth),
      await uploadOk(a.auth),
    ];
    const created = await createProduct(a.auth, {
      images: [cover],
      options: [
        { id: 'o1', name: 'Colour', values: ['Red'] },
        { id: 'o2', name: 'Size', values: ['M'] },
        { id: 'o3', name: 'Fabric', values: ['Silk'] },
      ],
      variants: variantsAtEveryLevel([red, cover], [redM], [silk]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const expected = [[[red, cover], [[[redM], [[silk]]]]]];
    for (const headers of [a.auth, {}]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
      expect(res.statusCode).toBe(200);
      expect(photosOf(res.json())).toEqual(expected);
    }
  });

  it("refuses on update a variant photo that is another seller's or was never stored, and changes nothing", async () => {
    const a = await sellerWithToken(t);
    const b = await sellerWithToken(t);
    const [mine, another] = [await uploadOk(a.auth), await uploadOk(a.auth)];
    const created = await createProduct(a.auth, { variants: variantsAtEveryLevel([mine], [], []) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const put = (variants: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: a.auth, payload: { variants } });

    for (const foreign of [
      await uploadOk(b.auth),
      `/api/media/products/${a.seller.id}/${randomUUID()}.webp`,
      'https://tracker.example.com/pixel.webp',
    ]) {
      const res = await put(variantsAtEveryLevel([mine], [], [foreign]));
      expect(res.statusCode, foreign).toBe(400);
      expect(res.json().message).toMatch(/^images: /);
    }
    const stored = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: a.auth });
    expect(photosOf(stored.json())).toEqual([[[mine], [[[], [[]]]]]]);

    // The variant keeps the photo it has and takes another of the seller's own.
    const ok = await put(variantsAtEveryLevel([mine], [another], []));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(photosOf(ok.json().product)).toEqual([[[mine], [[[another], [[]]]]]]);
  });
});
