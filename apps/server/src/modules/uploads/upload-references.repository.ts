import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { type Queryable, transactionsOf } from '@/lib/queryable.ts';

/** The folders of uploads the sweeper looks after; each names its files in its own tables. */
export type UploadArea = 'products' | 'streams' | 'blips';

/**
 * Which of `refs` (URLs of product photos and show media, storage keys of blip files) a row of the
 * seller still names. Every row that may name such a file is looked at:
 * - a product photo: any product's own photos and those of every variant level (a jsonpath over
 *   the whole variant tree, so a photo anywhere in it counts), and the first photo a show copied
 *   when it was scheduled (`stream_products.product_image`, kept so a past show still shows it
 *   after the product was edited or deleted);
 * - a show's media: its cover image and its preview video;
 * - a blip's files: its video and its poster.
 * Only the seller's own rows are read: uploads are stored under the uploader's id and every write
 * refuses another seller's file, so no other seller's row can name them.
 */
export function uploadReferencesRepository(db: Database) {
  const run = async (q: Queryable, refs: readonly string[], naming: ReturnType<typeof sql>) => {
    if (refs.length === 0) return new Set<string>();
    const { rows } = await q.execute<{ ref: string }>(
      sql`select r.ref from unnest(${sql.param([...refs])}::text[]) as r(ref) where r.ref in (${naming})`,
    );
    return new Set(rows.map((row) => row.ref));
  };

  return {
    db,
    transaction: transactionsOf(db),

    /** In the sweeper's transaction, which holds the seller's uploads. */
    async namedBy(
      q: Queryable,
      area: UploadArea,
      sellerId: string,
      refs: readonly string[],
    ): Promise<Set<string>> {
      switch (area) {
        case 'products':
          // jsonpath in lax mode never fails on an unexpected shape; the duplicates it may give
          // (lax .** visits arrays twice) do not matter to `in`.
          return run(
            q,
            refs,
            sql`
              select jsonb_array_elements_text(p.images) from products p where p.seller_id = ${sellerId}
              union all
              select jsonb_path_query(p.variants, 'lax $.**.images[*]') #>> '{}'
                from products p where p.seller_id = ${sellerId}
              union all
              select sp.product_image from stream_products sp join streams s on s.id = sp.stream_id
               where s.seller_id = ${sellerId} and sp.product_image is not null`,
          );
        case 'streams':
          return run(
            q,
            refs,
            sql`
              select s.cover_image from streams s where s.seller_id = ${sellerId} and s.cover_image is not null
              union all
              select s.video from streams s where s.seller_id = ${sellerId} and s.video is not null`,
          );
        case 'blips':
          return run(
            q,
            refs,
            sql`
              select b.video_key from blips b where b.seller_id = ${sellerId}
              union all
              select b.poster_key from blips b where b.seller_id = ${sellerId} and b.poster_key is not null`,
          );
      }
    },
  };
}
export type UploadReferencesRepository = ReturnType<typeof uploadReferencesRepository>;
