import { useEffect, useState } from 'react';

/**
 * How far the photo being sent of each entry is (0–1), in this tab: what the waiting list's bar
 * shows while the outbox sends. Not kept: a reload starts with none, and the upload tells again.
 */
const photoProgress = new Map<string, number>();
const progressListeners = new Set<() => void>();
export function setPhotoProgress(entryId: string, fraction: number | null) {
  if (fraction === null) photoProgress.delete(entryId);
  else photoProgress.set(entryId, fraction);
  for (const listener of progressListeners) listener();
}

/** The fraction of the photo being sent for this entry, or null when none is going up. */
export function usePhotoProgress(entryId: string): number | null {
  const [fraction, setFraction] = useState<number | null>(photoProgress.get(entryId) ?? null);
  useEffect(() => {
    const update = () => setFraction(photoProgress.get(entryId) ?? null);
    progressListeners.add(update);
    update();
    return () => {
      progressListeners.delete(update);
    };
  }, [entryId]);
  return fraction;
}
