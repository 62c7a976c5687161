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
let loading: Promise<typeof import('sonner')> | null = null;

/**
 * sonner's module, loaded once for the toasts and the Toaster (app/providers.tsx). A download that
 * failed (a dropped connection before the service worker holds it) is tried again at the next call.
 */
export function loadSonner(): Promise<typeof import('sonner')> {
  if (!loading) {
    loading = import('sonner').then((m) => {
      sonner = m.toast;
      return m;
    });
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const toastListeners = new Set<() => void>();
let toasted = false;

/**
 * Calls `listener` on every toast asked for from now on, and at once if one already was (before
 * the caller was there to hear it); returns a stop.
 */
export function onToast(listener: () => void): () => void {
  if (toasted) listener();
  toastListeners.add(listener);
  return () => {
    toastListeners.delete(listener);
  };
}

/** Runs `use` with sonner now if it is loaded, else once it is (in the order asked). */
function withSonner(use: (s: Sonner) => void) {
  if (sonner) use(sonner);
  else
    void loadSonner().then(
      (m) => use(m.toast),
      () => {
        // sonner's chunk did not download (offline, a new version): the notice is lost, the screen is not.
      },
    );
}

let lastId = 0;

const notify =
  (kind: Kind): Notify =>
  (title, description) => {
    toasted = true;
    for (const listener of toastListeners) listener();
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
    // No toast was ever asked for (sonner neither loaded nor loading): nothing to dismiss, nothing to download.
    if (!sonner && !loading) return;
    withSonner((s) => {
      s.dismiss(id);
    });
  },
};
