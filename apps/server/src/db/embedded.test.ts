import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { processState, startEmbeddedPostgres } from '@/db/embedded.ts';
import { waitFor } from '@/test/wait-for.ts';

// The embedded PostgreSQL itself, in a folder of its own (not the test run's database), so this runs
// the same whether or not DATABASE_URL is set.
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

function capturingLogger() {
  const lines: string[] = [];
  const log = (_o: unknown, msg?: unknown) => void lines.push(String(msg ?? _o));
  return { lines, logger: { info: log, warn: log, error: log, debug: () => {} } };
}

describe('the embedded PostgreSQL after a crash', () => {
  it('starts although postmaster.pid names the old postmaster, dead but never reaped (a zombie)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-emb-'));
    dirs.push(dir);
    const clusterDir = path.join(dir, 'pg');
    const first = await startEmbeddedPostgres({ clusterDir, logger: capturingLogger().logger });
    await first.stop();

    // A zombie: `sleep 0.5` exits after sh has become `sleep 30`, which never reaps it, as a postmaster
    // killed with its server's process group waits for its new parent to reap it.
    const parent = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = await new Promise<number>((resolve) =>
        parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
      );
      await waitFor(() => processState(zombie) === 'zombie', 5_000, 20);
      // What the killed postmaster left: its pid file, naming it.
      await fs.writeFile(
        path.join(clusterDir, 'postmaster.pid'),
        `${zombie}\n${clusterDir}\n0\n5432\n\n\n\n`,
      );

      const { lines, logger } = capturingLogger();
      const second = await startEmbeddedPostgres({ clusterDir, logger });
      try {
        expect(lines).toContain('removing the postmaster.pid of a PostgreSQL that crashed');
        const client = new pg.Client({ connectionString: second.adminUrl });
        await client.connect();
        await expect(client.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
        await client.end();
      } finally {
        await second.stop();
      }
    } finally {
      parent.kill('SIGKILL');
    }
  }, 60_000);

  it('restarts a killed PostgreSQL, and gives up after the bounded tries when it keeps dying right after each restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kasuwa-emb-'));
    dirs.push(dir);
    const events: string[] = [];
    let gaveUp: Error | null = null;
    const cluster = await startEmbeddedPostgres({
      clusterDir: path.join(dir, 'pg'),
      logger: capturingLogger().logger,
      supervise: {
        maxTries: 2,
        backoffMs: 50,
        maxBackoffMs: 100,
        onDown: () => void events.push('down'),
        onUp: () => void events.push('up'),
        onGiveUp: (err) => {
          gaveUp = err;
        },
      },
    });
    try {
      // The first kill: started again, and it answers.
      process.kill(cluster.pid() as number, 'SIGKILL');
      await waitFor(() => events.join() === 'down,up', 30_000);
      const client = new pg.Client({ connectionString: cluster.adminUrl });
      await client.connect();
      await client.end();
      // Then a crash loop: every restarted PostgreSQL dies at once. Two such restarts use up the tries.
      for (let i = 0; i < 2; i++) {
        const ups = events.filter((e) => e === 'up').length;
        process.kill(cluster.pid() as number, 'SIGKILL');
        if (i === 0) await waitFor(() => events.filter((e) => e === 'up').length > ups, 30_000);
      }
      await waitFor(() => gaveUp !== null, 30_000);
      expect((gaveUp as Error | null)?.message).toMatch(
        /could not be started again after 2 tries[\s\S]*What to do/,
      );
    } finally {
      await cluster.stop();
    }
  }, 90_000);
});
