import fs from 'node:fs/promises';

/** Removes the e2e server's DATA_DIR once the server has stopped. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('kasuwa-e2e-')) await fs.rm(dir, { recursive: true, force: true });
}
