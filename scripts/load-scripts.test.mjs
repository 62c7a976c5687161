// Smoke tests of `npm run cluster` and `npm run soak` with tiny sizes (issue 18): each starts what it
// says (built nodes, balancer, Redis, s3rver, a fresh database), runs its load, prints its figures and
// exits 0. The real runs (2,000 viewers; ten minutes) stay out of `npm test`. They need the built
// server (`npm test` builds first) and a PostgreSQL in DATABASE_URL; without one they are skipped.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ready = Boolean(process.env.DATABASE_URL) && existsSync(`${root}apps/server/dist/server.js`);

function run(script, env) {
  const r = spawnSync(process.execPath, [script], {
    cwd: root,
    encoding: 'utf8',
    // Ports apart from a developer's own `npm run cluster` (3220–3224).
    env: { ...process.env, CLUSTER_PORT_BASE: '3225', ...env },
    timeout: 280_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe.runIf(ready)('load scripts, tiny', () => {
  it('npm run cluster: one node, then two behind the balancer, with ratios', () => {
    const { status, output } = run('scripts/cluster.mjs', {
      CLUSTER_VIEWERS: '12',
      CLUSTER_BIDDERS: '4',
      CLUSTER_SELLERS: '1',
      CLUSTER_SECONDS: '2',
    });
    expect(output).toMatch(/bid-to-viewer p99/);
    expect(output).toMatch(/viewers per node\s+12\s+6 \/ 6/);
    expect(output).toMatch(/-> PASS/);
    expect(status, output).toBe(0);
  }, 300_000);

  it('npm run soak: first against last window', () => {
    const { status, output } = run('scripts/soak.mjs', {
      SOAK_SECONDS: '10',
      SOAK_WARMUP_SECONDS: '2',
      SOAK_VIEWERS: '5',
      SOAK_BIDDERS: '2',
      SOAK_SELLERS: '1',
      // Flatness over one-second windows on a shared machine is noise: here only that it runs.
      SOAK_P99_RATIO: '1000',
      SOAK_RSS_GROWTH_MB: '500',
    });
    expect(output).toMatch(/first vs last window: RSS/);
    expect(output).toMatch(/-> PASS/);
    expect(status, output).toBe(0);
  }, 300_000);
});
