import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { blips, products, sellers, storeConnect, streams } from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** What the catalogue feed reads of one product: a row of the cursor. */
export type CatalogueProductRow = {
  id: string;
  name: string;
  description: string;
  price_kobo: string | number;
  stock: number;
  condition: 'new' | 'used' | 'refurbished';
  images: string[];
  variants: { totalStock: number; images: string[] }[];
  options: unknown[];
  sale_type: { buyNow: boolean; auction: unknown };
};

/** The public face of a store: enough to draw a badge or a poster, nothing private. */
export type PublicStore = { id: string; storeName: string; storeSlug: string | null };

export const connectRepository = (db: Database) => ({
  db,
  async connectRow(q: Queryable, sellerId: string) {
    const [row] = await q.select().from(storeConnect).where(eq(storeConnect.sellerId, sellerId));
    return row ?? null;
  },
  /** Makes the seller's feed secret if there is none yet; answers the row either way. */
  async ensureConnectRow(q: Queryable, sellerId: string, token: string, at: Date) {
    await q
      .insert(storeConnect)
      .values({ sellerId, catalogueToken: token, catalogueTokenCreatedAt: at })
      .onConflictDoNothing({ target: storeConnect.sellerId });
    const [row] = await q.select().from(storeConnect).where(eq(storeConnect.sellerId, sellerId));
    if (!row) throw new Error('store_connect row missing');
    return row;
  },
  async replaceToken(q: Queryable, sellerId: string, token: string, at: Date) {
    const [row] = await q
      .insert(storeConnect)
      .values({ sellerId, catalogueToken: token, catalogueTokenCreatedAt: at })
      .onConflictDoUpdate({
        target: storeConnect.sellerId,
        set: { catalogueToken: token, catalogueTokenCreatedAt: at },
      })
      .returning();
    if (!row) throw new Error('store_connect row missing');
    return row;
  },
  /** A store that may be shown to the public: not blocked, not disabled. */
  async publicStore(q: Queryable, sellerId: string): Promise<PublicStore | null> {
    const [row] = await q
      .select({
        id: sellers.id,
        storeName: sellers.storeName,
        storeSlug: sellers.storeSlug,
      })
      .from(sellers)
      .where(and(eq(sellers.id, sellerId), eq(sellers.isBlocked, false), eq(sellers.isDisabled, false)));
    return row ?? null;
  },
  async publicStoreByToken(q: Queryable, token: string): Promise<PublicStore | null> {
    const [row] = await q
      .select({
        id: sellers.id,
        storeName: sellers.storeName,
        storeSlug: sellers.storeSlug,
      })
      .from(storeConnect)
      .innerJoin(sellers, eq(sellers.id, storeConnect.sellerId))
      .where(
        and(
          eq(storeConnect.catalogueToken, token),
          eq(sellers.isBlocked, false),
          eq(sellers.isDisabled, false),
        ),
      );
    return row ?? null;
  },
  async activeProductCount(q: Queryable, sellerId: string): Promise<number> {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.sellerId, sellerId), eq(products.status, 'active')));
    return row?.n ?? 0;
  },
  /** The cursor's query for the feed: the seller's active products, oldest first (a stable order). */
  activeProductsQuery(sellerId: string) {
    return sql`select id, name, description, price_kobo, stock, condition, images, variants, options, sale_type
      from products where seller_id = ${sellerId} and status = 'active' order by created_at, id`;
  },
  /** The show that is live now, else the next one not yet expired (SPEC: 30 minutes past its start). */
  async currentShow(q: Queryable, sellerId: string, now: Date) {
    const [live] = await q
      .select({
        id: streams.id,
        title: streams.title,
        at: streams.actualStartTime,
        scheduled: streams.scheduledStartTime,
      })
      .from(streams)
      .where(and(eq(streams.sellerId, sellerId), eq(streams.status, 'live')))
      .orderBy(desc(streams.actualStartTime))
      .limit(1);
    if (live)
      return { id: live.id, title: live.title, status: 'live' as const, at: live.at ?? live.scheduled };
    const [next] = await q
      .select({ id: streams.id, title: streams.title, at: streams.scheduledStartTime })
      .from(streams)
      .where(
        and(
          eq(streams.sellerId, sellerId),
          eq(streams.status, 'scheduled'),
          gte(streams.scheduledStartTime, new Date(now.getTime() - 30 * 60_000)),
        ),
      )
      .orderBy(asc(streams.scheduledStartTime))
      .limit(1);
    return next ? { id: next.id, title: next.title, status: 'scheduled' as const, at: next.at } : null;
  },
  /** The newest blip buyers may watch (its product active or out of stock). */
  async newestPublicBlip(q: Queryable, sellerId: string) {
    const [row] = await q
      .select({ id: blips.id })
      .from(blips)
      .innerJoin(products, eq(products.id, blips.productId))
      .where(and(eq(blips.sellerId, sellerId), inArray(products.status, ['active', 'out_of_stock'])))
      .orderBy(desc(blips.createdAt))
      .limit(1);
    return row ?? null;
  },
  /** One active product's first photo (its own, else a variant's), for the feed's JPEG. */
  async activeProductImage(q: Queryable, productId: string) {
    const [row] = await q
      .select({ sellerId: products.sellerId, images: products.images, variants: products.variants })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(
        and(
          eq(products.id, productId),
          eq(products.status, 'active'),
          eq(sellers.isBlocked, false),
          eq(sellers.isDisabled, false),
        ),
      );
    if (!row) return null;
    return row.images[0] ?? row.variants.flatMap((v) => v.images)[0] ?? null;
  },
});
export type ConnectRepository = ReturnType<typeof connectRepository>;
