import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type ComponentType,
  type ReactNode,
  startTransition,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ToasterProps } from 'sonner';
import { PreloadErrorWatcher } from '@/features/app-update/preload-error-watcher';
import { shellHeaderHeight, subscribeShellHeaderHeight } from '@/features/shell/header-height';
import { reportMutationError } from '@/lib/mutation-errors';
import { loadSonner, onToast } from '@/lib/toast';

function httpStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

/**
 * Tuned for patchy mobile data: a dropped request is retried (twice, with back-off), but a 4xx is
 * an answer, not a glitch, so it is not. Switching back to the tab does not refetch every query at
 * once; data counts as fresh for 30 s. Every failed write is told the one way, by the mutation
 * cache (lib/mutation-errors.ts), with the words the mutation's meta names.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportMutationError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          const status = httpStatus(error);
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // Writes are not idempotent: never resend one on the seller's behalf.
      mutations: { retry: false },
    },
  });
}

/**
 * The Toaster, loaded and mounted with the seller's first tap or key, or the first toast if that
 * comes before: sonner's code, its render, its effects and the styles it inserts are not part of a
 * phone's start, nor of its download (issue 20, docs/performance.md). sonner gives a Toaster that
 * subscribes late the toasts still on show, so a toast that comes first is shown when it mounts.
 * A download that fails (a new version deployed: the Update Available overlay says so; a dropped
 * connection) leaves no Toaster, not a blank app, and is tried again at the next tap, key or toast.
 */
function LateToaster() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    // The seller's first tap or key may lead to a toast (a save, a failed check): sonner loads then,
    // so that toast is not later than before. A cold load with no input never downloads it.
    const events = ['pointerdown', 'keydown'] as const;
    let stopToasts: () => void = () => undefined;
    const stopListening = () => {
      stopToasts();
      for (const name of events) window.removeEventListener(name, show, { capture: true });
    };
    const show = () => {
      loadSonner().then(
        (m) => {
          stopListening();
          if (live) startTransition(() => setToaster(() => m.Toaster));
        },
        () => undefined,
      );
    };
    for (const name of events) window.addEventListener(name, show, { capture: true, passive: true });
    stopToasts = onToast(show);
    return () => {
      live = false;
      stopListening();
    };
  }, []);
  return Toaster ? <PlacedToaster Toaster={Toaster} /> : null;
}

/**
 * The spec's toast defaults: 4 s, at most 3 on screen. Under the dashboard's header, not over its
 * menu, Back and title (features/shell/header-height.ts); at sonner's own offsets elsewhere.
 */
function PlacedToaster({ Toaster }: { Toaster: ComponentType<ToasterProps> }) {
  const header = useSyncExternalStore(subscribeShellHeaderHeight, shellHeaderHeight, () => 0);
  return (
    <Toaster
      position="top-center"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      offset={{ top: belowHeader(header, 24) }}
      mobileOffset={{ top: belowHeader(header, 16) }}
    />
  );
}

/** 8 px under the dashboard's header where there is one, else sonner's own offset from the top. */
const belowHeader = (header: number, otherwise: number) => (header > 0 ? header + 8 : otherwise);

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LateToaster />
      <PreloadErrorWatcher />
    </QueryClientProvider>
  );
}
