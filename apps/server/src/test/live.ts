import type { AddressInfo } from 'node:net';
import type {
  CreateLiveAuctionInput,
  OpenLiveShowInput,
  Stream,
  StreamAuctionSettingsInput,
  StreamNotification,
} from '@kasuwa/contracts';
import { SOCKET_CLIENT_OPTIONS, streamSocketEvents, studioSocketEvents } from '@kasuwa/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { App } from '@/app.ts';
import { products, subCategories } from '@/db/schema/index.ts';
import type { TestApp } from '@/test/build-test-app.ts';
import { sellerWithToken } from '@/test/sellers.ts';

type Auth = { authorization: string };

/** A category with a sub-category of the seeded catalogue. */
export async function someCategory(t: Pick<TestApp, 'db'>) {
  const [sub] = await t.db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  return { categoryId: sub.categoryId, subCategoryId: sub.id };
}

/** Active products of a seller, straight in the database. */
export async function productsOf(
  t: Pick<TestApp, 'db'>,
  sellerId: string,
  count: number,
  over: { status?: 'active' | 'draft' } = {},
): Promise<string[]> {
  if (count === 0) return [];
  const { categoryId, subCategoryId } = await someCategory(t);
  const rows = await t.db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, i) => ({
        sellerId,
        name: `Lot ${i + 1}`,
        categoryId,
        subCategoryId,
        priceKobo: (10_000 + i * 1_000) * 100,
        images: [],
        saleType: { buyNow: true, auction: { startingBidKobo: 5_000_00 } },
        status: over.status ?? 'active',
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

export const post = (app: App, url: string, auth: Auth | Record<string, never>, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Schedules a live auction of `productIds` (each with `settings`) and answers the stream. */
export async function createAuction(
  app: App,
  t: Pick<TestApp, 'db' | 'clock'>,
  auth: Auth,
  productIds: string[],
  settings: StreamAuctionSettingsInput = { startingBid: 5000 },
  over: Partial<CreateLiveAuctionInput> = {},
): Promise<Stream> {
  const { categoryId } = await someCategory(t);
  const body: CreateLiveAuctionInput = {
    title: 'Friday phones',
    category: categoryId,
    scheduledStartTime: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
    products: productIds.map((productId) => ({ productId, auctionSettings: settings })),
    ...over,
  };
  const res = await post(app, '/api/streams/create', auth, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().stream as Stream;
}

export async function createShow(
  app: App,
  t: Pick<TestApp, 'db' | 'clock'>,
  auth: Auth,
  productIds: string[] = [],
  over: Partial<OpenLiveShowInput> = {},
): Promise<Stream> {
  const { categoryId } = await someCategory(t);
  const res = await post(app, '/api/streams/open-live-show', auth, {
    title: 'Ankara Friday',
    category: categoryId,
    scheduledStartTime: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
    products: productIds.map((productId) => ({ productId })),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().stream as Stream;
}

/** A live auction that has started, with bidding open on its first product. */
export async function liveAuction(
  app: App,
  t: Pick<TestApp, 'db' | 'clock'>,
  auth: Auth,
  productIds: string[],
  settings: StreamAuctionSettingsInput = { startingBid: 5000 },
) {
  const stream = await createAuction(app, t, auth, productIds, settings);
  const started = await post(app, `/api/streams/${stream._id}/start`, auth);
  expect(started.statusCode, started.body).toBe(200);
  const activated = await post(app, `/api/streams/${stream._id}/activate-product-bidding`, auth, {
    productId: productIds[0],
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return stream;
}

export const bid = (
  app: App,
  auth: Auth | Record<string, never>,
  streamId: string,
  productId: string,
  amount: number,
) => post(app, `/api/streams/${streamId}/bids`, auth, { productId, amount });

// ---- sockets ----

export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket.io client with the spec's settings; `token` may be omitted (an anonymous viewer). */
export function openSocket(url: string, token?: string, opened: Socket[] = []): Socket {
  const socket = connect(url, {
    ...SOCKET_CLIENT_OPTIONS,
    ...(token === undefined ? {} : { auth: { token } }),
    reconnection: false,
    transports: ['websocket'],
  });
  opened.push(socket);
  return socket;
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** Emits and waits for the server's acknowledgement. */
export const emitAck = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5_000).emitWithAck(event, payload) as Promise<{ ok: boolean; message?: string }>;

/** Connects and subscribes the socket to the show's events. */
export const subscribe = async (socket: Socket, streamId: string) => {
  await connected(socket);
  return emitAck(socket, streamSocketEvents.subscribe, { streamId });
};

/** A filter of events about one show. */
export const forStream =
  (streamId: string) =>
  <T extends { streamId: string }>(e: T) =>
    e.streamId === streamId;

/** A filter of the show notifications of one type about one show. */
export const notificationOf =
  (streamId: string, type: StreamNotification['type']) => (n: StreamNotification) =>
    n.type === type && n.data.streamId === streamId;

/** The next event of that name matching `filter`, or a failure after `ms`. */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  filter: (payload: T) => boolean = () => true,
  ms = 5_000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/** Collects every event of that name from now on. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/**
 * A studio claims its show (`studio_claim`), as the studio does before it publishes: only the
 * claiming studio gets viewers' video requests and may signal them. `studioId` names the window.
 */
export const claimStudio = (
  socket: Socket,
  streamId: string,
  { studioId = `studio-${socket.id}`, takeOver = true }: { studioId?: string; takeOver?: boolean } = {},
) =>
  emitAck(socket, studioSocketEvents.claim, {
    streamId,
    studioId: studioId.replace(/[^A-Za-z0-9_-]/g, '_'),
    takeOver,
  }) as Promise<{ ok: boolean; message?: string; openElsewhere?: boolean }>;

/** A new seller's live auction on two products, bidding open on the first (₦1,000, 30 s). */
export async function liveShowOf(t: TestApp) {
  const seller = await sellerWithToken(t);
  const productIds = await productsOf(t, seller.seller.id, 2);
  const stream = await liveAuction(t.app, t, seller.auth, productIds, {
    startingBid: 1000,
    durationSeconds: 30,
  });
  return { seller, stream, productId: productIds[0] as string, productIds };
}

/** A new seller with `count` active products of their own. */
export async function sellerWithProducts(t: TestApp, count = 2) {
  const seller = await sellerWithToken(t);
  return { ...seller, productIds: await productsOf(t, seller.seller.id, count) };
}
