import type { ProductStatus } from '@kasuwa/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  type BlipCommentRow,
  type BlipRow,
  blipComments,
  blipLikeNotices,
  blipLikes,
  blips,
  blipViews,
  type NewBlipRow,
  products,
  sellers,
} from '@/db/schema/index.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { PUBLIC_PRODUCT_STATUSES } from '@/modules/blips/blip-view.ts';

/** A blip with what its card shows of the product, and how many comments it has. */
export type BlipView = {
  blip: BlipRow;
  product: { id: string; name: string; priceKobo: number; images: string[]; status: ProductStatus };
  commentsCount: number;
};

export type NewComment = {
  blipId: string;
  parentId: string | null;
  authorKind: 'buyer' | 'seller';
  authorId: string | null;
  authorName: string;
  text: string;
  createdAt: Date;
};

/** The count as committed now: a like that waited on another's row reads the count after it. */
async function currentLikes(q: Queryable, blipId: string): Promise<number> {
  const [row] = await q.select({ likesCount: blips.likesCount }).from(blips).where(eq(blips.id, blipId));
  return row?.likesCount ?? 0;
}

/** Queries only. */
export function blipsRepository(db: Database) {
  const viewQuery = () =>
    db
      .select({
        blip: blips,
        product: {
          id: products.id,
          name: products.name,
          priceKobo: products.priceKobo,
          images: products.images,
          status: products.status,
        },
        commentsCount: sql<number>`(select count(*)::int from ${blipComments} where ${blipComments.blipId} = ${blips.id})`,
      })
      .from(blips)
      .innerJoin(products, eq(products.id, blips.productId));

  return {
    /** Whether a stored blip file (video or poster, by storage key) belongs to a blip buyers can see. */
    async fileIsPublic(key: string): Promise<boolean> {
      const [row] = await db
        .select({ id: blips.id })
        .from(blips)
        .innerJoin(products, eq(products.id, blips.productId))
        .where(
          and(
            or(eq(blips.videoKey, key), eq(blips.posterKey, key)),
            inArray(products.status, [...PUBLIC_PRODUCT_STATUSES]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async findProduct(productId: string): Promise<{ id: string; sellerId: string } | null> {
      const [row] = await db
        .select({ id: products.id, sellerId: products.sellerId })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      return row ?? null;
    },

    async sellerCard(
      sellerId: string,
    ): Promise<{ id: string; storeName: string; storeAvatarUrl: string | null } | null> {
      const [row] = await db
        .select({ id: sellers.id, storeName: sellers.storeName, storeAvatarUrl: sellers.storeAvatarUrl })
        .from(sellers)
        .where(eq(sellers.id, sellerId))
        .limit(1);
      return row ?? null;
    },

    async insert(values: NewBlipRow): Promise<string> {
      const [row] = await db.insert(blips).values(values).returning({ id: blips.id });
      if (!row) throw new Error('insert returned no blip');
      return row.id;
    },

    async find(blipId: string): Promise<BlipView | null> {
      const [view] = await viewQuery().where(eq(blips.id, blipId)).limit(1);
      return view ?? null;
    },

    /** A seller's blips, newest first; `productStatuses` limits them to products the viewer may see. */
    async pageForSeller(
      sellerId: string,
      productStatuses: readonly ProductStatus[],
      offset: number,
      limit: number,
    ): Promise<{ views: BlipView[]; total: number }> {
      const where = and(eq(blips.sellerId, sellerId), inArray(products.status, [...productStatuses]));
      const [views, [counted]] = await Promise.all([
        viewQuery().where(where).orderBy(desc(blips.createdAt), desc(blips.id)).limit(limit).offset(offset),
        db
          .select({ n: count() })
          .from(blips)
          .innerJoin(products, eq(products.id, blips.productId))
          .where(where),
      ]);
      return { views, total: counted?.n ?? 0 };
    },

    async delete(blipId: string, sellerId: string): Promise<BlipRow | null> {
      const [row] = await db
        .delete(blips)
        .where(and(eq(blips.id, blipId), eq(blips.sellerId, sellerId)))
        .returning();
      return row ?? null;
    },

    /** Top-level comments of a blip, newest first, and how many there are. */
    async topLevelComments(
      blipId: string,
      offset: number,
      limit: number,
    ): Promise<{ rows: BlipCommentRow[]; total: number }> {
      const where = and(eq(blipComments.blipId, blipId), isNull(blipComments.parentId));
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(blipComments)
          .where(where)
          .orderBy(desc(blipComments.createdAt), desc(blipComments.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(blipComments).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** The first `perParent` replies of each comment, oldest first, and each comment's reply count. */
    async replies(
      parentIds: readonly string[],
      perParent: number,
    ): Promise<{ rows: BlipCommentRow[]; counts: Map<string, number> }> {
      if (parentIds.length === 0) return { rows: [], counts: new Map() };
      const ranked = db
        .select({
          id: blipComments.id,
          rank: sql<number>`row_number() over (partition by ${blipComments.parentId} order by ${blipComments.createdAt}, ${blipComments.id})`.as(
            'rank',
          ),
        })
        .from(blipComments)
        .where(inArray(blipComments.parentId, [...parentIds]))
        .as('ranked');
      const [rows, counted] = await Promise.all([
        db
          .select({ comment: blipComments })
          .from(blipComments)
          .innerJoin(ranked, eq(ranked.id, blipComments.id))
          .where(sql`${ranked.rank} <= ${perParent}`)
          .orderBy(asc(blipComments.createdAt), asc(blipComments.id)),
        db
          .select({ parentId: blipComments.parentId, n: count() })
          .from(blipComments)
          .where(inArray(blipComments.parentId, [...parentIds]))
          .groupBy(blipComments.parentId),
      ]);
      const counts = new Map<string, number>();
      for (const c of counted) if (c.parentId) counts.set(c.parentId, c.n);
      return { rows: rows.map((r) => r.comment), counts };
    },

    async findComment(commentId: string): Promise<BlipCommentRow | null> {
      const [row] = await db.select().from(blipComments).where(eq(blipComments.id, commentId)).limit(1);
      return row ?? null;
    },

    /**
     * A buyer likes a blip. The like row's primary key makes a second like do nothing, and the
     * count moves only when a row was added, in the same transaction, so `likes_count` always
     * equals the rows. `firstNotice` is true the first time ever this buyer liked this blip (an
     * unlike keeps the notice), so the seller is told once. Null when the blip does not exist.
     * Runs in `q`'s transaction when one is given (the notice and its notification commit together).
     */
    async like(
      blipId: string,
      buyerId: string,
      at: Date,
      q?: Queryable,
    ): Promise<{ likesCount: number; firstNotice: boolean } | null> {
      const write = async (tx: Queryable) => {
        // Held until commit: the blip cannot be deleted under the new like (no foreign key error).
        const [blip] = await tx
          .select({ likesCount: blips.likesCount })
          .from(blips)
          .where(eq(blips.id, blipId))
          .for('key share');
        if (!blip) return null;
        const added = await tx
          .insert(blipLikes)
          .values({ blipId, buyerId, createdAt: at })
          .onConflictDoNothing()
          .returning({ buyerId: blipLikes.buyerId });
        if (added.length === 0) return { likesCount: await currentLikes(tx, blipId), firstNotice: false };
        const [counted] = await tx
          .update(blips)
          .set({ likesCount: sql`${blips.likesCount} + 1` })
          .where(eq(blips.id, blipId))
          .returning({ likesCount: blips.likesCount });
        const noticed = await tx
          .insert(blipLikeNotices)
          .values({ blipId, buyerId, createdAt: at })
          .onConflictDoNothing()
          .returning({ buyerId: blipLikeNotices.buyerId });
        return { likesCount: counted?.likesCount ?? 0, firstNotice: noticed.length > 0 };
      };
      return q ? write(q) : db.transaction((tx) => write(tx));
    },

    /** A buyer takes a like back; nothing changes when there was none. Null when the blip does not exist. */
    async unlike(blipId: string, buyerId: string): Promise<{ likesCount: number } | null> {
      return db.transaction(async (tx) => {
        const [blip] = await tx
          .select({ likesCount: blips.likesCount })
          .from(blips)
          .where(eq(blips.id, blipId))
          .for('key share');
        if (!blip) return null;
        const removed = await tx
          .delete(blipLikes)
          .where(and(eq(blipLikes.blipId, blipId), eq(blipLikes.buyerId, buyerId)))
          .returning({ buyerId: blipLikes.buyerId });
        if (removed.length === 0) return { likesCount: await currentLikes(tx, blipId) };
        const [counted] = await tx
          .update(blips)
          .set({ likesCount: sql`${blips.likesCount} - 1` })
          .where(eq(blips.id, blipId))
          .returning({ likesCount: blips.likesCount });
        return { likesCount: counted?.likesCount ?? 0 };
      });
    },

    async isLikedBy(blipId: string, buyerId: string): Promise<boolean> {
      const [row] = await db
        .select({ buyerId: blipLikes.buyerId })
        .from(blipLikes)
        .where(and(eq(blipLikes.blipId, blipId), eq(blipLikes.buyerId, buyerId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Counts a view unless one of the viewer's keys (`viewer`, then `aliases`: a buyer's account
     * and the browser's own id) was counted after `windowStart`, so watching anonymously and then
     * after signing up on the same phone is one view. The upsert on (blip, viewer) decides under
     * the key's lock, so parallel calls of one viewer count once; the count moves in the same
     * transaction. The other keys are stamped too. Null when the blip does not exist.
     */
    async recordView(
      blipId: string,
      viewer: string,
      aliases: readonly string[],
      at: Date,
      windowStart: Date,
    ): Promise<{ counted: boolean; viewsCount: number } | null> {
      return db.transaction(async (tx) => {
        const [blip] = await tx
          .select({ viewsCount: blips.viewsCount })
          .from(blips)
          .where(eq(blips.id, blipId))
          .for('key share');
        if (!blip) return null;
        // Marks keys as seen at `countedAt` (never moving a later mark back).
        const stamp = async (keys: readonly string[], countedAt: Date) => {
          if (keys.length === 0) return;
          await tx
            .insert(blipViews)
            .values(keys.map((key) => ({ blipId, viewer: key, countedAt })))
            .onConflictDoUpdate({
              target: [blipViews.blipId, blipViews.viewer],
              set: { countedAt },
              setWhere: lte(blipViews.countedAt, countedAt),
            });
        };
        const notCounted = async () => {
          const [now] = await tx
            .select({ viewsCount: blips.viewsCount })
            .from(blips)
            .where(eq(blips.id, blipId));
          return { counted: false, viewsCount: now?.viewsCount ?? blip.viewsCount };
        };

        const [seen] = await tx
          .select({ countedAt: blipViews.countedAt })
          .from(blipViews)
          .where(
            and(
              eq(blipViews.blipId, blipId),
              inArray(blipViews.viewer, [viewer, ...aliases]),
              gt(blipViews.countedAt, windowStart),
            ),
          )
          .orderBy(desc(blipViews.countedAt))
          .limit(1);
        if (seen) {
          await stamp([viewer, ...aliases], seen.countedAt);
          return notCounted();
        }
        // The decision itself: a parallel call of the same viewer waits here on the key and then
        // finds a fresh mark, which the condition keeps as it is.
        const counted = await tx
          .insert(blipViews)
          .values({ blipId, viewer, countedAt: at })
          .onConflictDoUpdate({
            target: [blipViews.blipId, blipViews.viewer],
            set: { countedAt: at },
            setWhere: lte(blipViews.countedAt, windowStart),
          })
          .returning({ viewer: blipViews.viewer });
        await stamp(aliases, at);
        if (counted.length === 0) return notCounted();
        const [row] = await tx
          .update(blips)
          .set({ viewsCount: sql`${blips.viewsCount} + 1` })
          .where(eq(blips.id, blipId))
          .returning({ viewsCount: blips.viewsCount });
        return { counted: true, viewsCount: row?.viewsCount ?? 0 };
      });
    },

    /** Runs `write` in one transaction; the service passes `tx` to this and other modules' writes. */
    transaction<T>(write: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction((tx) => write(tx));
    },

    /** In `q`'s transaction when one is given. */
    async insertComment(values: NewComment, q: Queryable = db): Promise<BlipCommentRow> {
      const [row] = await q.insert(blipComments).values(values).returning();
      if (!row) throw new Error('insert returned no comment');
      return row;
    },
  };
}
export type BlipsRepository = ReturnType<typeof blipsRepository>;
