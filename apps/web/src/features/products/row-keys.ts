import { type RefObject, useLayoutEffect, useRef } from 'react';

/** The keys a list last committed: each listed product's id with its row's key, in list order. */
export type RowKeys = { ids: string[]; keys: string[] };

export const NO_ROWS: RowKeys = { ids: [], keys: [] };

/**
 * The rows' React keys for `ids`, given the keys `before` committed. A product still listed keeps its
 * row's key, so within a page (a delete, a refetch) a row stays its product's. A product that comes
 * in takes, in order, the key of a product that left in the same change, when `reuse` is true: a page
 * turn shares no product with the page before, and React then rewrites a hundred rows' text in place
 * instead of building a hundred rows and taking a hundred out. The caller passes `reuse` false while
 * focus is inside the list, where a row's buttons must never change product under the seller. A
 * product with no key to take gets its own id (primed until no other row has it).
 */
export function rowKeys(before: RowKeys, ids: readonly string[], reuse: boolean): RowKeys {
  const kept = new Map<string, string>();
  before.ids.forEach((id, i) => {
    kept.set(id, before.keys[i] ?? id);
  });
  const listed = new Set(ids);
  const free = reuse ? before.ids.filter((id) => !listed.has(id)).map((id) => kept.get(id) ?? id) : [];
  const taken = new Set(ids.filter((id) => kept.has(id)).map((id) => kept.get(id) ?? id));
  let nextFree = 0;
  const keys = ids.map((id) => {
    const own = kept.get(id);
    if (own !== undefined) return own;
    let key = free[nextFree++] ?? id;
    while (taken.has(key)) key += "'";
    taken.add(key);
    return key;
  });
  return { ids: [...ids], keys };
}

/**
 * rowKeys for a list's rows, from what the list last committed; `listRef` goes on the rows' parent,
 * whose focus stops the reuse of rows.
 */
export function useRowKeys<T extends HTMLElement>(ids: readonly string[]) {
  const listRef: RefObject<T | null> = useRef<T>(null);
  const committed = useRef<RowKeys>(NO_ROWS);
  const focusInside =
    typeof document !== 'undefined' && (listRef.current?.contains(document.activeElement) ?? false);
  const next = rowKeys(committed.current, ids, !focusInside);
  useLayoutEffect(() => {
    committed.current = next;
  });
  return { keys: next.keys, listRef };
}
