import pg from 'pg';
import type { Logger } from 'pino';
import { DatabaseUnavailableError } from '@/lib/errors.ts';

export type AvailabilityState = {
  /** False while the database is known to be away: new connections fail at once with a 503. */
  available: boolean;
  /** Why it is away, for the log and /api/health; null while available. */
  reason: string | null;
  /** The embedded PostgreSQL is being started again. */
  restarting: boolean;
  /** When it went away (ms since the epoch); null while available. */
  since: number | null;
};

/**
 * What the application knows about its database between queries. While it is away, the pool's
 * clients refuse to connect (DatabaseUnavailableError, a 503 within microseconds) instead of each
 * request waiting out a connection time-out, and the clients it already had are cut off, so a
 * request stuck on a frozen PostgreSQL fails instead of hanging. Marked away by the embedded
 * PostgreSQL's supervisor (the child exited) or by the watchdog (a probe went unanswered);
 * marked back by whichever marked it once a probe is answered again.
 */
export type Availability = {
  state(): AvailabilityState;
  /** Marks the database away: refuses new connections and cuts every open one. */
  markDown(reason: string, options?: { restarting?: boolean }): void;
  markUp(): void;
  /** The error a refused connection gets. */
  error(): DatabaseUnavailableError;
  /** Every connection of the pool, to be cut when the database goes away. */
  track(client: pg.Client): void;
  onChange(listener: (state: AvailabilityState) => void): () => void;
};

export function availability(log?: Pick<Logger, 'warn' | 'info'>): Availability {
  let current: AvailabilityState = { available: true, reason: null, restarting: false, since: null };
  const clients = new Set<pg.Client>();
  const listeners = new Set<(state: AvailabilityState) => void>();
  const emit = () => {
    for (const l of listeners) l(current);
  };
  return {
    state: () => current,
    markDown(reason, options = {}) {
      const wasAvailable = current.available;
      current = {
        available: false,
        reason,
        restarting: options.restarting ?? false,
        since: current.since ?? Date.now(),
      };
      if (wasAvailable) log?.warn({ reason }, 'database unavailable: answering 503 until it is back');
      // A query in flight on a frozen server would wait for ever: cut its socket, so the query
      // fails now and PostgreSQL rolls its transaction back when it sees the connection gone.
      for (const c of clients) cutConnection(c);
      clients.clear();
      emit();
    },
    markUp() {
      if (current.available) return;
      log?.info({ downMs: Date.now() - (current.since ?? Date.now()) }, 'database available again');
      current = { available: true, reason: null, restarting: false, since: null };
      emit();
    },
    error() {
      const why = current.restarting
        ? 'The database is restarting. Please try again in a moment.'
        : 'The database is unavailable right now. Please try again in a moment.';
      return new DatabaseUnavailableError(why);
    },
    track(client) {
      clients.add(client);
      client.once('end', () => clients.delete(client));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Destroys a client's socket without the goodbye `end()` would wait for from a frozen server. */
export function cutConnection(client: pg.Client) {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  stream?.destroy();
}

export type Watchdog = { stop(): Promise<void> };

/** How long the watchdog's own connection may take to open. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Asks the database `SELECT 1` every `intervalMs` on a connection of its own; an answer later than
 * `timeoutMs` (a frozen or overloaded server) or an error marks it away, the next answer marks it
 * back. This is what bounds a request on a frozen PostgreSQL: no statement time-out is needed on
 * the request path, so a legitimately long statement is not cut, only a server that stopped
 * answering altogether. The embedded supervisor marks the database away itself when its child
 * exits; the watchdog then brings it back once the restarted server answers.
 */
export function startWatchdog({
  connectionConfig,
  availability: av,
  intervalMs,
  timeoutMs,
  log,
}: {
  connectionConfig: () => pg.ClientConfig;
  availability: Availability;
  intervalMs: number;
  timeoutMs: number;
  log: Pick<Logger, 'warn' | 'info' | 'debug'>;
}): Watchdog {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const drop = () => {
    const c = client;
    client = null;
    if (c) cutConnection(c);
  };

  // A deadline that counts the database's silence, not this node's own: timers run before the
  // event loop reads sockets, so after the node itself was held up (a broadcast to thousands of
  // sockets, a CPU-starved machine) the deadline fired ahead of an answer already waiting to be
  // read, and the watchdog cut every pooled connection of a healthy database (issue 18, `npm run
  // cluster`: 503s under 2,000 viewers at load average 30). So the deadline looks again after the
  // sockets were read, and a deadline that fired late by half its length or more (this node was
  // stalled) is granted once more.
  const within = <T>(work: Promise<T>, ms: number, what: string) => {
    let timeout: NodeJS.Timeout | undefined;
    let settled = false;
    const watched = work.finally(() => {
      settled = true;
    });
    return Promise.race([
      watched,
      new Promise<never>((_, reject) => {
        const arm = (extended: boolean) => {
          const due = performance.now() + ms;
          timeout = setTimeout(() => {
            setImmediate(() => {
              if (settled) return;
              if (!extended && performance.now() - due >= ms / 2) return arm(true);
              reject(new Error(`${what} within ${ms} ms`));
            });
          }, ms);
        };
        arm(false);
      }),
    ]).finally(() => clearTimeout(timeout));
  };

  const probe = async () => {
    try {
      if (!client) {
        const c = new pg.Client({ ...connectionConfig(), application_name: 'kasuwa-watchdog' });
        c.on('error', () => {
          if (client === c) client = null;
        });
        client = c;
        // Connecting costs a password exchange (SCRAM) that a busy machine can slow past the probe's
        // time-out; a frozen server is caught by the statement below on the kept connection, so the
        // connection gets a longer bound of its own.
        await within(c.connect(), Math.max(timeoutMs, CONNECT_TIMEOUT_MS), 'no connection');
      }
      await within(client.query('SELECT 1'), timeoutMs, 'no answer');
      av.markUp();
    } catch (err) {
      drop();
      if (stopped) return;
      const state = av.state();
      const reason = state.restarting
        ? (state.reason ?? 'restarting')
        : `The database does not answer: ${(err as Error).message}`;
      if (!state.available && state.restarting) return;
      log.debug({ err }, 'database probe failed');
      av.markDown(reason);
    }
  };

  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = probe().finally(() => {
        running = null;
        loop();
      });
    }, intervalMs);
    timer.unref();
  };
  loop();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      drop();
    },
  };
}
