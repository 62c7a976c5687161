import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Stream, StreamProduct } from '@kasuwa/contracts';
import { eq } from 'drizzle-orm';
import { buyers, products, sellers, streamProducts, subCategories } from '@/db/schema/index.ts';
import { systemClock } from '@/lib/clock.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import type { BenchEnvironment } from './bench-app';

export type BenchBuyer = { id: string; name: string; token: string };

export type LiveAuctionFixture = {
  streamId: string;
  productId: string;
  /** The running auction's database row id (bids and orders point at it). */
  streamProductId: string;
  sellerAuth: { authorization: string };
  buyers: BenchBuyer[];
  /** The smallest bid the server takes first (naira). */
  minimumNextBid: number;
};

async function api<T>(base: string, path: string, auth: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A seller with one product in a live auction that is live with bidding open, created through the
 * API a studio uses (create, start, activate), and `buyerCount` buyer accounts with session tokens
 * (rows written directly: sign-ups are rate-limited and are not what is measured).
 */
export async function liveAuctionFixture(
  env: Pick<BenchEnvironment, 'database'> & { deps: Pick<BenchEnvironment['deps'], 'storage' | 'jwtSecret'> },
  base: string,
  { buyerCount, startingBid = 1000 }: { buyerCount: number; startingBid?: number },
): Promise<LiveAuctionFixture> {
  const { db } = env.database;
  await seedCatalogue(db, env.deps.storage);
  const [sub] = await db.select().from(subCategories).limit(1);
  if (!sub) throw new Error('catalogue not seeded');
  const [seller] = await db
    .insert(sellers)
    .values({
      firstName: 'Ngozi',
      lastName: 'Eze',
      email: 'live-bench@kasuwa.ng',
      phoneNumber: '+2348031234567',
      storeName: 'Ngozi Phones',
      passwordHash: 'not-used',
      emailVerified: true,
      // The pickup address: with the verified e-mail, what SPEC section 5 asks before going live.
      hasFilledAddress: true,
      referralCode: 'LIVEBENCH',
    })
    .returning();
  if (!seller) throw new Error('no seller');
  const [product] = await db
    .insert(products)
    .values({
      sellerId: seller.id,
      name: 'iPhone 13, 128 GB',
      categoryId: sub.categoryId,
      subCategoryId: sub.id,
      priceKobo: 450_000_00,
      images: [],
      saleType: { buyNow: true, auction: { startingBidKobo: startingBid * 100 } },
      status: 'active',
    })
    .returning({ id: products.id });
  if (!product) throw new Error('no product');

  const sellerToken = await tokenService(env.deps.jwtSecret, systemClock).sign(seller);
  const sellerAuth = { authorization: `Bearer ${sellerToken}` };
  const buyerTokens = tokenService(env.deps.jwtSecret, systemClock, SESSION_TTL_SECONDS, BUYER_AUDIENCE);
  const rows = buyerCount
    ? await db
        .insert(buyers)
        .values(
          Array.from({ length: buyerCount }, (_, i) => ({
            name: `Bidder ${i + 1}`,
            email: `bidder-${i + 1}@bench.kasuwa.ng`,
            passwordHash: 'not-used',
          })),
        )
        .returning()
    : [];
  const benchBuyers = await Promise.all(
    rows.map(async (b) => ({ id: b.id, name: b.name, token: await buyerTokens.sign(b) })),
  );

  const { stream } = await api<{ stream: Stream }>(base, '/api/streams/create', sellerAuth, {
    title: 'Friday phones (bench)',
    category: sub.categoryId,
    scheduledStartTime: new Date(Date.now() + 60 * 60_000).toISOString(),
    // The longest auction there is, so the clock never closes it while the benchmark bids.
    products: [
      {
        productId: product.id,
        auctionSettings: { startingBid, durationSeconds: 900, counterBidSeconds: 10 },
      },
    ],
  });
  await api(base, `/api/streams/${stream._id}/start`, sellerAuth, {});
  const activated = await api<{ product: StreamProduct }>(
    base,
    `/api/streams/${stream._id}/activate-product-bidding`,
    sellerAuth,
    { productId: product.id },
  );
  const [row] = await db
    .select({ id: streamProducts.id })
    .from(streamProducts)
    .where(eq(streamProducts.streamId, stream._id));
  if (!row) throw new Error('no stream product');
  return {
    streamId: stream._id,
    productId: product.id,
    streamProductId: row.id,
    sellerAuth,
    buyers: benchBuyers,
    minimumNextBid: activated.product.minimumNextBid ?? startingBid,
  };
}

/** A bid as a buyer's phone sends it; the answer's status and body. */
export async function placeBid(
  base: string,
  streamId: string,
  productId: string,
  token: string,
  amount: number,
): Promise<{ status: number; body: { message: string; minimumNextBid?: number; product?: StreamProduct } }> {
  const res = await fetch(`${base}/api/streams/${streamId}/bids`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ productId, amount }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/**
 * A load generator in a child process of its own (`bench/support/<file>`), so on a small machine
 * it competes with the server for cores the way real clients on other machines do not, but at
 * least not for the server's event loop. Requests and answers travel over the IPC channel.
 */
export function spawnLoad(file: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(`./${file}`, import.meta.url))],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: process.env },
  );
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (raw) => {
    const m = raw as { id: number; result?: unknown; error?: string };
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m.result);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`${file} exited (${code})`));
    waiting.clear();
  });
  return {
    pid: child.pid ?? 0,
    call<T>(command: Record<string, unknown>): Promise<T> {
      const id = ++next;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, ...command });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The child's side of spawnLoad: answers each request with its handler's result. */
export function serveLoad(handle: (command: Record<string, unknown>) => Promise<unknown>) {
  // The benchmark is gone (finished or killed): nothing is left to measure for.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw) => {
    const { id, ...command } = raw as { id: number } & Record<string, unknown>;
    handle(command).then(
      (result) => process.send?.({ id, result }),
      (err: unknown) => process.send?.({ id, error: err instanceof Error ? err.stack : String(err) }),
    );
  });
}

export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;
