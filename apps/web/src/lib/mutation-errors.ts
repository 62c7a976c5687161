import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/*
 * The one way a failed write reaches the seller: the QueryClient's MutationCache calls
 * reportMutationError for every mutation, which reads what to say from the mutation's `meta`.
 * A screen names its toast (the spec's words) and, when the ApiError's message is not the right
 * detail, how to describe it. A mutation without errorToast gets no toast from here: its failure is
 * shown another way (field errors and a screen-scoped notice, an optimistic change taken back), or
 * it predates this path (features/products until it moves over), and an automatic second toast
 * would double the first.
 */

// A type, not an interface: TanStack narrows `meta` only to a type that fits Record<string, unknown>.
export type WriteErrorMeta = {
  /**
   * The error toast's title, e.g. 'Failed to delete blip', or, when the words depend on the
   * failure (a dropped connection said differently), the whole toast for that error.
   */
  errorToast?: string | ((error: unknown) => { title: string; description?: string });
  /** The toast's description; by default the ApiError's message (none for other errors). */
  errorDetail?: (error: unknown) => string | undefined;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: WriteErrorMeta;
  }
}

export const apiErrorDetail = (error: unknown): string | undefined =>
  isApiError(error) ? error.message : undefined;

export function reportMutationError(error: unknown, meta: WriteErrorMeta | undefined): void {
  const words = meta?.errorToast;
  if (typeof words === 'function') {
    const notice = words(error);
    toast.error(notice.title, notice.description);
  } else if (words) {
    toast.error(words, (meta?.errorDetail ?? apiErrorDetail)(error));
  }
}
