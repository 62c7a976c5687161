// `npm test`: build, then every test — unit and component (vitest, happy-dom), server (vitest, real
// PostgreSQL) and end-to-end (Playwright in Debian's Chromium) — and one closing summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = `${root}.tmp`;
mkdirSync(tmp, { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const say = (text) => process.stdout.write(`\n== ${text}\n`);
const requireServices = process.env.REQUIRE_SERVICES === '1';

say('build');
if (run('npm', ['run', 'build']) !== 0) {
  process.stdout.write('\nbuild failed: 0 passed, 1 failed\n');
  process.exit(1);
}

say('unit, component and server tests (vitest)');
const vitestJson = `${tmp}/vitest.json`;
rmSync(vitestJson, { force: true });
const vitestStatus = run('npx', ['vitest', 'run'], { VITEST_JSON: vitestJson });

say('end-to-end tests (Playwright, Chromium)');
let e2eStatus = run('bash', ['scripts/ensure-chromium']);
const playwrightJson = `${tmp}/playwright.json`;
rmSync(playwrightJson, { force: true });
if (e2eStatus === 0)
  e2eStatus = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

const counts = { passed: 0, failed: 0, skipped: 0 };
// A failure's first lines, without colour codes: CI keeps only the tail of this output, so the reason
// must be printed there too, beside the name.
const why = (message) => {
  if (!message) return '';
  const lines = stripVTControlCharacters(String(message))
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(0, 6);
  return `\n    ${lines.join('\n    ').slice(0, 700)}`;
};
// Named again at the very end: CI keeps only the tail of this output.
const failures = [];
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  counts.passed += v.numPassedTests;
  counts.failed += v.numFailedTests;
  counts.skipped += v.numPendingTests + v.numTodoTests;
  for (const file of v.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed')
        failures.push(`vitest: ${file.name.replace(root, '')} › ${t.fullName}${why(t.failureMessages?.[0])}`);
} else {
  counts.failed += 1;
}
if (existsSync(playwrightJson)) {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  const s = report.stats;
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          failures.push(
            `e2e: [${t.projectName}] ${spec.file} › ${spec.title}${why(t.results?.at(-1)?.error?.message)}`,
          );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  counts.passed += s.expected + s.flaky;
  counts.failed += s.unexpected;
  counts.skipped += s.skipped;
} else {
  counts.failed += 1;
}

let ok = vitestStatus === 0 && e2eStatus === 0 && counts.failed === 0;
if (requireServices && counts.skipped > 0) {
  process.stdout.write(`\nREQUIRE_SERVICES=1: ${counts.skipped} skipped test(s) count as failures.\n`);
  ok = false;
}
for (const name of failures) process.stdout.write(`\nFAILED ${name}`);
process.stdout.write(
  `\nTotal: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
);
process.exit(ok ? 0 : 1);
