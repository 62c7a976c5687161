import { startTransition, useEffect, useState } from 'react';

/**
 * The current time, updated every `intervalMs` while mounted (elapsed times, countdowns). Each tick
 * is a transition: a screen redrawn every second (the studio) then lets a tap or a key press go
 * first (issue 20, interaction to next paint).
 */
export function useNow(intervalMs = 1_000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const id = setInterval(() => startTransition(() => setNow(clock())), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs, clock]);
  return now;
}

/** 'm:ss', or 'h:mm:ss' from an hour on: how long a show has been live. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
