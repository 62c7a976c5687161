import type { QueryClient } from '@tanstack/react-query';
import { showSender } from '@/features/live/show-outbox';
import { productSender } from '@/features/products/product-outbox';
import type { ApiClient } from '@/lib/api-client';
import type { OutboxKind, OutboxSender } from '@/lib/outbox';

/**
 * How each kind of outbox entry is sent (docs/phone.md). Loaded only when something waits, so the
 * dashboard's first screen does not download the product and show clients for it.
 */
export function outboxSenders(api: ApiClient, queryClient: QueryClient): Record<OutboxKind, OutboxSender> {
  return { product: productSender({ api, queryClient }), 'live-show': showSender({ api, queryClient }) };
}
