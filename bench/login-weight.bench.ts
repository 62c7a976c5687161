// How much compressed JavaScript a phone downloads to show /login, measured in Chromium against the
// real built server, and how much memory the idle API server process holds. Each is printed as a
// ratio of its budget: 150 KB of script, 200 MB of RSS.
import fs from 'node:fs/promises';
import { chromium, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { startBuiltServer } from './support/built-server';

const JS_BUDGET_BYTES = 150 * 1024;
const RSS_BUDGET_MB = 200;

const server = await startBuiltServer();
const { base } = server;
try {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page = await context.newPage();
  const scripts: Array<{ url: string; transferred: number; decoded: number }> = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    const response = await request.response();
    const body = response ? await response.body() : Buffer.alloc(0);
    scripts.push({
      url: request.url(),
      transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      decoded: body.length,
    });
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await browser.close();

  // Idle: a few seconds after the last request.
  await new Promise((r) => setTimeout(r, 2000));
  const status = await fs.readFile(`/proc/${server.process.pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  const rssMb = kb('VmRSS') / 1024;
  const peakMb = kb('VmHWM') / 1024;

  const transferred = scripts.reduce((s, x) => s + x.transferred, 0);
  const decoded = scripts.reduce((s, x) => s + x.decoded, 0);
  const jsRatio = transferred / JS_BUDGET_BYTES;
  const rssRatio = rssMb / RSS_BUDGET_MB;
  const kbText = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `/login JavaScript: ${kbText(transferred)} transferred in ${scripts.length} files (${kbText(decoded)} uncompressed)` +
      ` -> ratio ${jsRatio.toFixed(2)} of the 150 KB budget ${jsRatio <= 1 ? 'PASS' : 'FAIL'}\n` +
      `API server idle RSS: ${rssMb.toFixed(0)} MB (peak ${peakMb.toFixed(0)} MB)` +
      ` -> ratio ${rssRatio.toFixed(2)} of the 200 MB budget ${rssRatio <= 1 ? 'PASS' : 'FAIL'}\n`,
  );
  process.exitCode = jsRatio <= 1 && rssRatio <= 1 ? 0 : 1;
} finally {
  await server.stop();
}
