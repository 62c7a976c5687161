import type { ReactNode } from 'react';
import { Button } from '@/ui/button';

/** What the button needs of an infinite list query (TanStack Query's useInfiniteQuery result). */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more …' under a paged list: shown only while there is a next page, busy while it loads.
 * A button rather than endless scrolling, so a seller on mobile data decides when to load.
 */
export function LoadMoreButton({
  pages,
  children,
  fullWidth,
  className = 'self-center',
}: {
  pages: NextPages;
  children: ReactNode;
  fullWidth?: boolean;
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      fullWidth={fullWidth}
      className={className}
      loading={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {children}
    </Button>
  );
}
