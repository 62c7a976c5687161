import { useEffect, useMemo, useRef } from 'react';
import { toast } from '@/lib/toast';

export interface ScreenToasts {
  /** Shows an error toast in a slot ('check', 'submit' ...), replacing the slot's previous one. */
  error: (slot: string, title: string, description?: string) => void;
  /** Takes a slot's toast away (the problem is fixed), or every toast of the screen without a slot. */
  dismiss: (slot?: string) => void;
}

/**
 * Error toasts that belong to one screen or step: a newer one in the same slot replaces the older
 * (pressing Next twice shows one toast, not two), a fixed problem's toast can be taken away, and
 * every one still showing goes when the screen is left, so a step's complaint is never read on
 * the next step.
 */
export function useScreenToasts(): ScreenToasts {
  const shown = useRef(new Map<string, string | number>());

  useEffect(() => {
    const owned = shown.current;
    return () => {
      for (const id of owned.values()) toast.dismiss(id);
      owned.clear();
    };
  }, []);

  return useMemo(() => {
    const owned = shown.current;
    const dismiss = (slot?: string) => {
      for (const [key, id] of owned) {
        if (slot === undefined || key === slot) {
          toast.dismiss(id);
          owned.delete(key);
        }
      }
    };
    return {
      dismiss,
      error: (slot, title, description) => {
        dismiss(slot);
        owned.set(slot, toast.error(title, description));
      },
    };
  }, []);
}
