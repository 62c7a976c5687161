type PgError = { code?: string; constraint?: string; cause?: PgError };

/**
 * The constraint a unique violation (23505) broke, looking through the wrappers drizzle puts
 * around the driver's error; null for any other error.
 */
export function uniqueViolation(err: unknown): string | null {
  let e = err as PgError | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code === '23505') return e.constraint ?? 'unique';
    e = e.cause;
  }
  return null;
}
