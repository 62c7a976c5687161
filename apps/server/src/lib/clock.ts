/** Time as a dependency, so rules with deadlines (OTP expiry, auction timers) are testable. */
export type Clock = {
  now: () => Date;
  /**
   * Only a test clock (TEST_CLOCK=1) has it: how far it runs ahead of the time it wraps. The job
   * queue subtracts it from run_at, because the worker decides what is due by Node's own time.
   */
  offsetMs?: () => number;
};

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fakeClock(start = new Date('2026-01-15T09:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
    set: (date: Date) => {
      current = date.getTime();
    },
  };
}

export type TestClock = Clock & { offsetMs: () => number; advance: (ms: number) => void };

/**
 * The end-to-end server's clock (TEST_CLOCK=1 only): `base` (the system's time) plus an offset that
 * only grows, so a journey can let days pass ("the return window is over") on a running server.
 * It never goes back: deadlines already passed stay passed.
 */
export function testClock(base: Clock = systemClock): TestClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    offsetMs: () => offset,
    advance: (ms: number) => {
      if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('The test clock only moves forward');
      offset += ms;
    },
  };
}
