import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CHAOS_PORTS,
  CHAOS_SECRETS,
  chaosNodes,
  freshDatabase,
  type Node,
  report,
  until,
} from '@/chaos/harness.ts';
import { type FakeSmtp, startFakeSmtp } from '@/test/fake-smtp.ts';

/* Issue 18, Faults: the SMTP server down (connections refused) and stalled (accepts, never answers).
   The request that sends mail must still succeed, promptly: a mail nobody waits for on screen (here
   the seller's approval) is queued in graphile-worker and delivered once SMTP is back, once; a code
   the user waits for (sign-up) is tried at once, and the sign-up says it could not be sent. */

const nodes = chaosNodes('kasuwa-chaos-smtp-');
let db: Awaited<ReturnType<typeof freshDatabase>>;
let smtp: FakeSmtp;
let node: Node;

beforeAll(async () => {
  db = await freshDatabase('smtp');
  smtp = await startFakeSmtp(CHAOS_PORTS.provider);
  await smtp.setMode('down');
  node = await nodes.start(await nodes.freshDataDir(), CHAOS_PORTS.nodeA, {
    DATABASE_URL: db.url,
    SEED_DEMO: '0',
    REDIS_URL: '',
    SMTP_URL: smtp.url,
  });
});
afterAll(async () => {
  await nodes.cleanup();
  await smtp?.stop();
  await db?.drop();
});

let n = 0;
const register = () => {
  n++;
  return api<{ message: string }>(node.base, 'POST', '/seller/register', {
    body: {
      firstName: 'Chiamaka',
      lastName: 'Obi',
      email: `chaos-smtp-${n}-${process.pid}@example.ng`,
      password: 'Lagos2026market',
      phoneNumber: '+2348031234567',
      storeName: `Chaos Styles ${n} ${process.pid}`,
    },
    timeoutMs: 60_000,
  });
};

describe('SMTP down', () => {
  it('answers the requests that send mail at once, queues the mail and delivers it once SMTP is back', async () => {
    // Refused: the sign-up succeeds and says the code could not be sent.
    const refused = await register();
    expect(refused.status).toBe(201);
    expect(refused.body.message).toMatch(/could not send your code/);
    expect(refused.ms).toBeLessThan(2000);

    // The approval mail goes through the queue: the approval answers at once.
    const email = `chaos-smtp-1-${process.pid}@example.ng`;
    const approve = await api(node.base, 'POST', '/admin/sellers/approve', {
      token: CHAOS_SECRETS.ADMIN_TOKEN,
      body: { email },
    });
    expect(approve.status).toBe(200);
    expect(approve.ms).toBeLessThan(2000);
    const approvedAt = Date.now();
    const failed = await until(
      async () =>
        (
          await db.query<{ attempts: number; last_error: string | null }>(
            "SELECT attempts, last_error FROM graphile_worker.jobs WHERE task_identifier = 'mail.send' AND last_error IS NOT NULL",
          )
        )[0],
      30_000,
      'the queued mail failed its first delivery',
    ).catch(async (err) => {
      const jobs = await db.query(
        'SELECT task_identifier, attempts, run_at, locked_at, last_error FROM graphile_worker.jobs',
      );
      throw new Error(
        `${(err as Error).message}; jobs: ${JSON.stringify(jobs)}\n${node.output().slice(-3000)}`,
      );
    });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    // Stalled: a server that accepts and never greets. Bounded by the mailer's time-outs.
    await smtp.setMode('stalled');
    const stalled = await register();
    expect(stalled.status).toBe(201);
    expect(stalled.body.message).toMatch(/could not send your code/);
    expect(stalled.ms).toBeLessThan(8000);

    await smtp.setMode('up');
    const upAt = Date.now();
    const delivered = await until(
      () => smtp.received.find((m) => m.data.includes('seller account is approved')),
      90_000,
      'the approval mail delivered after SMTP came back',
      200,
    );
    expect(delivered.to.join()).toContain(email);
    const deliveredAfter = Date.now() - upAt;
    // Once: the job is done and gone, and no second copy arrives.
    await until(
      async () =>
        (await db.query("SELECT 1 FROM graphile_worker.jobs WHERE task_identifier = 'mail.send'")).length ===
        0,
      10_000,
      'the mail job done',
    );
    expect(smtp.received.filter((m) => m.data.includes('seller account is approved'))).toHaveLength(1);
    report(
      'SMTP down (refused, then stalled)',
      'fixed',
      `sign-up answered 201 in ${refused.ms} ms (refused) and ${stalled.ms} ms (stalled; was ~30 s: nodemailer's greeting time-out), saying the code could not be sent; approval answered in ${approve.ms} ms; its mail (was: sent directly and lost) failed ${failed.attempts}× while down and was delivered once, ${deliveredAfter} ms after SMTP came back (${Date.now() - approvedAt} ms after the approval)`,
    );
  });
});
