import { startTransition, useEffect, useState } from 'react';

/** Rows of a list on a phone's first screen, with a few to spare (a tall phone, a short card). */
const FIRST_SCREEN_ROWS = 6;

/**
 * A list that arrives after its screen was drawn (the loading rows were on show) is drawn in two
 * commits: the first `first` items, a phone's first screen of them, and the rest a transition
 * later. A page of rows (their DOM, their style and layout) was one of the longest tasks of a
 * dashboard screen's start (issue 20, docs/performance.md); the rows below the fold now come in a
 * task of their own. A list already there when the screen mounts (from the cache, going back) is
 * drawn whole at once, so the scroll position restored on Back finds its row; so is every list
 * after the first (a page turn, a filter: the seller asked for it).
 */
export function useStagedList<T>(items: T[] | undefined, first = FIRST_SCREEN_ROWS): T[] | undefined {
  const [whole, setWhole] = useState(items !== undefined);
  const staged = items !== undefined && !whole;
  useEffect(() => {
    if (staged) startTransition(() => setWhole(true));
  }, [staged]);
  return staged ? items.slice(0, first) : items;
}
