import { DatabaseUnavailableError } from '@/lib/errors.ts';

type PgError = { code?: string; constraint?: string; message?: string; cause?: PgError };

/** The error and the errors it wraps (drizzle puts the driver's error in `cause`). */
function* chain(err: unknown): Generator<PgError> {
  let e = err as PgError | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = e.cause;
  }
}

/**
 * The constraint a unique violation (23505) broke, looking through the wrappers drizzle puts
 * around the driver's error; null for any other error.
 */
export function uniqueViolation(err: unknown): string | null {
  for (const e of chain(err)) if (e.code === '23505') return e.constraint ?? 'unique';
  return null;
}

const UNAVAILABLE_CODES: Record<string, string> = {
  // Operating system errors of the connection: nothing listens (stopped), or the socket died.
  ECONNREFUSED: 'The database is not running right now. Please try again in a moment.',
  ECONNRESET: 'The connection to the database was lost. Please try again in a moment.',
  EPIPE: 'The connection to the database was lost. Please try again in a moment.',
  ETIMEDOUT: 'The database did not answer in time. Please try again in a moment.',
  // PostgreSQL's own: shutting down, starting up or recovering after a crash.
  '57P01': 'The database is restarting. Please try again in a moment.',
  '57P02': 'The database is restarting. Please try again in a moment.',
  '57P03': 'The database is starting up. Please try again in a moment.',
  // statement_timeout (or a cancel): the request pool's bound on one statement.
  '57014': 'The database took too long to answer. Please try again in a moment.',
  '53100':
    "The server's disk is full, so nothing can be saved right now. Reading still works; please try again later.",
  '53200': 'The database is out of memory. Please try again in a moment.',
  '53300': 'The database has too many connections. Please try again in a moment.',
  '08000': 'The connection to the database was lost. Please try again in a moment.',
  '08003': 'The connection to the database was lost. Please try again in a moment.',
  '08006': 'The connection to the database was lost. Please try again in a moment.',
  '08001': 'The database is not running right now. Please try again in a moment.',
  '08004': 'The database refused the connection. Please try again in a moment.',
};

/** Errors the pool and the driver raise without a code when the connection is gone or stuck. */
const UNAVAILABLE_MESSAGES: Array<[RegExp, string]> = [
  // Also "Connection terminated due to connection timeout" (a frozen server).
  [/^Connection terminated/, 'The connection to the database was lost. Please try again in a moment.'],
  [
    /timeout exceeded when trying to connect/i,
    'The database did not answer in time. Please try again in a moment.',
  ],
  [/^Query read timeout/, 'The database did not answer in time. Please try again in a moment.'],
  [/not queryable/, 'The connection to the database was lost. Please try again in a moment.'],
  [/^Cannot use a pool after calling end/, 'The server is shutting down. Please try again in a moment.'],
];

/**
 * A message for the client when `err` says the database is unreachable, stuck, restarting or out
 * of disk space (a 503 the client may retry), looking through drizzle's wrappers; null for any
 * other error, which stays a 500 or whatever it maps to.
 */
export function databaseUnavailable(err: unknown): string | null {
  for (const e of chain(err)) {
    if (e instanceof DatabaseUnavailableError) return e.message;
    if (e.code && UNAVAILABLE_CODES[e.code]) return UNAVAILABLE_CODES[e.code] ?? null;
    const message = typeof e.message === 'string' ? e.message : '';
    for (const [pattern, answer] of UNAVAILABLE_MESSAGES) if (pattern.test(message)) return answer;
  }
  return null;
}

/** Whether `err` is PostgreSQL's "disk full" (53100), through drizzle's wrappers. */
export function diskFull(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '53100') return true;
  return false;
}
