// An inbox campaign to 100,000 followers (issue 16): one POST /api/campaigns, then graphile-worker,
// running inside the server process as a fresh `npm start` does, delivers it in batches of 1,000
// into the followers' Updates inboxes and queues their e-mail copies. Meanwhile GET /api/health is
// called back to back; its p99 during the send is printed beside its p99 idle (the same-run
// baseline), with the send's duration and the process's peak RSS.
// Gates: every follower has the campaign once (delivered = recipients = followers), the campaign is
// `sent`, and the health route's p99 during the send stays under BENCH_HEALTH_P99_MS (default 250 ms)
// and under 10x its idle p99 plus 50 ms — the send must not block the API.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '@/app.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';
import { systemClock } from '@/lib/clock.ts';
import { tokenService } from '@/lib/tokens.ts';
import type { Mail, Mailer } from '@/mail/mailer.ts';
import { benchEnvironment, benchLogger } from './support/bench-app';
import { percentile } from './support/live-auction';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const HEALTH_BUDGET_MS = Number(process.env.BENCH_HEALTH_P99_MS ?? 250);
const IDLE_MS = 3_000;

const env = await benchEnvironment('campaign_send');
const { db } = env.database;
await installJobSchema(env.database.pool, pino({ level: 'warn' }));

// The e-mail copies are counted, not written: 100,000 .eml files would measure the disk, not the send.
let mailed = 0;
const countingMailer: Mailer = {
  async send(_mail: Mail) {
    mailed++;
  },
  close() {},
};

const app = await buildApp({
  ...env.deps,
  mailer: countingMailer,
  logger: process.env.NOLOG ? false : benchLogger(),
  webDist: null,
  jobWorker: { mode: 'inline', concurrency: 2 },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const [seller] = (
  await db.execute<{ id: string; token_version: number }>(sql`
    INSERT INTO sellers (first_name, last_name, email, phone_number, store_name, password_hash,
                         email_verified, has_filled_address, referral_code)
    VALUES ('Ngozi', 'Eze', 'campaign@bench.ng', '+2348031234567', 'Ngozi Fabrics', 'x', true, true, 'CAMP1')
    RETURNING id, token_version`)
).rows;
if (!seller) throw new Error('no seller');
const seedStarted = performance.now();
await db.execute(sql`
  INSERT INTO buyers (name, email, password_hash)
  SELECT 'Buyer ' || g, 'buyer-' || g || '@bench.ng', 'x' FROM generate_series(1, ${FOLLOWERS}) g`);
await db.execute(sql`INSERT INTO store_follows (buyer_id, seller_id) SELECT id, ${seller.id} FROM buyers`);
await db.execute(sql`ANALYZE buyers; ANALYZE store_follows`);
const seedSeconds = (performance.now() - seedStarted) / 1000;
const token = await tokenService(env.deps.jwtSecret, systemClock).sign({
  id: seller.id,
  tokenVersion: seller.token_version,
});

/** GET /api/health back to back until `until` says stop; answers each call's milliseconds. */
async function probeHealth(until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

const idleEnd = performance.now() + IDLE_MS;
const idle = await probeHealth(() => performance.now() > idleEnd);

let done = false;
const sendStarted = performance.now();
const created = await fetch(`${base}/api/campaigns`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({
    title: 'Black Friday Ankara',
    message: 'Everything 20% off today.',
    audience: { kind: 'followers' },
  }),
});
const createMs = performance.now() - sendStarted;
if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
const campaignId = ((await created.json()) as { campaign: { _id: string } }).campaign._id;

const watcher = (async () => {
  const deadline = performance.now() + 10 * 60_000;
  while (performance.now() < deadline) {
    const [row] = (
      await db.execute<{ status: string; delivered: number }>(
        sql`SELECT status, delivered FROM campaigns WHERE id = ${campaignId}`,
      )
    ).rows;
    if (row?.status === 'sent') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  done = true;
})();
const during = await probeHealth(() => done);
await watcher;
const sendSeconds = (performance.now() - sendStarted) / 1000;

const [facts] = (
  await db.execute<{ status: string; recipients: number; delivered: number; items: number }>(sql`
    SELECT c.status, c.recipients, c.delivered,
      (SELECT count(*)::int FROM inbox_items i WHERE i.campaign_id = c.id) AS items
    FROM campaigns c WHERE c.id = ${campaignId}`)
).rows;
const peakMb = process.resourceUsage().maxRSS / 1024;
await app.close();
await env.close();
if (!facts) throw new Error('no campaign');

const sortedIdle = Float64Array.from(idle).sort();
const sortedDuring = Float64Array.from(during).sort();
const idleP99 = percentile(sortedIdle, 99);
const duringP99 = percentile(sortedDuring, 99);
const checks = [
  {
    ok:
      facts.status === 'sent' &&
      facts.recipients === FOLLOWERS &&
      facts.delivered === FOLLOWERS &&
      facts.items === FOLLOWERS,
    text: `campaign ${facts.status}: ${facts.delivered} of ${facts.recipients} delivered, ${facts.items} inbox items, ${FOLLOWERS} followers`,
  },
  {
    ok: duringP99 <= HEALTH_BUDGET_MS && duringP99 <= idleP99 * 10 + 50,
    text: `health p99 during the send ${duringP99.toFixed(1)} ms vs idle ${idleP99.toFixed(1)} ms (ratio ${(duringP99 / Math.max(idleP99, 0.001)).toFixed(1)}x; budget ${HEALTH_BUDGET_MS} ms)`,
  },
];
process.stdout.write(
  `${FOLLOWERS} followers seeded in ${seedSeconds.toFixed(1)} s; POST /api/campaigns answered in ${createMs.toFixed(0)} ms; ` +
    `delivered in ${sendSeconds.toFixed(1)} s (${Math.ceil(FOLLOWERS / 1000)} batches), ${mailed} e-mail copies sent by then\n` +
    `health: idle p50 ${percentile(sortedIdle, 50).toFixed(1)} ms p99 ${idleP99.toFixed(1)} ms (${idle.length} calls); ` +
    `during the send p50 ${percentile(sortedDuring, 50).toFixed(1)} ms p99 ${duringP99.toFixed(1)} ms (${during.length} calls)\n`,
);
for (const c of checks) process.stdout.write(`${c.text} ${c.ok ? 'PASS' : 'FAIL'}\n`);
process.stdout.write(
  `peak RSS ${peakMb.toFixed(0)} MB (server, worker and the health client in one process)\n`,
);
process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
