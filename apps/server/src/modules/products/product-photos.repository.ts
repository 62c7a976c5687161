import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';

/**
 * Whether a photo of the seller's (by its URL) is public: a product buyers can see (active or out
 * of stock) carries it, on itself or on any variant level, or a show or an order copied it (a past
 * show and a buyer's order keep showing the photo after the product was unpublished). A photo only
 * on drafts or archived products, or on none yet, is the seller's alone.
 */
export function productPhotosRepository(db: Database) {
  return {
    async isPublic(sellerId: string, url: string): Promise<boolean> {
      const { rows } = await db.execute<{ public: boolean }>(sql`
        select exists (
          select 1 from products p
           where p.seller_id = ${sellerId} and p.status in ('active', 'out_of_stock')
             and (p.images @> jsonb_build_array(${url}::text)
                  or jsonb_path_exists(p.variants, 'lax $.**.images[*] ? (@ == $u)', jsonb_build_object('u', ${url}::text)))
          union all
          select 1 from stream_products sp join streams s on s.id = sp.stream_id
           where s.seller_id = ${sellerId} and sp.product_image = ${url}
          union all
          select 1 from order_lines l join orders o on o.id = l.order_id
           where o.seller_id = ${sellerId} and l.product_image = ${url}
        ) as public`);
      return rows[0]?.public === true;
    },
  };
}
export type ProductPhotosRepository = ReturnType<typeof productPhotosRepository>;
