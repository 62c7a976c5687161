import fs from 'node:fs/promises';
import { findSecrets } from '../../scripts/log-secrets.mjs';
import { DEMO_SELLER } from './session';

/** Every password the journeys type (e2e/support/server.ts, session.ts, auth.spec.ts). */
const TYPED_PASSWORDS = [DEMO_SELLER.password, 'Lekki2026market', 'Yaba2027newpass'];

/**
 * After the run: the server's log of every journey must hold no secret (issue 18 "secrets never in
 * logs"), then the e2e server's DATA_DIR and log are removed. A secret found fails the run with the
 * line numbers, and the log is kept for reading.
 */
export default async function globalTeardown() {
  const logFile = process.env.E2E_LOG_FILE;
  if (logFile) {
    const text = await fs.readFile(logFile, 'utf8').catch(() => '');
    const lines = text.split('\n').filter(Boolean).length;
    if (lines < 50) throw new Error(`The e2e server log ${logFile} has only ${lines} lines: nothing to scan`);
    const found = findSecrets(text, TYPED_PASSWORDS);
    if (found.length > 0) {
      const list = found.map((f) => `line ${f.line}: ${f.what}`).join('\n');
      throw new Error(`Secrets in the e2e server log (${logFile}, kept):\n${list}`);
    }
    process.stdout.write(`Scanned ${lines} lines of the e2e server log: no secrets.\n`);
    await fs.rm(logFile, { force: true });
  }
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('kasuwa-e2e-')) await fs.rm(dir, { recursive: true, force: true });
}
