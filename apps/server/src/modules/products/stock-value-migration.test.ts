import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '@/db/client.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder } from '@/db/migrations-folder.ts';
import { categories, productStatistics, products, subCategories } from '@/db/schema/index.ts';
import { TEST_DB_PREFIX, withDatabase } from '@/test/global-setup.ts';

const BEFORE = '0010_variant_stock_value';

let db: Database;
let close: () => Promise<void>;
let oldFolder: string;

/** A database migrated only up to the migration before 0010, as a server upgraded today has it. */
beforeAll(async () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `${TEST_DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const handle = openDatabase(withDatabase(adminUrl, name), { max: 2 });
  db = handle.db;

  oldFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-migrations-'));
  await fs.cp(migrationsFolder, oldFolder, { recursive: true });
  const journalPath = path.join(oldFolder, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, cut);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  await runMigrations(db, oldFolder);

  close = async () => {
    await handle.close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
    await c.end();
    await fs.rm(oldFolder, { recursive: true, force: true });
  };
});
afterAll(() => close());

const size = (value: string, priceKobo: number | null) => ({
  name: 'Size',
  value,
  priceKobo,
  stock: 3,
  images: [],
  subSubVariants: [],
});
const colour = (value: string, subVariants: ReturnType<typeof size>[]) => ({
  name: 'Colour',
  value,
  priceKobo: null,
  totalStock: 6,
  images: [],
  subVariants,
});

it('values the stock of products stored before it at their variants’ prices', async () => {
  // Raw SQL with the columns of that time: the schema in code has columns added by later migrations.
  const [seller] = (
    await db.execute<{ id: string }>(sql`
      insert into sellers (first_name, last_name, email, phone_number, store_name, password_hash, referral_code)
      values ('Bola', 'Ade', 'bola@example.ng', '+2348031234567', 'Bola Stores', 'not-used', 'TMIGR010')
      returning id`)
  ).rows;
  const [category] = await db
    .insert(categories)
    .values({ slug: 'fashion', name: 'Fashion', imageUrl: '/x.webp', position: 1 })
    .returning();
  if (!seller || !category) throw new Error('no seller or category');
  const [sub] = await db
    .insert(subCategories)
    .values({ categoryId: category.id, name: 'Dresses', position: 1 })
    .returning();
  if (!sub) throw new Error('no sub-category');
  // ₦15,000, 18 in stock, six of them at ₦16,500.
  await db.insert(products).values({
    sellerId: seller.id,
    name: 'Ankara Maxi Dress',
    categoryId: category.id,
    subCategoryId: sub.id,
    priceKobo: 1_500_000,
    stock: 18,
    saleType: { buyNow: true, auction: null },
    variants: [
      colour('Red', [size('M', 1_650_000), size('L', null)]),
      colour('Blue', [size('M', 1_650_000), size('L', null)]),
      colour('Green', [size('M', null), size('L', null)]),
    ],
  });
  const value = async () => {
    const [row] = await db
      .select({ v: productStatistics.stockValueKobo })
      .from(productStatistics)
      .where(eq(productStatistics.sellerId, seller.id));
    return row?.v;
  };
  expect(await value()).toBe(27_000_000);

  await runMigrations(db, migrationsFolder);
  expect(await value()).toBe(27_900_000);
  // And the triggers follow the new rule from then on.
  await db.update(products).set({ priceKobo: 1_000_000 });
  expect(await value()).toBe(12 * 1_000_000 + 6 * 1_650_000);
});
