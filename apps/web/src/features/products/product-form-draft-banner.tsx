import { History } from 'lucide-react';
import type { LocalDraft } from '@/features/products/local-draft';
import { lagosDateTime } from '@/lib/lagos-date';
import { Button } from '@/ui/button';

/** Says the form came back with the seller's unsaved changes, and offers to discard them. */
export function ProductDraftBanner({ draft, onDiscard }: { draft: LocalDraft; onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-brand-200 bg-brand-50 p-4 text-brand-800 text-sm"
    >
      <p className="flex items-center gap-2">
        <History className="size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Restored your unsaved changes</strong> from{' '}
          {lagosDateTime(draft.savedAt)}.
        </span>
      </p>
      <Button variant="secondary" size="sm" onClick={onDiscard}>
        Discard
      </Button>
    </div>
  );
}
