import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { MessageSquare } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ConversationList } from '@/features/conversations/conversation-list';
import { useConversationSocket } from '@/features/conversations/conversation-socket';
import { ConversationThread } from '@/features/conversations/conversation-thread';
import { inboxKeys, type MessagesApi } from '@/features/conversations/messages-api';
import { useDebouncedSearch } from '@/lib/use-debounced-search';
import { Button } from '@/ui/button';
import { ListSkeleton, LoadFailed } from '@/ui/list-skeleton';
import { SearchInput } from '@/ui/search-input';

/**
 * The messages screen of either side: the conversation list (search and unread first for the
 * seller) beside the open conversation on a desktop, one at a time on a phone. Live over socket.io.
 */
export function Inbox({
  api,
  getToken,
  sellerId = null,
  selectedId,
  onSelect,
  emptyHint,
}: {
  api: MessagesApi;
  getToken: () => string | null;
  sellerId?: string | null;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  emptyHint: string;
}) {
  const side = api.side;
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useDebouncedSearch(search, setSearch);
  const list = useInfiniteQuery({
    queryKey: inboxKeys.list(side, search),
    queryFn: ({ pageParam, signal }) => api.list({ page: pageParam, q: search }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const live = useConversationSocket({ side, getToken, sellerId });
  const conversations = useMemo(() => list.data?.pages.flatMap((p) => p.conversations) ?? [], [list.data]);
  const now = new Date();

  return (
    <div className="flex h-full min-h-0 w-full">
      <div
        className={clsx(
          'min-h-0 w-full flex-col border-line bg-surface lg:flex lg:w-96 lg:shrink-0 lg:border-r',
          selectedId ? 'hidden' : 'flex',
        )}
      >
        {side === 'seller' && (
          <div className="border-line border-b p-3">
            <SearchInput
              aria-label="Search conversations"
              placeholder="Search by buyer or message"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto">
          {list.isPending ? (
            <ListSkeleton label="Loading conversations" thumbClassName="size-10 rounded-full" />
          ) : list.isError ? (
            <LoadFailed what="your conversations" onRetry={() => void list.refetch()} />
          ) : conversations.length === 0 ? (
            <div className="flex flex-col items-center gap-2 p-8 text-center">
              <MessageSquare className="size-8 text-ink-muted" aria-hidden />
              <p className="font-medium text-ink">
                {search ? 'No conversation matches that search' : 'No messages yet'}
              </p>
              {!search && <p className="text-ink-muted text-sm">{emptyHint}</p>}
            </div>
          ) : (
            <>
              <ConversationList
                side={side}
                conversations={conversations}
                selectedId={selectedId}
                onSelect={onSelect}
                now={now}
              />
              {list.hasNextPage && (
                <div className="flex justify-center p-3">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    {list.isFetchingNextPage ? 'Loading…' : 'Show more conversations'}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </div>
      <div className={clsx('min-h-0 min-w-0 flex-1 flex-col', selectedId ? 'flex' : 'hidden lg:flex')}>
        {selectedId ? (
          <ConversationThread
            key={selectedId}
            api={api}
            conversationId={selectedId}
            sellerId={sellerId}
            isTyping={live.isTyping(selectedId)}
            onTyping={() => live.sendTyping(selectedId)}
            onBack={() => onSelect(null)}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 bg-canvas p-8 text-center">
            <MessageSquare className="size-10 text-ink-muted" aria-hidden />
            <p className="text-ink-muted">Choose a conversation to read and reply.</p>
          </div>
        )}
      </div>
    </div>
  );
}
