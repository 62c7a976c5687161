import { defineConfig } from 'drizzle-kit';

// Generation only compares the schema with earlier migrations; it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
