import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Queryable } from '@/lib/queryable.ts';

/**
 * Everything held about one store, as a zip of JSON and CSV ("Download your data", Nigeria Data
 * Protection Act 2023 s.34 and s.38: access and portability). Every table of the schema with a
 * `seller_id` column is read with that seller's id only, so a table added later is exported without
 * anyone remembering to; the seller record comes from `sellers` by its id. Secrets are left out:
 * the password hash and the hashes of e-mailed codes prove nothing to the owner and would help an
 * attacker who got hold of the file.
 */

const SKIPPED_TABLES = new Set(['one_time_codes']);
const SECRET_COLUMNS = new Set(['password_hash', 'code_hash', 'token_hash', 'secret', 'secret_hash']);

type Row = Record<string, unknown>;

const plain = (row: Row): Row => {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
};

function toCsv(rows: Row[]): string {
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify(
    rows.map((r) =>
      columns.map((c) => (r[c] !== null && typeof r[c] === 'object' ? JSON.stringify(r[c]) : r[c])),
    ),
    { header: true, columns, cast: { boolean: (b) => String(b) } },
  );
}

const rowsOf = (result: unknown): Row[] =>
  ((result as { rows?: Row[] }).rows ?? (result as Row[])).map(plain);

/** The tables with a seller_id column, in name order. */
async function sellerTables(q: Queryable): Promise<string[]> {
  const result = await q.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'seller_id'
    order by table_name`);
  return rowsOf(result)
    .map((r) => String(r.table_name))
    .filter((t) => !SKIPPED_TABLES.has(t));
}

export type SellerData = { tables: Record<string, Row[]> };

export async function collectSellerData(q: Queryable, sellerId: string): Promise<SellerData> {
  const tables: Record<string, Row[]> = {};
  tables.seller = rowsOf(await q.execute(sql`select * from sellers where id = ${sellerId}`));
  for (const table of await sellerTables(q)) {
    tables[table] = rowsOf(
      await q.execute(sql`select * from ${sql.identifier(table)} where seller_id = ${sellerId}`),
    );
  }
  return { tables };
}

/** The zip: data.json with every table, one CSV per table, and a README saying what is what. */
export function zipSellerData(data: SellerData, generatedAt: Date): Buffer {
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      [
        `Everything Kasuwa holds about your store, as of ${generatedAt.toISOString()}.`,
        '',
        'data.json   every table below in one file',
        'csv/*.csv   one spreadsheet per table (open with Excel or Google Sheets)',
        '',
        'Money columns ending in _kobo are in kobo: divide by 100 for naira.',
        'Passwords and one-time codes are never included.',
      ].join('\n'),
    ),
    'data.json': strToU8(JSON.stringify({ generatedAt: generatedAt.toISOString(), ...data.tables }, null, 2)),
  };
  for (const [table, rows] of Object.entries(data.tables)) files[`csv/${table}.csv`] = strToU8(toCsv(rows));
  return Buffer.from(zipSync(files, { level: 6, mtime: generatedAt }));
}
