// The plans of bench/orders-list.bench.ts's cases, as the app runs them: `node --import tsx
// bench/orders-plans.ts` (TSX_TSCONFIG_PATH=apps/server/tsconfig.json, as scripts/bench.mjs sets).
// Seeds the bench's orders (slow: minutes), or reads an already seeded database given as
// PLANS_DATABASE_URL. Each case's statement is prepared on one connection with the pool's setting
// (a generic plan, see db/client.ts) and run under EXPLAIN (ANALYZE, BUFFERS) twice, the second
// (warm) run printed; the gated case both through the word index and as the walk it replaces.
// docs/order-lists.md keeps their key lines. Not a benchmark (no `.bench.ts`).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '@/db/client.ts';
import {
  type OrderListFilter,
  pageQuery,
  pageValues,
  wordIndexable,
} from '@/modules/orders/order-lists.repository.ts';
import { NARROWED_COUNT_PAGES_AHEAD, orderListFilter } from '@/modules/orders/order-lists.service.ts';
import { benchEnvironment } from './support/bench-app';
import { seedOrders } from './support/orders-seed';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const given = process.env.PLANS_DATABASE_URL;
const env = given ? null : await benchEnvironment('orders_plans');
const database = env?.database ?? openDatabase(given ?? '');
if (env) await seedOrders(env.database.db, env.deps.jwtSecret, ORDERS);
const [seller] = (
  await database.db.execute<{ id: string }>(sql`SELECT id FROM sellers WHERE email = 'seller1@bench.ng'`)
).rows;
if (!seller) throw new Error('no bench seller');

const cases: { name: string; query: Record<string, string | number> }[] = [
  { name: 'Delivered, search "ankara", page 50', query: { tab: 'delivered', search: 'ankara', page: 50 } },
  { name: 'To ship, page 50, unsearched', query: { tab: 'to_ship', page: 50 } },
  { name: 'All, search "amaka okafor", page 5', query: { search: 'amaka okafor', page: 5 } },
  { name: 'All, search "gele", by total, page 50', query: { search: 'gele', sort: 'total_desc', page: 50 } },
];

const dialect = new PgDialect({ casing: 'snake_case' });
const client = new pg.Client({ connectionString: given ?? env?.databaseUrl });
await client.connect();
try {
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query('set jit = off');
  for (const c of cases) {
    const query = { tab: 'all', sort: 'newest', limit: 20, ...c.query } as Parameters<
      typeof orderListFilter
    >[1];
    const f: OrderListFilter = orderListFilter(seller.id, query);
    const offset = (query.page - 1) * query.limit;
    const narrowed = f.words.length > 0 || f.number !== null;
    const page = {
      offset,
      limit: query.limit,
      countCap: narrowed ? offset + query.limit * NARROWED_COUNT_PAGES_AHEAD + 1 : null,
    };
    const ways = page.countCap !== null && wordIndexable(f) ? [true, false] : [false];
    for (const viaWords of ways) {
      const { sql: text, params } = dialect.sqlToQuery(pageQuery(f, page.countCap !== null, viaWords));
      const values = pageValues(f, page);
      const literals = params.map((p) => {
        const name = (p as { name?: string }).name;
        const v = name === undefined ? p : values[name];
        return v === null || v === undefined ? 'NULL' : client.escapeLiteral(String(v));
      });
      await client.query(`prepare plan as ${text}`);
      let plan = '';
      for (let run = 0; run < 2; run++) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) execute plan(${literals.join(', ')})`,
        );
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      await client.query('deallocate plan');
      process.stdout.write(`\n### ${c.name}${viaWords ? ' (word index)' : ' (walk)'}\n`);
      if (process.env.PLANS_SQL) process.stdout.write(`${text}\n`);
      process.stdout.write(`${plan}\n`);
    }
  }
} finally {
  await client.end();
  if (env) await env.close();
  else await database.close();
}
