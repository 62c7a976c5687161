// `npm run chaos` (issue 18, "Faults"): the tests that really break things — real server processes
// killed with SIGKILL, and PostgreSQL, Redis, S3, SMTP and the payment provider taken away under
// them — then one table of what each fault did and what was found. Extra arguments are passed to
// vitest (e.g. a file name to run one). Needs DATABASE_URL (or starts an embedded PostgreSQL, as the
// server tests do) and redis-server on the PATH for the Redis fault. docs/operations.md says what
// each row proves. The servers are the bundle `npm start` runs, built here first (esbuild, a few
// seconds; CHAOS_BUILD=0 skips it), so they start in seconds and test what is checked out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.tmp`;
mkdirSync(tmp, { recursive: true });
const reportFile = `${tmp}/chaos-report.jsonl`;
const vitestJson = `${tmp}/chaos-vitest.json`;
rmSync(reportFile, { force: true });
rmSync(vitestJson, { force: true });

const began = Date.now();
if (process.env.CHAOS_BUILD !== '0' && process.env.CHAOS_SERVER !== 'source') {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: `${root}apps/server`, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const status =
  spawnSync('npx', ['vitest', 'run', '--project', 'chaos', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, KASUWA_CHAOS: '1', CHAOS_REPORT: reportFile, VITEST_JSON: vitestJson },
  }).status ?? 1;
const seconds = Math.round((Date.now() - began) / 1000);

const rows = existsSync(reportFile)
  ? readFileSync(reportFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  : [];
const tests = [];
if (existsSync(vitestJson)) {
  for (const file of JSON.parse(readFileSync(vitestJson, 'utf8')).testResults ?? []) {
    for (const t of file.assertionResults ?? []) tests.push({ name: t.title, status: t.status });
  }
}

const width = (xs, f) => Math.min(60, Math.max(...xs.map((x) => f(x).length)));
const pad = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
process.stdout.write('\n== chaos: what was broken, and what was found\n\n');
if (rows.length) {
  const w = width([...rows, { fault: 'Fault' }], (r) => r.fault);
  process.stdout.write(`${pad('Fault', w)}  ${pad('Result', 6)}  Found\n`);
  process.stdout.write(`${'-'.repeat(w)}  ------  ${'-'.repeat(50)}\n`);
  for (const r of rows) process.stdout.write(`${pad(r.fault, w)}  ${pad(r.result, 6)}  ${r.found}\n`);
} else {
  process.stdout.write('(no fault reported a result)\n');
}
if (tests.length) {
  process.stdout.write('\nTests:\n');
  const mark = { passed: 'ok     ', failed: 'FAIL   ' };
  for (const t of tests) process.stdout.write(`  ${mark[t.status] ?? 'not run'}  ${t.name}\n`);
}
const passed = tests.filter((t) => t.status === 'passed').length;
const failed = tests.filter((t) => t.status === 'failed').length;
// A test whose set-up failed is reported as skipped by vitest: here it counts as not run.
const notRun = tests.length - passed - failed;
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ');
process.stdout.write(
  `\nchaos: ${passed} passed, ${failed} failed, ${notRun} not run, in ${seconds} s (load average ${load})\n`,
);
process.exit(status === 0 && passed === tests.length && tests.length > 0 ? 0 : 1);
