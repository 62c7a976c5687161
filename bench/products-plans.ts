// The plans behind bench/products.bench.ts's cases, as the app runs them: `node --import tsx
// bench/products-plans.ts` (TSX_TSCONFIG_PATH=apps/server/tsconfig.json, as scripts/bench.mjs sets).
// Each case goes through the products lists' service with a logger that keeps the statements it
// sends; each is then prepared on one connection with the pool's setting (a generic plan, see
// db/client.ts) and run under EXPLAIN (ANALYZE, BUFFERS), run twice so the second shows a warm
// cache, as a busy server has. docs/performance.md keeps their key lines. Not a benchmark (no
// `.bench.ts`), so `npm run bench` does not run it.
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '@/db/client.ts';
import * as schema from '@/db/schema/index.ts';
import { productListsService } from '@/modules/products/product-lists.service.ts';
import { productsRepository } from '@/modules/products/products.repository.ts';
import { benchEnvironment } from './support/bench-app';
import { seedBenchCatalogue } from './support/product-catalogue';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const env = await benchEnvironment('plans');
const { sellerId } = await seedBenchCatalogue(env.database.db, env.deps.storage, PRODUCTS);

const sent: { text: string; params: unknown[] }[] = [];
const db = drizzle(env.database.pool, {
  schema,
  casing: 'snake_case',
  logger: { logQuery: (text, params) => sent.push({ text, params }) },
}) as Database;
const lists = productListsService({ repo: productsRepository(db) });

const cases: { name: string; run: () => Promise<unknown> }[] = [
  {
    name: 'list page 500',
    run: () => lists.listForSeller(sellerId, null, { page: 500, limit: 10, sortBy: 'newest' }),
  },
  {
    name: 'list search "royal ankara" page 3',
    run: () =>
      lists.listForSeller(sellerId, null, { page: 3, limit: 10, sortBy: 'newest', search: 'royal ankara' }),
  },
  {
    name: 'search "royal ankara" ₦1,000–₦500,000 by price',
    run: () =>
      lists.search(sellerId, null, {
        query: 'royal ankara',
        minPrice: 1000,
        maxPrice: 500000,
        sortBy: 'price',
        order: 'asc',
        page: 2,
        limit: 10,
      }),
  },
  {
    name: 'search "ankara" (5,000 matches)',
    run: () =>
      lists.search(sellerId, null, {
        query: 'ankara',
        sortBy: 'createdAt',
        order: 'desc',
        page: 3,
        limit: 10,
      }),
  },
  {
    name: 'search "ankra" (a misspelling)',
    run: () =>
      lists.search(sellerId, null, {
        query: 'ankra',
        sortBy: 'createdAt',
        order: 'desc',
        page: 1,
        limit: 10,
      }),
  },
];

const client = await env.database.pool.connect();
try {
  await client.query('set plan_cache_mode = force_generic_plan');
  for (const c of cases) {
    sent.length = 0;
    await c.run();
    process.stdout.write(`\n### ${c.name}\n`);
    for (const [i, q] of sent.entries()) {
      // The misspelling fallback's transaction and setting run as they are, around its statement.
      if (!/^\s*select/i.test(q.text)) {
        await client.query(q.text);
        process.stdout.write(`-- ${q.text}\n`);
        continue;
      }
      const name = `plan_${i}`;
      await client.query(`prepare ${name} as ${q.text}`);
      const literals = q.params.map((p) => client.escapeLiteral(String(p)));
      const args = literals.length ? `(${literals.join(', ')})` : '';
      let plan = '';
      for (let run = 0; run < 2; run++) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) execute ${name}${args}`,
        );
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      await client.query(`deallocate ${name}`);
      process.stdout.write(`-- statement ${i + 1} of ${sent.length}, params ${JSON.stringify(q.params)}\n`);
      if (process.env.PLANS_SQL) process.stdout.write(`${q.text}\n`);
      process.stdout.write(`${plan}\n`);
    }
  }
} finally {
  client.release();
  await env.close();
}
