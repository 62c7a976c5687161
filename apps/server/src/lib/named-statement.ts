import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '@/db/client.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Times and dates as PostgreSQL wrote them (text), as drizzle's `execute` hands them, so rows read
 * here map exactly like rows read through drizzle.
 */
const RAW_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export type NamedStatement<Row> = {
  /** Runs the statement with these placeholder values (drizzle `sql.placeholder` names). */
  execute: (values: Record<string, unknown>) => Promise<Row[]>;
};

/**
 * A statement written once with drizzle's `sql` and placeholders, then run under its `name` as a
 * PostgreSQL prepared statement: each pooled connection parses and plans it once, and later requests
 * only bind values, instead of drizzle building the text and PostgreSQL parsing and planning it on
 * every request (the pool's `force_generic_plan` makes the plan the same either way). A statement
 * whose best plan depends on a value must not leave that value to a placeholder (db/client.ts).
 */
export function namedStatement<Row>(db: Database, name: string, query: SQL): NamedStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    async execute(values) {
      const result = await db.$client.query({ name, text, values: fillPlaceholders(params, values), types });
      return result.rows as Row[];
    },
  };
}
