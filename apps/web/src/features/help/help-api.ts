import type {
  CreateSupportTicketBody,
  CreateSupportTicketResponse,
  SupportTicketsResponse,
} from '@kasuwa/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';

/* The support calls of packages/contracts/src/support.ts. Keys: ['support', 'tickets']. */

export const supportKeys = {
  all: ['support'] as const,
  tickets: () => [...supportKeys.all, 'tickets'] as const,
};

export const supportQueries = {
  tickets: (api: ApiClient) =>
    queryOptions({
      queryKey: supportKeys.tickets(),
      queryFn: ({ signal }) => api.get<SupportTicketsResponse>('/support/tickets', { signal }),
    }),
};

export const openTicket = (api: ApiClient, body: CreateSupportTicketBody) =>
  api.post<CreateSupportTicketResponse>('/support/tickets', body);
