import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a list's search goes into the URL (one request per pause). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's text, debounced into `onSearch` (trimmed), and following `value` when it changes
 * under the box (the back button, clearing the filters). The parent may hand a new callback on
 * every render; the pending search does not restart for that.
 */
export function useDebouncedSearch(value: string, onSearch: (search: string) => void) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => latest.current(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}
