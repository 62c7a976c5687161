import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/ui/button';

/** A list's pages: which rows are shown, Previous and Next. */
export function Pagination({
  page,
  totalPages,
  total,
  limit,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-line border-t px-4 py-3 text-sm"
    >
      <p className="text-ink-muted">
        {first}–{last} of {total}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </Button>
        <span className="hidden text-ink-muted tabular-nums sm:inline">
          Page {page} of {Math.max(1, totalPages)}
        </span>
        <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
