import type { ConversationDetail, ConversationListResponse, SendMessageBody } from '@kasuwa/contracts';
import { MAX_MESSAGE_LENGTH } from '@kasuwa/contracts';
import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ImagePlus, MessageSquareText, Send, ShoppingBag } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addMessage } from '@/features/conversations/conversation-socket';
import { conversationKeys } from '@/features/conversations/conversations-queries';
import { MessageBubble, PendingBubble } from '@/features/conversations/message-bubble';
import { inboxKeys, type MessagesApi } from '@/features/conversations/messages-api';
import { ProductPicker } from '@/features/conversations/product-picker';
import { QuickReplyPicker } from '@/features/conversations/quick-reply-picker';
import { apiErrorDetail } from '@/lib/mutation-errors';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { LoadFailed } from '@/ui/list-skeleton';
import { Spinner } from '@/ui/spinner';

type Pending = { clientId: string; body: SendMessageBody; label: string; failed: boolean };

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * One conversation: history newest at the bottom (older pages load as the seller scrolls up), the
 * message box, and for the seller the quick replies and the product card picker. A message is
 * shown at once while it is sent; one that fails stays with "Retry".
 */
export function ConversationThread({
  api,
  conversationId,
  sellerId,
  isTyping,
  onTyping,
  onBack,
}: {
  api: MessagesApi;
  conversationId: string;
  /** The signed-in seller (seller side), for the product picker and the badge. */
  sellerId?: string | null;
  isTyping: boolean;
  onTyping: () => void;
  onBack: () => void;
}) {
  const side = api.side;
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: inboxKeys.detail(side, conversationId),
    queryFn: ({ signal }) => api.get(conversationId, signal),
  });
  const history = useInfiniteQuery({
    queryKey: inboxKeys.messages(side, conversationId),
    queryFn: ({ pageParam, signal }) => api.messages(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
  });
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending[]>([]);
  const [picker, setPicker] = useState<'quick' | 'product' | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const conversation: ConversationDetail | undefined = detail.data?.conversation;

  // Reading the thread marks the other side's messages read (SPEC section 8: silently on failure).
  const messages = history.data?.pages.flatMap((p) => p.messages) ?? [];
  const other = side === 'seller' ? 'buyer' : 'seller';
  const unreadFromOther = messages.some((m) => m.sender === other && !m.readAt);
  useEffect(() => {
    if (!unreadFromOther) return;
    api
      .markRead(conversationId)
      .then((res) => {
        client.setQueriesData<InfiniteData<ConversationListResponse, number>>(
          { queryKey: [...inboxKeys.side(side), 'list'] },
          (data) =>
            data
              ? {
                  ...data,
                  pages: data.pages.map((p) => ({
                    ...p,
                    conversations: p.conversations.map((c) =>
                      c._id === conversationId
                        ? { ...c, unreadCount: 0, buyerUnreadCount: 0, flagged: false }
                        : c,
                    ),
                  })),
                }
              : data,
        );
        if (side === 'seller')
          client.setQueryData(conversationKeys.unreadCount(sellerId ?? null), {
            unreadCount: res.unreadCount,
          });
        const now = new Date().toISOString();
        client.setQueryData<
          InfiniteData<{ messages: typeof messages; nextBefore: string | null }, string | null>
        >(inboxKeys.messages(side, conversationId), (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((p) => ({
                  ...p,
                  messages: p.messages.map((m) =>
                    m.sender === other && !m.readAt ? { ...m, readAt: now } : m,
                  ),
                })),
              }
            : data,
        );
      })
      .catch(() => undefined);
  }, [api, client, conversationId, other, sellerId, side, unreadFromOther]);

  const send = useCallback(
    (item: Pending) => {
      setPending((list) => [...list.filter((p) => p.clientId !== item.clientId), { ...item, failed: false }]);
      api
        .send(conversationId, { ...item.body, clientId: item.clientId } as SendMessageBody)
        .then(({ message }) => {
          addMessage(client, side, message);
          setPending((list) => list.filter((p) => p.clientId !== item.clientId));
        })
        .catch((error: unknown) => {
          setPending((list) => list.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)));
          const detailText = apiErrorDetail(error);
          if (detailText) toast.error('Message not sent', detailText);
        });
    },
    [api, client, conversationId, side],
  );

  const submit = () => {
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    send({ clientId: newClientId(), body: { kind: 'text', body }, label: body, failed: false });
    textRef.current?.focus();
  };

  const sendPhoto = (file: File) => {
    api
      .sendPhoto(conversationId, file)
      .then(({ message }) => addMessage(client, side, message))
      .catch((error: unknown) => toast.error('Photo not sent', apiErrorDetail(error)));
  };

  // Older messages load when the top of the thread comes into view.
  const topRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  useEffect(() => {
    const el = topRef.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const title = conversation ? (side === 'seller' ? conversation.buyerName : conversation.storeName) : '';

  return (
    <section
      aria-label={title ? `Conversation with ${title}` : 'Conversation'}
      className="flex h-full min-h-0 flex-col"
    >
      <header className="flex min-h-14 items-center gap-2 border-line border-b bg-surface px-2 lg:px-4">
        <Button
          variant="ghost"
          size="sm"
          className="lg:hidden"
          aria-label="Back to conversations"
          onClick={onBack}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Button>
        <div className="flex min-w-0 flex-col">
          <h2 className="truncate font-semibold text-ink">{title || ' '}</h2>
          <p className="text-ink-muted text-xs" aria-live="polite">
            {isTyping ? 'typing…' : side === 'seller' ? 'Buyer' : 'Store'}
          </p>
        </div>
      </header>

      <div className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto bg-canvas px-3 py-4 lg:px-6">
        {history.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner label="Loading messages" />
          </div>
        ) : history.isError ? (
          <LoadFailed what="these messages" onRetry={() => void history.refetch()} />
        ) : (
          <>
            <ul className="flex flex-col gap-3" aria-label="Messages">
              {[...messages].reverse().map((m) => (
                <MessageBubble key={m._id} message={m} viewer={side} />
              ))}
              {/* A send whose message already came back over the socket is shown once, as sent. */}
              {pending
                .filter((p) => !messages.some((m) => m.sender === side && m.clientId === p.clientId))
                .map((p) => (
                  <PendingBubble
                    key={p.clientId}
                    body={p.label}
                    failed={p.failed}
                    onRetry={() => send(p)}
                    onDiscard={() => setPending((list) => list.filter((x) => x.clientId !== p.clientId))}
                  />
                ))}
              {isTyping && (
                <li className="self-start rounded-2xl bg-surface px-3 py-2 text-ink-muted text-xs shadow-card">
                  {title} is typing…
                </li>
              )}
            </ul>
            {messages.length === 0 && pending.length === 0 && (
              <p className="m-auto max-w-xs py-8 text-center text-ink-muted text-sm">
                {side === 'seller'
                  ? 'No messages yet. Say hello — answers within the hour sell more.'
                  : 'Ask the store about sizes, delivery or anything else. Pay only in the app.'}
              </p>
            )}
            <div ref={topRef} className="flex justify-center py-2">
              {hasNextPage && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={isFetchingNextPage}
                  onClick={() => void fetchNextPage()}
                >
                  {isFetchingNextPage ? 'Loading…' : 'Load older messages'}
                </Button>
              )}
            </div>
          </>
        )}
      </div>

      <form
        className="flex flex-col gap-2 border-line border-t bg-surface p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] lg:p-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {side === 'seller' && (
          <div className="flex gap-1">
            <Button type="button" variant="ghost" size="sm" onClick={() => setPicker('quick')}>
              <MessageSquareText className="size-4" aria-hidden /> Quick replies
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setPicker('product')}
              disabled={!sellerId}
            >
              <ShoppingBag className="size-4" aria-hidden /> Send a product
            </Button>
          </div>
        )}
        <div className="flex items-end gap-2">
          <Button
            type="button"
            variant="ghost"
            size="md"
            aria-label="Send a photo"
            onClick={() => fileRef.current?.click()}
          >
            <ImagePlus className="size-5" aria-hidden />
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            className="hidden"
            aria-hidden
            tabIndex={-1}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) sendPhoto(file);
              e.target.value = '';
            }}
          />
          <label className="sr-only" htmlFor={`message-${conversationId}`}>
            Message
          </label>
          <textarea
            id={`message-${conversationId}`}
            ref={textRef}
            value={draft}
            rows={1}
            maxLength={MAX_MESSAGE_LENGTH}
            placeholder="Write a message"
            onChange={(e) => {
              setDraft(e.target.value);
              onTyping();
            }}
            onKeyDown={(e) => {
              // Enter sends on a keyboard; on a phone the Send button does (Enter makes a new line).
              if (e.key === 'Enter' && !e.shiftKey && window.matchMedia?.('(pointer: fine)').matches) {
                e.preventDefault();
                submit();
              }
            }}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-control border border-line-strong bg-surface px-3 py-2.5 text-base text-ink"
          />
          <Button type="submit" size="md" aria-label="Send" disabled={draft.trim() === ''}>
            <Send className="size-5" aria-hidden />
          </Button>
        </div>
      </form>

      {side === 'seller' && (
        <>
          <QuickReplyPicker
            api={api}
            open={picker === 'quick'}
            onOpenChange={(open) => setPicker(open ? 'quick' : null)}
            onPick={(text) => {
              setDraft((d) => (d.trim() ? `${d.trimEnd()} ${text}` : text));
              textRef.current?.focus();
            }}
          />
          {sellerId && (
            <ProductPicker
              api={api}
              sellerId={sellerId}
              open={picker === 'product'}
              onOpenChange={(open) => setPicker(open ? 'product' : null)}
              onPick={(productId) =>
                send({
                  clientId: newClientId(),
                  body: { kind: 'product', productId },
                  label: 'Product',
                  failed: false,
                })
              }
            />
          )}
        </>
      )}
    </section>
  );
}
