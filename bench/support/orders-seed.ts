import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client.ts';
import { systemClock } from '@/lib/clock.ts';
import { tokenService } from '@/lib/tokens.ts';

/**
 * One seller with `orders` orders and four noise sellers with a quarter as many each, over 20,000
 * buyers with Nigerian names, 1–3 lines each from 20 product names, over about a year, in every
 * state (roughly: 8% to pay, 12% to ship, 15% shipped, 55% delivered, 10% cancelled). Inserted in
 * bulk through the real triggers (tab counts, search text, word index), then vacuumed and
 * checkpointed, as after any bulk load.
 */
export async function seedOrders(db: Database, jwtSecret: string, orders: number) {
  const [seller] = (
    await db.execute<{ id: string; token_version: number }>(sql`
      INSERT INTO sellers (first_name, last_name, email, phone_number, store_name, password_hash, email_verified, referral_code)
      SELECT 'Ngozi', 'Eze', 'seller' || g || '@bench.ng', '+2348031234567', 'Store ' || g, 'x', true, 'BENCH' || g
      FROM generate_series(1, 5) g
      RETURNING id, token_version`)
  ).rows;
  if (!seller) throw new Error('no seller');
  await db.execute(sql`
    INSERT INTO buyers (name, email, password_hash)
    SELECT (array['Amaka','Chinedu','Tunde','Bola','Ngozi','Emeka','Fatima','Yusuf','Kemi','Ifeoma','Segun','Aisha','Obinna','Zainab','Femi'])[1 + g % 15]
           || ' ' || (array['Okafor','Adeyemi','Bello','Eze','Ibrahim','Okonkwo','Balogun','Nwosu','Abubakar','Ogunleye','Olawale','Danjuma'])[1 + (g / 15) % 12],
           'buyer' || g || '@bench.ng', 'x'
    FROM generate_series(1, 20000) g`);
  const total = Math.round(orders * 2);
  await db.execute(sql`
    WITH s AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM sellers WHERE email LIKE '%@bench.ng'),
         b AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM buyers WHERE email LIKE '%@bench.ng')
    INSERT INTO orders (seller_id, buyer_id, source, payment_status, fulfilment_status, payment_method,
                        delivery_method, buyer_state, subtotal_kobo, delivery_fee_kobo, total_kobo, created_at, paid_at)
    SELECT s.id, b.id, (CASE WHEN g % 3 = 0 THEN 'auction' ELSE 'buy_now' END)::order_source,
      (CASE WHEN k < 8 THEN 'awaiting_payment' WHEN k < 12 THEN 'pay_on_delivery_pending'
            WHEN k >= 33 AND k < 88 AND g % 5 = 0 THEN 'pay_on_delivery_collected' ELSE 'paid' END)::order_payment_status,
      (CASE WHEN k < 20 THEN 'unfulfilled' WHEN k < 30 THEN 'shipped' WHEN k < 33 THEN 'in_transit'
            WHEN k < 88 THEN 'delivered' ELSE 'cancelled' END)::order_fulfilment_status,
      (CASE WHEN k < 4 THEN NULL WHEN k BETWEEN 8 AND 11 OR (k >= 33 AND k < 88 AND g % 5 = 0) THEN 'pay_on_delivery'
            ELSE 'online' END)::order_payment_method,
      'seller'::order_delivery_method,
      (array['Lagos','Abuja FCT','Rivers','Oyo','Kano','Enugu','Kaduna','Delta'])[1 + g % 8],
      100000 + (g * 7919) % 5000000, 150000, 250000 + (g * 7919) % 5000000,
      now() - (g * 5 || ' minutes')::interval,
      CASE WHEN k >= 12 THEN now() - (g * 5 || ' minutes')::interval END
    FROM (SELECT g, (g * 37) % 100 AS k, CASE WHEN g <= ${orders} THEN 1 ELSE 2 + g % 4 END AS sn,
                 1 + (g * 7) % 20000 AS bn
          FROM generate_series(1, ${total}) g) gg
    JOIN s ON s.n = gg.sn JOIN b ON b.n = gg.bn`);
  await db.execute(sql`
    WITH pn AS (SELECT n, name FROM unnest(array['Ankara Gown','Aso Oke Set','Adire Shirt','Kaftan','Agbada',
      'Gele Headtie','Senator Suit','Buba and Sokoto','Wrapper','Lace Fabric','Sneakers','Leather Sandals','Handbag',
      'Phone Case','Earbuds','Power Bank','Shea Butter','Black Soap','Perfume Oil','Jollof Spice']) WITH ORDINALITY AS t(name, n))
    INSERT INTO order_lines (order_id, product_name, variant, unit_price_kobo, quantity)
    SELECT o.id, pn.name, '[{"name":"Colour","value":"Red"}]'::jsonb, 100000, 1
    FROM orders o CROSS JOIN generate_series(1, 1 + (o.number % 3)::int) i
    JOIN pn ON pn.n = 1 + ((o.number * 13 + i * 7) % 20)`);
  await db.execute(sql`VACUUM ANALYZE orders`);
  await db.execute(sql`VACUUM ANALYZE order_lines`);
  // The Orders search's word index (migration 0033) and its weekly counts (0039), filled by the same triggers.
  await db.execute(sql`VACUUM ANALYZE order_search_words`);
  await db.execute(sql`VACUUM ANALYZE order_search_vocabulary`);
  await db.execute(sql`VACUUM ANALYZE order_search_word_weeks`);
  // The bulk load's dirty pages written out now, not by a checkpoint in the middle of the first figure.
  await db.execute(sql`CHECKPOINT`);
  const token = await tokenService(jwtSecret, systemClock).sign({
    id: seller.id,
    tokenVersion: seller.token_version,
  });
  return { sellerId: seller.id, auth: { authorization: `Bearer ${token}` } };
}
