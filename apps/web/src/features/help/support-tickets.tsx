import {
  SUPPORT_TICKET_STATUS_LABELS,
  SUPPORT_TOPIC_LABELS,
  type SupportTicketStatus,
} from '@kasuwa/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { supportQueries } from '@/features/help/help-api';
import type { ApiClient } from '@/lib/api-client';
import { lagosDateTime } from '@/lib/lagos-date';
import { FormSection } from '@/ui/form-parts';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';

const STATUS_CLASSES: Record<SupportTicketStatus, string> = {
  open: 'bg-amber-100 text-amber-950',
  answered: 'bg-brand-100 text-brand-800',
  closed: 'bg-canvas text-ink-muted',
};

/** The seller's own tickets with their status, newest first. */
export function SupportTickets({ api }: { api: ApiClient }) {
  const tickets = useQuery(supportQueries.tickets(api));
  return (
    <FormSection title="Your tickets">
      {tickets.isPending ? (
        <ListSkeleton label="Loading your tickets" rows={2} thumbClassName="hidden" />
      ) : tickets.isError ? (
        <LoadFailed what="your tickets" onRetry={() => void tickets.refetch()} />
      ) : tickets.data.tickets.length === 0 ? (
        <p className="text-ink-muted text-sm">
          No tickets yet. Questions you send appear here with their status.
        </p>
      ) : (
        <ul aria-label="Your tickets" className="flex flex-col divide-y divide-line">
          {tickets.data.tickets.map((ticket) => (
            <li key={ticket.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium text-ink">{ticket.subject}</p>
                <span
                  className={clsx(
                    'shrink-0 rounded-full px-2 py-0.5 font-semibold text-xs',
                    STATUS_CLASSES[ticket.status],
                  )}
                >
                  {SUPPORT_TICKET_STATUS_LABELS[ticket.status]}
                </span>
              </div>
              <p className="text-ink-muted text-xs">
                {ticket.reference} · {SUPPORT_TOPIC_LABELS[ticket.topic]}
                {ticket.orderNumber ? ` · ${ticket.orderNumber}` : ''} · {lagosDateTime(ticket.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}
