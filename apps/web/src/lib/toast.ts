import type { toast as SonnerToast } from 'sonner';

/**
 * The spec words every notice as a title plus an optional description ('Login failed' / the
 * server message), so screens call toast.error(title, description) instead of sonner directly.
 *
 * Every screen's toasts go through here. sonner (its code, its Toaster and the styles it inserts) is
 * not part of a phone's start (issue 20, docs/performance.md): it is loaded by the first toast, which
 * also mounts the Toaster (app/providers.tsx). A toast's id is ours, given to sonner, so it is known
 * at once even while sonner loads; what is asked for meanwhile reaches sonner in the order it was
 * asked, and sonner hands a Toaster that subscribes late the toasts still on show. Once the service
 * worker is installed, sonner's chunk is in its precache, so a toast shows offline too.
 */
type Notify = (title: string, description?: string) => string | number;
type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading';
type Sonner = typeof SonnerToast;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;

/** sonner's toast function, loaded on first use. */
function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then((m) => {
    sonner = m.toast;
    return m.toast;
  });
  return loading;
}

const firstToastListeners = new Set<() => void>();
let toasted = false;

/** Calls `listener` when the first toast is asked for (at once if one already was); returns a stop. */
export function onFirstToast(listener: () => void): () => void {
  if (toasted) {
    listener();
    return () => undefined;
  }
  firstToastListeners.add(listener);
  return () => {
    firstToastListeners.delete(listener);
  };
}

/** Runs `use` with sonner now if it is loaded, else once it is (in the order asked). */
function withSonner(use: (s: Sonner) => void) {
  if (sonner) use(sonner);
  else
    void loadSonner().then(use, () => {
      // sonner's chunk did not download (offline, a new version): the notice is lost, the screen is not.
    });
}

let lastId = 0;

const notify =
  (kind: Kind): Notify =>
  (title, description) => {
    if (!toasted) {
      toasted = true;
      for (const listener of firstToastListeners) listener();
      firstToastListeners.clear();
    }
    lastId += 1;
    const id = `toast-${lastId}`;
    const options = description ? { id, description } : { id };
    withSonner((s) => s[kind](title, options));
    return id;
  };

export const toast: {
  success: Notify;
  error: Notify;
  info: Notify;
  warning: Notify;
  loading: Notify;
  dismiss: (id?: string | number) => void;
} = {
  success: notify('success'),
  error: notify('error'),
  info: notify('info'),
  warning: notify('warning'),
  loading: notify('loading'),
  dismiss: (id) => {
    withSonner((s) => {
      s.dismiss(id);
    });
  },
};
