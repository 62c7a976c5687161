// Checkout under a rush (issue 14): 200 buyers race for the last 20 units of one product, each with
// one POST /api/checkout/orders (Buy now, shipped, paid online) at the same instant, through the full
// app stack over HTTP. Each buyer who got an order then pays it on the local checkout page: the
// page's own form post (POST /pay/local/<reference>, outcome=success), which sends the signed
// charge.success into the same webhook handler a real processor's webhook reaches.
// Gates: exactly 20 orders paid, 0 units oversold (stock 0, never negative; 20 order lines), and every
// other buyer refused with 409 "Sold out" or "Only N left". Printed: p50/p99 of checkout and of the
// payment, and the process's RSS (server and 200 clients in this one process).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '@/app.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { systemClock } from '@/lib/clock.ts';
import { BUYER_AUDIENCE, SESSION_TTL_SECONDS, tokenService } from '@/lib/tokens.ts';
import { seedCatalogue } from '@/modules/onboarding/catalogue.ts';
import { benchEnvironment, benchLogger } from './support/bench-app';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const UNITS = Number(process.env.BENCH_UNITS ?? 20);

const env = await benchEnvironment('checkout_race');
const { db } = env.database;
await seedCatalogue(db, env.deps.storage);
// Checkout queues each order's payment window in graphile-worker's tables, as the server does; no
// worker runs here (the queued jobs are written, not run, within the race).
await installJobSchema(env.database.pool, pino({ level: 'warn' }));
const app = await buildApp({
  ...env.deps,
  logger: process.env.NOLOG ? false : benchLogger(),
  webDist: null,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const [seller] = (
  await db.execute<{ id: string; token_version: number }>(sql`
    INSERT INTO sellers (first_name, last_name, email, phone_number, store_name, password_hash,
                         email_verified, has_filled_address, referral_code, seller_address)
    VALUES ('Ngozi', 'Eze', 'race@bench.ng', '+2348031234567', 'Ngozi Fabrics', 'x', true, true, 'RACE1',
            '{"country":"Nigeria","state":"Lagos","city":"Ikeja","addressLine1":"12 Allen Avenue"}'::jsonb)
    RETURNING id, token_version`)
).rows;
if (!seller) throw new Error('no seller');
const sellerToken = await tokenService(env.deps.jwtSecret, systemClock).sign({
  id: seller.id,
  tokenVersion: seller.token_version,
});
const settings = await fetch(`${base}/api/settings/delivery`, {
  method: 'PUT',
  headers: { authorization: `Bearer ${sellerToken}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    shipping: { enabled: true, fees: [{ state: 'Lagos', fee: 2500 }] },
    pickup: { enabled: false },
    payOnDelivery: { enabled: false, cap: 0 },
    lowStockThreshold: 2,
    paymentWindowHours: 24,
  }),
});
if (settings.status !== 200)
  throw new Error(`delivery settings: ${settings.status} ${await settings.text()}`);
const [product] = (
  await db.execute<{ id: string }>(sql`
    INSERT INTO products (seller_id, name, category_id, sub_category_id, price_kobo, stock, status, sale_type, images)
    SELECT ${seller.id}::uuid, 'Ankara Gown', s.category_id, s.id, 1500000, ${UNITS}, 'active',
           '{"buyNow": true, "auction": null}'::jsonb, '[]'::jsonb
    FROM sub_categories s ORDER BY s.name LIMIT 1
    RETURNING id`)
).rows;
if (!product) throw new Error('no product');
const buyers = (
  await db.execute<{ id: string }>(sql`
    INSERT INTO buyers (name, email, password_hash)
    SELECT 'Buyer ' || g, 'race' || g || '@bench.ng', 'x' FROM generate_series(1, ${BUYERS}) g
    RETURNING id`)
).rows;
const buyerTokens = tokenService(env.deps.jwtSecret, systemClock, SESSION_TTL_SECONDS, BUYER_AUDIENCE);
const auths = await Promise.all(
  buyers.map(async (b) => `Bearer ${await buyerTokens.sign({ id: b.id, tokenVersion: 0 })}`),
);

type Attempt = { status: number; ms: number; message?: string; reference?: string; orderId?: string };
const checkout = async (authorization: string): Promise<Attempt> => {
  const started = performance.now();
  const res = await fetch(`${base}/api/checkout/orders`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: randomUUID(),
      productId: product.id,
      variant: [],
      quantity: 1,
      delivery: {
        method: 'seller',
        address: {
          fullName: 'Ada Obi',
          phoneNumber: '+2348012345678',
          state: 'Lagos',
          city: 'Ikeja',
          addressLine1: '4 Opebi Road',
        },
      },
      paymentMethod: 'online',
    }),
  });
  const body = await res.json();
  return {
    status: res.status,
    ms: performance.now() - started,
    message: body.message,
    reference: body.payment?.reference,
    orderId: body.order?._id,
  };
};

// Every buyer's request leaves at once (a warm-up first, so the race is not the JIT's).
await fetch(`${base}/api/health`);
const raceStarted = performance.now();
const attempts = await Promise.all(auths.map(checkout));
const raceSeconds = (performance.now() - raceStarted) / 1000;

const won = attempts.filter((a) => a.status === 201);
const refused = attempts.filter((a) => a.status !== 201);
const refusedRight = refused.filter(
  (a) => a.status === 409 && /^(Sold out|Only \d+ left)$/.test(a.message ?? ''),
);

// The winners pay on the local checkout page, all at once, as the page's form posts it.
const payMs: number[] = [];
const paid = await Promise.all(
  won.map(async (a) => {
    if (!a.reference) return 0;
    const started = performance.now();
    const res = await fetch(`${base}/pay/local/${encodeURIComponent(a.reference)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'success' }).toString(),
      redirect: 'manual',
    });
    payMs.push(performance.now() - started);
    return res.status;
  }),
);

const [facts] = (
  await db.execute<{ stock: number; paid: number; orders: number; units: number; payments: number }>(sql`
    SELECT (SELECT stock FROM products WHERE id = ${product.id}) AS stock,
           (SELECT count(*)::int FROM orders WHERE seller_id = ${seller.id} AND payment_status = 'paid') AS paid,
           (SELECT count(*)::int FROM orders WHERE seller_id = ${seller.id}) AS orders,
           (SELECT coalesce(sum(l.quantity), 0)::int FROM order_lines l JOIN orders o ON o.id = l.order_id
             WHERE o.seller_id = ${seller.id} AND o.fulfilment_status <> 'cancelled') AS units,
           (SELECT count(*)::int FROM payments p JOIN orders o ON o.id = p.order_id
             WHERE o.seller_id = ${seller.id} AND p.status = 'succeeded') AS payments`)
).rows;
const rssMb = process.memoryUsage().rss / 1024 / 1024;
const peakMb = process.resourceUsage().maxRSS / 1024;
await app.close();
await env.close();
if (!facts) throw new Error('no facts');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0) : 0;
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const checkoutMs = attempts.map((a) => a.ms);
const oversold = Math.max(0, facts.units - UNITS) + Math.max(0, -facts.stock);
const otherAnswers = refused
  .filter((a) => !refusedRight.includes(a))
  .map((a) => `${a.status} ${a.message ?? ''}`)
  .slice(0, 3);

const checks = [
  {
    ok: facts.paid === UNITS && won.length === UNITS && paid.every((s) => s === 303),
    text: `paid orders ${facts.paid} of ${UNITS} units (${won.length} checkouts answered 201, ${facts.payments} payments succeeded; the pay page answered ${[...new Set(paid)].join('/')})`,
  },
  {
    ok: oversold === 0 && facts.stock === 0 && facts.orders === UNITS,
    text: `oversold ${oversold} (stock left ${facts.stock}, ${facts.orders} orders holding ${facts.units} units)`,
  },
  {
    ok: refusedRight.length === BUYERS - UNITS,
    text: `refused ${refusedRight.length} of ${BUYERS - UNITS} with 409 "Sold out" / "Only N left"${otherAnswers.length ? `; other answers: ${otherAnswers.join(', ')}` : ''}`,
  },
];
process.stdout.write(
  `${BUYERS} buyers racing for ${UNITS} units in ${raceSeconds.toFixed(2)} s: checkout p50 ${ms(pct(checkoutMs, 0.5))},` +
    ` p99 ${ms(pct(checkoutMs, 0.99))}, max ${ms(Math.max(...checkoutMs))}; payment (pay page -> signed webhook)` +
    ` p50 ${ms(pct(payMs, 0.5))}, p99 ${ms(pct(payMs, 0.99))}\n`,
);
for (const c of checks) process.stdout.write(`${c.text} ${c.ok ? 'PASS' : 'FAIL'}\n`);
process.stdout.write(
  `RSS ${rssMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB (server and the ${BUYERS} clients in one process)\n`,
);
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
