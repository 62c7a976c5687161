import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws its children one React transition after the screen's first commit: what is below a phone's
 * first screen is mounted (its components, their queries' subscriptions) in a commit of its own, in
 * slices, so the first commit and its effects are smaller tasks (issue 20, docs/performance.md).
 */
export function DeferredMount({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
