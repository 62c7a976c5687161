import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False in the screen's first commit, true from a React transition after it: what is not needed in
 * that commit (a section below a phone's first screen, a badge's count) is drawn, and its effects
 * (queries subscribing, their fetches and timers) run, in a commit of its own, in slices, so the
 * first commit and its effects are smaller tasks (issue 20, docs/performance.md).
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    startTransition(() => setAfter(true));
  }, []);
  return after;
}

/** Draws its children one React transition after the screen's first commit (useAfterFirstCommit). */
export function DeferredMount({ children }: { children: ReactNode }) {
  return useAfterFirstCommit() ? children : null;
}
