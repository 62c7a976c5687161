import pg from 'pg';
import { systemClock } from '@/lib/clock.ts';
import { tokenService } from '@/lib/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One seller whose ledger holds `entries` entries of their own (about a fifth as many orders, over
 * the last 365 days), written in bulk with generate_series in the shapes the ledger posts
 * (modules/ledger/ledger.service.ts): each online order paid (sale, commission and payment fee in
 * `pending`, the platform's three mirrors) and, ten days later, released (`pending` → `available`,
 * the last ten days' still pending); a payout every Monday of 80 % of the week's releases, held and
 * paid. Cached balances (`ledger_balances`, `sellers.wallet_balance_kobo`) are summed from the
 * entries at the end. A second seller with a hundredth as many keeps the indexes honest.
 *
 * Written with the ledger's triggers off (`session_replication_role = replica`: the deferred
 * "every transaction sums to zero" check costs a query per row at commit); every posting here
 * balances by construction, and the seed checks it with one query after.
 */
export async function seedLedger(databaseUrl: string, jwtSecret: string, entries: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: sellers } = await client.query<{ id: string; token_version: number }>(`
      INSERT INTO sellers (first_name, last_name, email, phone_number, store_name, password_hash, email_verified, referral_code)
      SELECT 'Ngozi', 'Eze', 'ledger' || g || '@bench.ng', '+2348031234567', 'Ledger Store ' || g, 'x', true, 'LEDGER' || g
      FROM generate_series(1, 2) g ORDER BY g
      RETURNING id, token_version`);
    const [seller, other] = sellers;
    if (!seller || !other) throw new Error('no sellers');
    const { rows: buyers } = await client.query<{ id: string }>(`
      INSERT INTO buyers (name, email, password_hash) VALUES ('Amaka Okafor', 'ledger-buyer@bench.ng', 'x') RETURNING id`);
    const buyerId = buyers[0]?.id;
    const now = Date.now();
    await client.query('SET session_replication_role = replica');
    await client.query('BEGIN');
    for (const [sellerId, orderCount] of [
      // Five entries of the seller's an order, two fewer for the last ten days' (not yet released).
      [seller.id, Math.ceil(entries / (5 - (2 * 10) / 365))],
      [other.id, Math.ceil(entries / 500)],
    ] as const) {
      const stepMs = (365 * DAY_MS) / orderCount;
      // Orders paid online over the last year, oldest first; a total of ₦1,000 to ₦51,000.
      await client.query(
        `
        INSERT INTO orders (seller_id, buyer_id, source, payment_status, fulfilment_status, payment_method,
                            delivery_method, subtotal_kobo, delivery_fee_kobo, total_kobo, created_at, paid_at, delivered_at)
        SELECT $1, $2, 'buy_now', 'paid', 'delivered', 'online', 'seller', t - 150000, 150000, t, at, at, at + interval '3 days'
        FROM (SELECT g, 100000 + (g * 7919) % 5000000 AS t,
                     to_timestamp(($3::float8 - (${orderCount} - g) * $4::float8) / 1000) AS at
              FROM generate_series(1, ${orderCount}) g) s`,
        [sellerId, buyerId, now, stepMs],
      );
      // The figures of each order's two postings (commission 5 %, Paystack's local fee).
      await client.query(
        `
        CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
        SELECT o.id, o.number, o.paid_at AS at, o.total_kobo AS t,
               round(o.total_kobo * 0.05)::bigint AS c,
               least(round(o.total_kobo * 0.015) + CASE WHEN o.total_kobo < 250000 THEN 0 ELSE 10000 END, 200000)::bigint AS f,
               o.paid_at + interval '10 days' AS released_at,
               gen_random_uuid() AS paid_tx, gen_random_uuid() AS release_tx
        FROM orders o WHERE o.seller_id = $1`,
        [sellerId],
      );
      await client.query(
        `
        INSERT INTO ledger_transactions (id, key, kind, seller_id, order_id, at)
        SELECT paid_tx, 'sale:' || id, 'order_paid', $1, id, at FROM seed_orders
        UNION ALL
        SELECT release_tx, 'release:' || id, 'release', $1, id, released_at FROM seed_orders WHERE released_at < now()`,
        [sellerId],
      );
      await client.query(
        `
        INSERT INTO ledger_entries (transaction_id, seller_id, account, kind, amount_kobo, order_id, shown, description, at)
        SELECT x.tx, CASE WHEN x.platform THEN NULL ELSE $1::uuid END, x.account::ledger_account, x.kind::ledger_entry_kind,
               x.amount, o.id, x.description IS NOT NULL, x.description, x.at
        FROM seed_orders o
        CROSS JOIN LATERAL (VALUES
          (o.paid_tx, true, 'buyer_payments', 'sale', -o.t, NULL, o.at),
          (o.paid_tx, false, 'pending', 'sale', o.t, 'Sale KSW-' || o.number, o.at),
          (o.paid_tx, false, 'pending', 'commission', -o.c, 'Commission on KSW-' || o.number, o.at),
          (o.paid_tx, true, 'commission', 'commission', o.c, NULL, o.at),
          (o.paid_tx, false, 'pending', 'payment_fee', -o.f, 'Payment fee on KSW-' || o.number, o.at),
          (o.paid_tx, true, 'payment_fees', 'payment_fee', o.f, NULL, o.at),
          (o.release_tx, false, 'pending', 'release', -(o.t - o.c - o.f), NULL, o.released_at),
          (o.release_tx, false, 'available', 'release', o.t - o.c - o.f, 'KSW-' || o.number || ' released to available', o.released_at)
        ) AS x(tx, platform, account, kind, amount, description, at)
        WHERE x.tx = o.paid_tx OR o.released_at < now()
        ORDER BY x.at, o.number`,
        [sellerId],
      );
      // A payout every Monday (Lagos) of 80 % of the week's releases before it: held, then paid.
      await client.query(
        `
        CREATE TEMP TABLE seed_payouts ON COMMIT DROP AS
        SELECT gen_random_uuid() AS id, week + interval '7 days 9 hours' AS at, round(sum(t - c - f) * 0.8)::bigint AS amount,
               gen_random_uuid() AS hold_tx, gen_random_uuid() AS paid_tx
        FROM (SELECT date_trunc('week', released_at AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos' AS week, t, c, f
              FROM seed_orders WHERE released_at < now()) r
        GROUP BY week HAVING week + interval '7 days 9 hours' < now()`,
      );
      await client.query(
        `
        INSERT INTO ledger_transactions (id, key, kind, seller_id, payout_id, at)
        SELECT hold_tx, 'payout:' || id, 'payout_hold', $1, id, at FROM seed_payouts
        UNION ALL SELECT paid_tx, 'payout-paid:' || id, 'payout_paid', $1, id, at + interval '1 hour' FROM seed_payouts`,
        [sellerId],
      );
      await client.query(
        `
        INSERT INTO ledger_entries (transaction_id, seller_id, account, kind, amount_kobo, payout_id, shown, description, at)
        SELECT x.tx, $1, x.account::ledger_account, 'payout', x.amount, p.id, x.description IS NOT NULL, x.description, x.at
        FROM seed_payouts p CROSS JOIN LATERAL (VALUES
          (p.hold_tx, 'available', -p.amount, 'Payout to GTBank ••••6789', p.at),
          (p.hold_tx, 'payout_in_flight', p.amount, NULL, p.at),
          (p.paid_tx, 'payout_in_flight', -p.amount, NULL, p.at + interval '1 hour'),
          (p.paid_tx, 'paid_out', p.amount, NULL, p.at + interval '1 hour')
        ) AS x(tx, account, amount, description, at)`,
        [sellerId],
      );
      await client.query('DROP TABLE seed_orders');
      await client.query('DROP TABLE seed_payouts');
    }
    await client.query(`
      INSERT INTO ledger_balances (seller_id, account, balance_kobo)
      SELECT seller_id, account, sum(amount_kobo) FROM ledger_entries WHERE seller_id IS NOT NULL GROUP BY 1, 2`);
    await client.query(`
      UPDATE sellers s SET wallet_balance_kobo = b.balance_kobo
      FROM ledger_balances b WHERE b.seller_id = s.id AND b.account = 'available'`);
    await client.query('COMMIT');
    await client.query('SET session_replication_role = DEFAULT');
    const { rows: check } = await client.query<{ unbalanced: number; mine: number }>(
      `
      SELECT (SELECT count(*) FROM (SELECT 1 FROM ledger_entries GROUP BY transaction_id HAVING sum(amount_kobo) <> 0) u)::int AS unbalanced,
             (SELECT count(*) FROM ledger_entries WHERE seller_id = $1)::int AS mine`,
      [seller.id],
    );
    if (check[0]?.unbalanced !== 0)
      throw new Error(`${check[0]?.unbalanced} seeded transactions do not balance`);
    for (const table of ['orders', 'ledger_transactions', 'ledger_entries', 'ledger_balances'])
      await client.query(`VACUUM ANALYZE ${table}`);
    const token = await tokenService(jwtSecret, systemClock).sign({
      id: seller.id,
      tokenVersion: seller.token_version,
    });
    return {
      sellerId: seller.id,
      entries: check[0]?.mine ?? 0,
      auth: { authorization: `Bearer ${token}` },
    };
  } finally {
    await client.end();
  }
}
