// size: one table of every gated write (SPEC section 5), each with its set-up, driven through the same refusals
import fs from 'node:fs/promises';
import {
  FEATURE_GATE_REFUSALS,
  type FeatureGateCode,
  type Stream,
  streamSocketEvents,
  webrtcSocketEvents,
} from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type NewSellerRow, sellers } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  claimStudio,
  connected,
  createAuction,
  createShow,
  emitAck,
  listen,
  openSocket,
  post,
  productsOf,
  someCategory,
} from '@/test/live.ts';
import { multipartForm } from '@/test/multipart.ts';
import { sellerWithToken } from '@/test/sellers.ts';

// SPEC section 5/6: "A verified e-mail and a pickup address gate product creation and editing and
// all live-stream features." The server refuses every gated write itself, whatever the web shows.

let t: TestApp;
let url: string;
let webm: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  webm = await fs.readFile(new URL('../../fixtures/videos/blip.webm', import.meta.url));
  jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Seller = Awaited<ReturnType<typeof sellerWithToken>>;
type Call = (auth: Auth) => Promise<LightMyRequestResponse>;

const GateFlags = {
  individual: { accountType: null, emailVerified: true, hasFilledAddress: true },
  business: {
    accountType: 'business',
    emailVerified: true,
    hasFilledAddress: false,
    hasFilledBusinessAddress: true,
  },
} satisfies Record<string, Partial<NewSellerRow>>;

const setFlags = (sellerId: string, flags: Partial<NewSellerRow>) =>
  t.db.update(sellers).set(flags).where(eq(sellers.id, sellerId));

const refusal = (code: FeatureGateCode) => ({ code, message: FEATURE_GATE_REFUSALS[code].message });

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url: path, headers: auth, ...(payload ? { payload } : {}) });

const upload: (path: string, field: string, filename: string, content: () => Buffer) => Call =
  (path, field, filename, content) => (auth) => {
    const form = multipartForm([{ field, filename, content: content() }]);
    return t.app.inject({
      method: 'POST',
      url: path,
      payload: form.payload,
      headers: { ...form.headers, ...auth },
    });
  };

async function createProduct(auth: Auth): Promise<string> {
  const { categoryId, subCategoryId } = await someCategory(t);
  const res = await inject('POST', '/api/products', auth, {
    name: 'Adire kaftan',
    categoryId,
    subCategoryId,
    price: 18500,
    stock: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product._id as string;
}

async function createBlip(auth: Auth) {
  const productId = await createProduct(auth);
  const res = await upload(`/api/products/${productId}/blips`, 'video', 'clip.webm', () => webm)(auth);
  expect(res.statusCode, res.body).toBe(201);
  return { productId, blipId: res.json().blip._id as string };
}

async function liveShowOf(s: Seller, productCount = 0): Promise<{ stream: Stream; productIds: string[] }> {
  const productIds = await productsOf(t, s.seller.id, productCount);
  const stream = await createShow(t.app, t, s.auth, productIds, {
    scheduledStartTime: undefined,
    startImmediately: true,
  });
  const started = await post(t.app, `/api/streams/${stream._id}/start`, s.auth);
  expect(started.statusCode, started.body).toBe(200);
  return { stream, productIds };
}

/**
 * Every gated endpoint: `prepare` makes what the call needs while the seller passes the gate, and
 * answers the call; `ok` is the status the call has when the gate lets the seller through.
 */
const gated: { name: string; ok: number; prepare: (s: Seller) => Promise<Call> }[] = [
  {
    name: 'POST /api/products',
    ok: 201,
    prepare: async () => {
      const { categoryId, subCategoryId } = await someCategory(t);
      return (auth) =>
        inject('POST', '/api/products', auth, {
          name: 'Ankara tote',
          categoryId,
          subCategoryId,
          price: 8500,
        });
    },
  },
  {
    name: 'PUT /api/products/:id',
    ok: 200,
    prepare: async (s) => {
      const id = await createProduct(s.auth);
      return (auth) => inject('PUT', `/api/products/${id}`, auth, { name: 'Adire kaftan, indigo' });
    },
  },
  {
    name: 'DELETE /api/products/:id',
    ok: 200,
    prepare: async (s) => {
      const id = await createProduct(s.auth);
      return (auth) => inject('DELETE', `/api/products/${id}`, auth);
    },
  },
  {
    name: 'POST /api/products/images',
    ok: 201,
    prepare: async () => upload('/api/products/images', 'image', 'photo.jpg', () => jpeg),
  },
  {
    name: 'POST /api/products/:productId/blips',
    ok: 201,
    prepare: async (s) => {
      const productId = await createProduct(s.auth);
      return upload(`/api/products/${productId}/blips`, 'video', 'clip.webm', () => webm);
    },
  },
  {
    name: 'DELETE /api/products/:productId/blips/:blipId',
    ok: 200,
    prepare: async (s) => {
      const { productId, blipId } = await createBlip(s.auth);
      return (auth) => inject('DELETE', `/api/products/${productId}/blips/${blipId}`, auth);
    },
  },
  {
    name: 'POST /api/products/:productId/blips/:blipId/comments/:commentId/replies',
    ok: 201,
    prepare: async (s) => {
      const { productId, blipId } = await createBlip(s.auth);
      const comment = await inject(
        'POST',
        `/api/admin/blips/${blipId}/comments`,
        { authorization: `Bearer ${t.adminToken}` },
        { authorName: 'Chioma Eze', text: 'Do you have size 14?' },
      );
      expect(comment.statusCode, comment.body).toBe(201);
      const commentId = comment.json().comment._id as string;
      return (auth) =>
        inject('POST', `/api/products/${productId}/blips/${blipId}/comments/${commentId}/replies`, auth, {
          comment: 'Yes, in stock.',
        });
    },
  },
  {
    name: 'POST /api/streams/open-live-show',
    ok: 201,
    prepare: async () => {
      const { categoryId } = await someCategory(t);
      return (auth) =>
        inject('POST', '/api/streams/open-live-show', auth, {
          title: 'Ankara Friday',
          category: categoryId,
          scheduledStartTime: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
          products: [],
        });
    },
  },
  {
    name: 'POST /api/streams/create',
    ok: 201,
    prepare: async (s) => {
      const { categoryId } = await someCategory(t);
      const [productId] = await productsOf(t, s.seller.id, 1);
      return (auth) =>
        inject('POST', '/api/streams/create', auth, {
          title: 'Friday phones',
          category: categoryId,
          scheduledStartTime: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
          products: [{ productId, auctionSettings: { startingBid: 5000 } }],
        });
    },
  },
  {
    name: 'POST /api/streams/media',
    ok: 201,
    prepare: async () => upload('/api/streams/media', 'coverImage', 'cover.jpg', () => jpeg),
  },
  {
    name: 'POST /api/streams/:id/start',
    ok: 200,
    prepare: async (s) => {
      const stream = await createShow(t.app, t, s.auth, [], {
        scheduledStartTime: undefined,
        startImmediately: true,
      });
      return (auth) => inject('POST', `/api/streams/${stream._id}/start`, auth);
    },
  },
  {
    name: 'POST /api/streams/:id/join-seller',
    ok: 200,
    prepare: async (s) => {
      const { stream } = await liveShowOf(s);
      return (auth) => inject('POST', `/api/streams/${stream._id}/join-seller`, auth);
    },
  },
  {
    name: 'GET /api/streams/:id/renew-token',
    ok: 200,
    prepare: async (s) => {
      const { stream } = await liveShowOf(s);
      return (auth) => inject('GET', `/api/streams/${stream._id}/renew-token`, auth);
    },
  },
  {
    name: 'POST /api/streams/:id/activate-product-bidding',
    ok: 200,
    prepare: async (s) => {
      const productIds = await productsOf(t, s.seller.id, 1);
      const stream = await createAuction(t.app, t, s.auth, productIds);
      t.clock.advance(60 * 60_000);
      const started = await post(t.app, `/api/streams/${stream._id}/start`, s.auth);
      expect(started.statusCode, started.body).toBe(200);
      return (auth) =>
        inject('POST', `/api/streams/${stream._id}/activate-product-bidding`, auth, {
          productId: productIds[0],
        });
    },
  },
  {
    name: 'POST /api/streams/:id/end',
    ok: 200,
    prepare: async (s) => {
      const { stream } = await liveShowOf(s);
      return (auth) => inject('POST', `/api/streams/${stream._id}/end`, auth);
    },
  },
  {
    name: 'POST /api/streams/reschedule-expired',
    ok: 200,
    prepare: async (s) => {
      const stream = await createShow(t.app, t, s.auth, [], {
        scheduledStartTime: new Date(t.clock.now().getTime() + 5 * 60_000).toISOString(),
      });
      // Thirty minutes past its start time the show reads as expired.
      t.clock.advance(36 * 60_000);
      return (auth) =>
        inject('POST', '/api/streams/reschedule-expired', auth, {
          streamId: stream._id,
          newScheduledStartTime: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
        });
    },
  },
];

describe.each(gated)('$name', ({ ok, prepare }) => {
  it('refuses an unverified e-mail, then a missing pickup address, and works once both are there', async () => {
    const s = await sellerWithToken(t);
    const call = await prepare(s);

    // Both missing: the e-mail is named first, as the web's route guard does.
    await setFlags(s.seller.id, { emailVerified: false, hasFilledAddress: false });
    const unverified = await call(s.auth);
    expect(unverified.statusCode, unverified.body).toBe(403);
    expect(unverified.json()).toEqual(refusal('EMAIL_VERIFICATION_REQUIRED'));

    await setFlags(s.seller.id, { emailVerified: true });
    const noAddress = await call(s.auth);
    expect(noAddress.statusCode, noAddress.body).toBe(403);
    expect(noAddress.json()).toEqual(refusal('PICKUP_ADDRESS_REQUIRED'));

    // The refused calls changed nothing: the same call now does what it always did.
    await setFlags(s.seller.id, GateFlags.individual);
    const allowed = await call(s.auth);
    expect(allowed.statusCode, allowed.body).toBe(ok);
  });

  it('lets a business seller through on the business address, not on a seller address', async () => {
    const s = await sellerWithToken(t, GateFlags.business);
    const call = await prepare(s);

    await setFlags(s.seller.id, { hasFilledAddress: true, hasFilledBusinessAddress: false });
    const sellerAddressOnly = await call(s.auth);
    expect(sellerAddressOnly.statusCode, sellerAddressOnly.body).toBe(403);
    expect(sellerAddressOnly.json()).toEqual(refusal('PICKUP_ADDRESS_REQUIRED'));

    await setFlags(s.seller.id, GateFlags.business);
    const allowed = await call(s.auth);
    expect(allowed.statusCode, allowed.body).toBe(ok);
  });
});

describe('what the gate leaves alone', () => {
  it('answers the gate before the body: a refused seller gets 403, not a 400 about the fields', async () => {
    const s = await sellerWithToken(t, { hasFilledAddress: false });
    const res = await inject('POST', '/api/products', s.auth, { name: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusal('PICKUP_ADDRESS_REQUIRED'));
  });

  it('still answers 401 without a token, before anything else', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/products', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('keeps the reads open: the seller’s own shows, products and blips', async () => {
    const s = await sellerWithToken(t);
    await liveShowOf(s);
    const productId = await createProduct(s.auth);
    await setFlags(s.seller.id, { emailVerified: false });

    const shows = await inject('GET', `/api/streams/seller/${s.seller.id}`, s.auth);
    expect(shows.statusCode, shows.body).toBe(200);
    expect(shows.json().streams).toHaveLength(1);
    expect((await inject('GET', `/api/products/seller/${s.seller.id}`, s.auth)).statusCode).toBe(200);
    expect((await inject('GET', `/api/products/${productId}`, s.auth)).statusCode).toBe(200);
    expect((await inject('GET', `/api/products/seller/${s.seller.id}/blips`, s.auth)).statusCode).toBe(200);
  });

  it('lists the gated 403 shape in the API documentation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const forbidden = doc.paths['/api/products'].post.responses['403'];
    const schema = forbidden.content['application/json'].schema;
    expect(schema.properties.code.enum).toEqual(['EMAIL_VERIFICATION_REQUIRED', 'PICKUP_ADDRESS_REQUIRED']);
  });
});

describe('the live socket', () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const open = async (token?: string) => {
    const socket = openSocket(url, token, sockets);
    await connected(socket);
    return socket;
  };

  it('refuses the show’s own seller acting as its seller until the gate passes', async () => {
    const s = await sellerWithToken(t);
    const { stream } = await liveShowOf(s);
    const streamId = stream._id;
    await setFlags(s.seller.id, { emailVerified: false });

    const studio = await open(s.token);
    const viewer = await open();
    expect(await emitAck(viewer, webrtcSocketEvents.watch, { streamId })).toEqual({ ok: true });
    const refused = { ok: false, ...refusal('EMAIL_VERIFICATION_REQUIRED') };
    expect(await emitAck(studio, streamSocketEvents.subscribe, { streamId })).toEqual(refused);
    expect(await claimStudio(studio, streamId)).toEqual(refused);
    expect(await emitAck(studio, streamSocketEvents.announcement, { streamId, content: 'Hi' })).toEqual(
      refused,
    );
    expect(await emitAck(studio, streamSocketEvents.comment, { streamId, content: 'Hi' })).toEqual(refused);
    expect(
      await emitAck(studio, webrtcSocketEvents.signal, {
        streamId,
        to: viewer.id,
        description: { type: 'offer', sdp: 'v=0' },
      }),
    ).toEqual(refused);

    // Read afresh on each try: the same socket is let in once the seller has what is missing.
    await setFlags(s.seller.id, { emailVerified: true, hasFilledAddress: false });
    expect(await emitAck(studio, streamSocketEvents.subscribe, { streamId })).toEqual({
      ok: false,
      ...refusal('PICKUP_ADDRESS_REQUIRED'),
    });
    await setFlags(s.seller.id, GateFlags.individual);
    expect(await emitAck(studio, streamSocketEvents.subscribe, { streamId })).toEqual({ ok: true });
    expect(await claimStudio(studio, streamId)).toEqual({ ok: true });
    expect(await emitAck(studio, streamSocketEvents.announcement, { streamId, content: 'Hi' })).toEqual({
      ok: true,
    });
    expect(
      await emitAck(studio, webrtcSocketEvents.signal, {
        streamId,
        to: viewer.id,
        description: { type: 'offer', sdp: 'v=0' },
      }),
    ).toEqual({ ok: true });
  });

  it('lets a refused seller watch someone else’s show like any viewer', async () => {
    const host = await sellerWithToken(t);
    const { stream } = await liveShowOf(host);
    const other = await sellerWithToken(t, { emailVerified: false, hasFilledAddress: false });
    const socket = await open(other.token);
    expect(await emitAck(socket, streamSocketEvents.subscribe, { streamId: stream._id })).toEqual({
      ok: true,
    });
  });
});
