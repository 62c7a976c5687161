import {
  type ConversationDetail,
  type ConversationListResponse,
  conversationMessageEvent,
  conversationReadEvent,
  conversationSocketEvents,
  type Message,
  type MessagesResponse,
  typingEvent,
  unreadEvent,
} from '@kasuwa/contracts';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState } from 'react';
import { conversationKeys } from '@/features/conversations/conversations-queries';
import { type InboxSide, inboxKeys } from '@/features/conversations/messages-api';
import { type SellerSocket, SocketConnectorContext } from '@/lib/socket';

/** How long "typing…" stays up after the last signal. */
const TYPING_SHOWN_MS = 4_000;
/** At most one typing signal this often (the server drops the rest too). */
export const TYPING_SEND_EVERY_MS = 2_000;

type Pages = InfiniteData<MessagesResponse, string | null>;

/** Adds a message to a cached thread (newest page first), once. */
export function addMessage(client: QueryClient, side: InboxSide, message: Message) {
  client.setQueryData<Pages>(inboxKeys.messages(side, message.conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((p) => p.messages.some((m) => m._id === message._id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
  });
}

/** Puts a conversation at the top of every cached list page 1 (it has the latest activity). */
function bumpConversation(client: QueryClient, side: InboxSide, conversation: ConversationDetail) {
  client.setQueriesData<InfiniteData<ConversationListResponse, number>>(
    { queryKey: [...inboxKeys.side(side), 'list'] },
    (data) => {
      if (!data) return data;
      const pages = data.pages.map((p) => ({
        ...p,
        conversations: p.conversations.filter((c) => c._id !== conversation._id),
      }));
      const [first, ...rest] = pages;
      if (!first) return data;
      return {
        ...data,
        pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest],
      };
    },
  );
  client.setQueryData(inboxKeys.detail(side, conversation._id), { conversation });
}

/**
 * The conversation events of one side's socket, kept in the query cache: a new message joins its
 * thread and moves its conversation to the top, read receipts turn the ticks, the badge follows
 * the server's count. Answers who is typing where.
 */
export function useConversationSocket({
  side,
  getToken,
  sellerId,
  onMessage,
}: {
  side: InboxSide;
  getToken: () => string | null;
  /** The seller's id, for the header badge's cache (seller side only). */
  sellerId?: string | null;
  onMessage?: (message: Message) => void;
}) {
  const client = useQueryClient();
  const connect = useContext(SocketConnectorContext);
  const [typing, setTyping] = useState<Record<string, number>>({});
  const socketRef = useRef<SellerSocket | null>(null);
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  const getTokenRef = useRef(getToken);
  getTokenRef.current = getToken;

  useEffect(() => {
    let cancelled = false;
    let socket: SellerSocket | null = null;
    const other: InboxSide = side === 'seller' ? 'buyer' : 'seller';
    connect(() => getTokenRef.current())
      .then((opened) => {
        if (cancelled) {
          opened.close();
          return;
        }
        socket = opened;
        socketRef.current = opened;
        opened.on(conversationSocketEvents.message, (payload: unknown) => {
          const parsed = conversationMessageEvent.safeParse(payload);
          if (!parsed.success) return;
          addMessage(client, side, parsed.data.message);
          bumpConversation(client, side, parsed.data.conversation);
          if (parsed.data.message.sender === other)
            setTyping((t) => ({ ...t, [parsed.data.message.conversationId]: 0 }));
          onMessageRef.current?.(parsed.data.message);
        });
        opened.on(conversationSocketEvents.read, (payload: unknown) => {
          const parsed = conversationReadEvent.safeParse(payload);
          if (!parsed.success) return;
          const { conversationId, reader, readAt } = parsed.data;
          client.setQueryData<Pages>(inboxKeys.messages(side, conversationId), (data) =>
            data
              ? {
                  ...data,
                  pages: data.pages.map((p) => ({
                    ...p,
                    messages: p.messages.map((m) =>
                      m.sender !== reader && !m.readAt ? { ...m, readAt } : m,
                    ),
                  })),
                }
              : data,
          );
          if (reader === side) void client.invalidateQueries({ queryKey: [...inboxKeys.side(side), 'list'] });
        });
        opened.on(conversationSocketEvents.typing, (payload: unknown) => {
          const parsed = typingEvent.safeParse(payload);
          if (!parsed.success || parsed.data.from !== other) return;
          setTyping((t) => ({ ...t, [parsed.data.conversationId]: Date.now() }));
        });
        opened.on(conversationSocketEvents.unread, (payload: unknown) => {
          const parsed = unreadEvent.safeParse(payload);
          if (!parsed.success || side !== 'seller') return;
          client.setQueryData(conversationKeys.unreadCount(sellerId ?? null), parsed.data);
        });
        // Anything sent while the connection was down is fetched again once it is back.
        opened.io.on('reconnect', () => {
          void client.invalidateQueries({ queryKey: inboxKeys.side(side) });
        });
      })
      .catch(() => {
        // No live channel: the screen still works by its own fetches.
      });
    return () => {
      cancelled = true;
      socket?.close();
      socketRef.current = null;
    };
  }, [client, connect, side, sellerId]);

  // Typing fades by itself.
  useEffect(() => {
    const live = Object.values(typing).some((at) => at > 0);
    if (!live) return;
    const timer = setInterval(() => {
      setTyping((t) => {
        const now = Date.now();
        const next = Object.fromEntries(
          Object.entries(t).map(([k, at]) => [k, now - at < TYPING_SHOWN_MS ? at : 0]),
        );
        return next;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [typing]);

  const lastTyped = useRef(0);
  return {
    isTyping: (conversationId: string) => (typing[conversationId] ?? 0) > 0,
    /** Tells the other side this one is typing; throttled. */
    sendTyping: (conversationId: string) => {
      const now = Date.now();
      if (now - lastTyped.current < TYPING_SEND_EVERY_MS) return;
      lastTyped.current = now;
      socketRef.current?.emit(conversationSocketEvents.typing, { conversationId });
    },
  };
}
