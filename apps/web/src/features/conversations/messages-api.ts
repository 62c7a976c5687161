import type {
  BuyerStartConversationBody,
  ConversationListResponse,
  ConversationResponse,
  MarkConversationReadResponse,
  MessagesResponse,
  QuickRepliesResponse,
  QuickReply,
  QuickReplyBody,
  SellerProductsResponse,
  SendMessageBody,
  SentMessageResponse,
  StartConversationBody,
} from '@kasuwa/contracts';
import type { ApiClient } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

/** Which side of a conversation the screen is: the seller's dashboard, or a buyer's inbox. */
export type InboxSide = 'seller' | 'buyer';

/**
 * The calls of one side. The seller and the buyer read and write the same conversations through
 * their own routes (`/conversations/...` and `/buyer/conversations/...`), each with its own token.
 */
export function messagesApi(api: ApiClient, side: InboxSide, uploadToken?: string | null) {
  const base = side === 'seller' ? '/conversations' : '/buyer/conversations';
  return {
    side,
    list: (params: { page?: number; q?: string }, signal?: AbortSignal) => {
      const search = new URLSearchParams({ page: String(params.page ?? 1), limit: '30' });
      if (params.q && side === 'seller') search.set('q', params.q);
      return api.get<ConversationListResponse>(`${base}?${search}`, { signal });
    },
    get: (id: string, signal?: AbortSignal) =>
      api.get<ConversationResponse>(`${base}/${encodeURIComponent(id)}`, { signal }),
    messages: (id: string, before: string | null, signal?: AbortSignal) =>
      api.get<MessagesResponse>(
        `${base}/${encodeURIComponent(id)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
        { signal },
      ),
    send: (id: string, body: SendMessageBody) =>
      api.post<SentMessageResponse>(`${base}/${encodeURIComponent(id)}/messages`, body),
    sendPhoto: (id: string, file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return uploadForm<SentMessageResponse>(`${base}/${encodeURIComponent(id)}/photos`, form, {
        api,
        ...(uploadToken !== undefined ? { token: uploadToken } : {}),
      });
    },
    markRead: (id: string) => api.put<MarkConversationReadResponse>(`${base}/${encodeURIComponent(id)}/read`),
    startAsSeller: (body: StartConversationBody) => api.post<ConversationResponse>('/conversations', body),
    startAsBuyer: (body: BuyerStartConversationBody) =>
      api.post<ConversationResponse>('/buyer/conversations', body),
    quickReplies: {
      list: (signal?: AbortSignal) => api.get<QuickRepliesResponse>('/quick-replies', { signal }),
      create: (body: QuickReplyBody) => api.post<{ quickReply: QuickReply }>('/quick-replies', body),
      update: (id: string, body: QuickReplyBody) =>
        api.put<{ quickReply: QuickReply }>(`/quick-replies/${encodeURIComponent(id)}`, body),
      remove: (id: string) =>
        api.request<{ message: string }>(`/quick-replies/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    },
    /** The seller's products on sale, for the product card picker. */
    products: (sellerId: string, search: string, signal?: AbortSignal) => {
      const params = new URLSearchParams({ limit: '20', status: 'active' });
      if (search) params.set('search', search);
      return api.get<SellerProductsResponse>(`/products/seller/${encodeURIComponent(sellerId)}?${params}`, {
        signal,
      });
    },
  };
}
export type MessagesApi = ReturnType<typeof messagesApi>;

/** Query keys: everything under ['conversations', side] so one invalidation refreshes a side. */
export const inboxKeys = {
  side: (side: InboxSide) => ['conversations', side] as const,
  list: (side: InboxSide, q: string) => ['conversations', side, 'list', q] as const,
  detail: (side: InboxSide, id: string) => ['conversations', side, 'detail', id] as const,
  messages: (side: InboxSide, id: string) => ['conversations', side, 'messages', id] as const,
  quickReplies: ['quick-replies'] as const,
  products: (search: string) => ['conversations', 'seller', 'products', search] as const,
};
