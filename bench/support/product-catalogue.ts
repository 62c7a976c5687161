import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

/**
 * One seller with `count` products (issue 7), shared by the products benchmark and the plans script
 * (bench/products-plans.ts), so the plans kept in docs/performance.md are of the catalogue measured.
 * Realistic spread: mixed names (so a search matches a few percent of rows), prices from ₦500 to
 * ₦2,000,000, most products active, some drafts, out of stock and archived, a year of creation times.
 */
export async function seedBenchCatalogue(
  db: Database,
  storage: FileStorage,
  count: number,
): Promise<{ sellerId: string; seconds: number }> {
  await seedCatalogue(db, storage);
  const [seller] = (
    await db.execute<{ id: string }>(sql`
      insert into sellers (first_name, last_name, email, phone_number, store_name, password_hash,
                           email_verified, referral_code)
      values ('Ngozi', 'Eze', 'bench@kasuwa.ng', '+2348031234567', 'Ngozi Fabrics', 'x', true, 'BENCH1')
      returning id`)
  ).rows;
  if (!seller) throw new Error('no seller');
  const started = performance.now();
  await db.execute(sql`
    with words as (
      select array['Ankara', 'Aso Oke', 'Adire', 'Kaftan', 'Agbada', 'Gele', 'Senator', 'Buba',
                   'Wrapper', 'Lace', 'Sneakers', 'Sandals', 'Handbag', 'Phone Case', 'Earbuds',
                   'Power Bank', 'Shea Butter', 'Black Soap', 'Perfume Oil', 'Jollof Spice'] as nouns,
             array['Classic', 'Premium', 'Everyday', 'Festive', 'Slim', 'Royal', 'Vintage', 'Modern'] as adjs,
             array['Red', 'Blue', 'Green', 'Gold', 'Black', 'White', 'Purple', 'Orange'] as colours
    ), sub as (
      select s.id as sub_id, s.category_id from sub_categories s order by s.name limit 1
    )
    insert into products (seller_id, name, category_id, sub_category_id, price_kobo, stock, status,
                          sale_type, created_at, updated_at)
    select ${seller.id}::uuid,
           w.adjs[1 + (g % 8)] || ' ' || w.colours[1 + ((g / 8) % 8)] || ' ' || w.nouns[1 + ((g / 64) % 20)]
             || ' #' || g,
           sub.category_id, sub.sub_id,
           (50000 + (g * 7919) % 200000000)::bigint,
           (g % 50),
           (case when g % 50 = 0 then 'out_of_stock' when g % 23 = 0 then 'draft'
                 when g % 97 = 0 then 'archived' else 'active' end)::product_status,
           '{"buyNow": true, "auction": null}'::jsonb,
           now() - (g || ' minutes')::interval,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${count}) g, words w, sub`);
  // As after any bulk load: without fresh visibility data the planner cannot use index-only scans.
  // The products' word index (migration 0035) was filled by the same insert's trigger.
  await db.execute(sql`vacuum analyze products, product_search_words, product_search_vocabulary`);
  return { sellerId: seller.id, seconds: (performance.now() - started) / 1000 };
}
