import type { ProductStatus } from '@kasuwa/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import {
  type BlipCommentRow,
  type BlipRow,
  blipComments,
  blips,
  type NewBlipRow,
  products,
  sellers,
} from '@/db/schema/index.ts';

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

    async insertComment(values: NewComment): Promise<BlipCommentRow> {
      const [row] = await db.insert(blipComments).values(values).returning();
      if (!row) throw new Error('insert returned no comment');
      return row;
    },
  };
}
export type BlipsRepository = ReturnType<typeof blipsRepository>;
