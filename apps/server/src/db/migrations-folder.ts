import { fileURLToPath } from 'node:url';

/**
 * Where the committed drizzle-kit migrations are: beside this file in the sources, and copied
 * beside the bundle by build.mjs (the bundle's import.meta.url is dist/server.js).
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
