import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { makeWorkerUtils } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { type FakePaystackTransfers, startFakePaystackTransfers } from '@/test/fake-paystack-transfers.ts';
import { byPassword, fundAvailable, gtb, payoutRows, payoutSeller } from '@/test/payouts.ts';
import { type RunningServer, waitForOutput } from '@/test/server-process.ts';
import { waitFor } from '@/test/wait-for.ts';

/* Issue 15: "a crash between recording a payout and calling the provider must never send it twice".
   A real `npm run worker` process takes the payout's send job and is killed (SIGKILL: no clean-up of
   any kind) while its POST /transfer is in flight at the Paystack stand-in, which has recorded the
   transfer but not answered. A second worker process then takes the job again: it must ask Paystack
   about the reference and find the transfer, not make a second one. */

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

let t: TestApp;
let fake: FakePaystackTransfers;
let dataDir: string;
const workers: RunningServer[] = [];

function startWorker(): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: t.db.$client.options.connectionString ?? '',
      PAYOUT_PROVIDER: 'paystack',
      BANK_PROVIDER: 'local',
      PAYMENT_PROVIDER: 'local',
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    out += c;
  });
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const worker = { child, port: 0, dataDir, output: () => out, exit };
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  fake = await startFakePaystackTransfers();
  t = await buildTestApp({
    payouts: {
      payout: { provider: 'paystack', secretKey: fake.secretKey, baseUrl: fake.baseUrl },
      bank: { provider: 'local' },
    },
  });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-payout-crash-'));
});

afterAll(async () => {
  for (const w of workers) {
    if (w.child.exitCode === null && w.child.signalCode === null) {
      w.child.kill('SIGKILL');
      await w.exit;
    }
  }
  await t?.close();
  await fake?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a worker killed while its transfer call is in flight', () => {
  it('sends the payout once: the next worker verifies the reference instead of sending again', async () => {
    const s = await payoutSeller(t);
    const account = gtb('012345678');
    await t.app.inject({
      method: 'PUT',
      url: '/api/payouts/bank-account',
      headers: s.auth,
      payload: { bankCode: '058', accountNumber: account, stepUp: byPassword },
    });
    await fundAvailable(t, s, 5_000_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { ...s.auth, 'idempotency-key': randomUUID() },
      payload: { amount: 2000, stepUp: byPassword },
    });
    expect(res.statusCode).toBe(201);
    const reference = res.json().payout.reference as string;

    fake.setTransferMode('hang');
    const first = startWorker();
    await waitForOutput(first, 'job worker ready', 60_000);
    await fake.transferRequests(1);
    first.child.kill('SIGKILL');
    await first.exit;
    expect(fake.transfers.get(reference)?.amount).toBe(200_000);
    expect((await payoutRows(t, s.seller.id))[0]?.status).toBe('pending');

    // The dead worker still holds the job's lock; graphile-worker frees it after 4 hours, or an
    // operator does it now, as here, with its documented forceUnlockWorkers.
    const { rows } = await t.db.execute<{ locked_by: string | null }>(
      sql`select locked_by from graphile_worker._private_jobs where locked_by is not null`,
    );
    const utils = await makeWorkerUtils({ connectionString: t.db.$client.options.connectionString ?? '' });
    try {
      await utils.forceUnlockWorkers(rows.map((r) => r.locked_by ?? ''));
    } finally {
      await utils.release();
    }

    fake.setTransferMode('answer');
    const second = startWorker();
    await waitForOutput(second, 'job worker ready', 60_000);
    await waitFor(async () => (await payoutRows(t, s.seller.id))[0]?.status === 'processing', 30_000);
    expect(fake.calls.filter((c) => c === 'POST /transfer')).toHaveLength(1);
    expect(fake.calls).toContain(`GET /transfer/verify/${reference}`);
    expect(fake.transfers.size).toBe(1);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  }, 180_000);
});
