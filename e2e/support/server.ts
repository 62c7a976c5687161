import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

const run = promisify(execFile);
const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts');
  return dir;
};

/**
 * The 6-digit code in the newest e-mail to `to` in the server's outbox (DATA_DIR/outbox/*.eml), waiting
 * for it to arrive. Files are named by ISO-8601 time, so the newest sorts last.
 */
export async function codeFromOutbox(to: string, subject: RegExp = /code/): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const dir = path.join(dataDir(), 'outbox');
        const files = (await fs.readdir(dir).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort();
        for (const file of files.reverse()) {
          const eml = await fs.readFile(path.join(dir, file), 'utf8');
          const split = eml.search(/\r?\n\r?\n/);
          const head = eml.slice(0, split);
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(head) || !subject.test(head))
            continue;
          code = eml.slice(split).match(/\b(\d{6})\b/)?.[1];
          if (code) return code;
        }
        return undefined;
      },
      { message: `an e-mail with a code to ${to}`, timeout: 10_000 },
    )
    .toBeDefined();
  return code as string;
}

/** `npm run admin -- <command> <email>` against the e2e server, as an operator would type it. */
export async function admin(command: 'approve' | 'disable' | 'enable' | 'block' | 'unblock', email: string) {
  const { stdout } = await run(process.execPath, ['apps/server/dist/cli/admin.js', command, email], {
    env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: dataDir() },
  });
  return stdout.trim();
}

/** A fresh identity per test, so tests can run in parallel against one server. */
export function uniqueSeller(prefix = 'seller') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Ngozi',
    lastName: 'Adeyemi',
    email: `${prefix}-${id}@example.ng`,
    password: 'Lekki2026market',
    phoneNumber: '8031234567',
    storeName: `Ngozi Wears ${id}`,
  };
}

/** `npm run admin -- notify <email> <type> [key=value ...]`: a notification the seller should see live. */
export async function adminNotify(email: string, type: string, ...data: string[]) {
  const { stdout } = await run(
    process.execPath,
    ['apps/server/dist/cli/admin.js', 'notify', email, type, ...data],
    {
      env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: dataDir() },
    },
  );
  return stdout.trim();
}

/** `npm run admin -- comment <blipId> <name> <text…>`: a buyer's comment on a blip, as demos add them. */
export async function adminComment(blipId: string, authorName: string, text: string) {
  const { stdout } = await run(
    process.execPath,
    ['apps/server/dist/cli/admin.js', 'comment', blipId, authorName, text],
    { env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: dataDir() } },
  );
  return stdout.trim();
}

/** `npm run admin -- kyc <approve|reject> <email> [reason…]` (issue 17): the review team's decision. */
export async function adminKyc(decision: 'approve' | 'reject', email: string, ...reason: string[]) {
  const { stdout } = await run(
    process.execPath,
    ['apps/server/dist/cli/admin.js', 'kyc', decision, email, ...reason],
    {
      env: { ...process.env, PORT: process.env.E2E_PORT, DATA_DIR: dataDir() },
    },
  );
  return stdout.trim();
}
