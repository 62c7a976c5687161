import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormGetValues, UseFormWatch } from 'react-hook-form';

/** What the hook needs of a react-hook-form form: its change feed and its values. */
export interface DraftSource<V extends FieldValues> {
  watch: UseFormWatch<V>;
  getValues: UseFormGetValues<V>;
}

export interface FormDraftStore<V extends FieldValues> {
  /**
   * Names the stored draft (e.g. the storage key); a new key is a new draft, and an edit still
   * waiting for the old key is written there first.
   */
  key: string;
  /** Writes the values down; the store decides the stored shape (it is validated when read back). */
  write(values: V): void;
  /** Removes what was stored. */
  clear(): void;
  /** How long after the last edit the form is written down. */
  debounceMs: number;
}

export interface FormDraft {
  /** Writes now, e.g. before leaving for another page. */
  save(): void;
  /** Removes the stored draft (starting over); later edits are written again. */
  forget(): void;
  /** After the form was sent: removes the stored draft, and nothing more is written. */
  finish(): void;
}

/**
 * Autosaves a form to local storage (or wherever `store` writes): a moment after each edit, and at
 * once when the page is hidden or left (`pagehide`, `visibilitychange`) or the form unmounts, so a
 * reload, a crashed tab or a dropped connection keeps the seller's work. A reset (restoring or
 * discarding a draft) has no field name and is not an edit, so it is not written.
 */
export function useFormDraft<V extends FieldValues>(
  form: DraftSource<V>,
  store: FormDraftStore<V>,
): FormDraft {
  const { key, debounceMs } = store;
  // The store's functions are read when a write happens, so a caller need not memoise them.
  const latest = useRef(store);
  latest.current = store;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);
  const finished = useRef(false);

  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    dirty.current = false;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key starts a new draft.
  useEffect(() => {
    // This key's store: an edit pending when the key changes is written under the old key.
    const target = latest.current;
    const write = () => {
      timer.current = null;
      if (dirty.current && !finished.current) target.write(form.getValues());
      dirty.current = false;
    };
    const flush = () => {
      if (timer.current !== null) clearTimeout(timer.current);
      write();
    };
    const subscription = form.watch((_values, { name }) => {
      if (name === undefined || finished.current) return;
      dirty.current = true;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(write, debounceMs);
    });
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
      flush();
    };
  }, [form, key, debounceMs]);

  return {
    save() {
      cancel();
      if (!finished.current) latest.current.write(form.getValues());
    },
    forget() {
      cancel();
      latest.current.clear();
    },
    finish() {
      finished.current = true;
      cancel();
      latest.current.clear();
    },
  };
}
