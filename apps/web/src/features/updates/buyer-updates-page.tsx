import { type InboxItem, type InboxItemKind, PRODUCT_NAME } from '@kasuwa/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { BellOff, CalendarClock, Megaphone, Radio, ReceiptText, Tag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { fetchUpdates, markUpdate, setStorePreferences, updatesKeys } from '@/features/updates/updates-api';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { buttonClasses } from '@/ui/button';
import { Spinner } from '@/ui/spinner';

export interface BuyerUpdatesPageProps {
  api: ApiClient;
  onSessionExpired: () => void;
}

const KIND: Record<InboxItemKind, { label: string; icon: typeof Megaphone }> = {
  campaign: { label: 'From the store', icon: Megaphone },
  show_scheduled: { label: 'Show scheduled', icon: CalendarClock },
  show_started: { label: 'Live now', icon: Radio },
  payment_reminder: { label: 'Payment reminder', icon: ReceiptText },
};

const when = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

function UpdateCard({
  item,
  onOpen,
  onFollowLink,
  onStore,
}: {
  item: InboxItem;
  onOpen: () => void;
  onFollowLink: () => void;
  onStore: (what: 'unsubscribed' | 'blocked') => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const unread = item.openedAt === null;
  const { label, icon: Icon } = KIND[item.kind];
  const toggle = () => {
    if (!expanded && unread) onOpen();
    setExpanded(!expanded);
  };
  return (
    <li className={clsx('rounded-card bg-surface shadow-card', unread && 'ring-2 ring-brand-200')}>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={expanded}
        className="flex w-full items-start gap-3 p-3 text-left"
      >
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2 text-ink-muted text-xs">
            <span className="truncate font-medium text-ink">{item.seller.storeName}</span>
            <span aria-hidden>·</span>
            <span className="shrink-0">{label}</span>
            <span className="ml-auto shrink-0">{when.format(new Date(item.createdAt))}</span>
          </span>
          <span className={clsx('mt-0.5 block text-ink', unread ? 'font-semibold' : 'font-medium')}>
            {unread && <span className="sr-only">Unread: </span>}
            {item.title}
          </span>
          {!expanded && <span className="line-clamp-1 block text-ink-muted text-sm">{item.message}</span>}
        </span>
      </button>
      {expanded && (
        <div className="flex flex-col gap-3 px-3 pb-3 sm:pl-15">
          {item.imageUrl && (
            <img src={item.imageUrl} alt="" className="max-h-64 w-full rounded-control object-cover" />
          )}
          <p className="whitespace-pre-line text-ink text-sm">{item.message}</p>
          {item.couponCode && (
            <p className="flex items-center gap-2 text-sm">
              <Tag className="size-4 text-brand-700" aria-hidden />
              Use code{' '}
              <span className="rounded bg-canvas px-2 py-0.5 font-mono font-semibold">{item.couponCode}</span>{' '}
              at checkout
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            {item.link && (
              <button type="button" className={buttonClasses({ size: 'sm' })} onClick={onFollowLink}>
                {item.linkLabel ?? 'Open'}
              </button>
            )}
            {item.kind === 'campaign' && (
              <>
                <button
                  type="button"
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  onClick={() => onStore('unsubscribed')}
                >
                  <BellOff className="size-4" aria-hidden />
                  Turn off updates from this store
                </button>
                <button
                  type="button"
                  className={buttonClasses({ variant: 'ghost', size: 'sm' })}
                  onClick={() => onStore('blocked')}
                >
                  Block this store
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * The buyer's Updates (`/my-updates`): campaigns from stores, shows of stores they follow, and
 * payment reminders for auction wins, newest first. Opening one and following its link are counted
 * for the store's campaign results.
 */
export function BuyerUpdatesPage({ api, onSessionExpired }: BuyerUpdatesPageProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useInfiniteQuery({
    queryKey: updatesKeys.all,
    queryFn: ({ pageParam, signal }) => fetchUpdates(api, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.currentPage + 1 : undefined),
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    document.title = `My updates · ${PRODUCT_NAME}`;
  }, []);
  useEffect(() => {
    if (isApiError(query.error) && query.error.status === 401) onSessionExpired();
  }, [query.error, onSessionExpired]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: updatesKeys.all });
  const mark = useMutation({
    mutationFn: ({ id, what }: { id: string; what: 'open' | 'click' }) => markUpdate(api, id, what),
    onSuccess: refresh,
  });
  const store = useMutation({
    mutationFn: ({
      sellerId,
      what,
    }: {
      sellerId: string;
      storeName: string;
      what: 'unsubscribed' | 'blocked';
    }) => setStorePreferences(api, sellerId, { [what]: true }),
    onSuccess: (_data, { storeName, what }) =>
      toast.success(
        what === 'blocked'
          ? `${storeName} is blocked. You will not hear from it again.`
          : `You will get no more campaigns from ${storeName}.`,
      ),
    onError: (error) => toast.error(error.message),
  });

  const followLink = async (item: InboxItem) => {
    if (!item.link) return;
    try {
      await markUpdate(api, item._id, 'click');
    } catch {
      // The count is the store's; the buyer goes where they asked whether or not it was recorded.
    }
    navigate(item.link);
  };

  const items = query.data?.pages.flatMap((p) => p.items);
  const unread = query.data?.pages[0]?.unreadCount ?? 0;

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-10 border-line border-b bg-surface">
        <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-3">
          <h1 className="flex-1 font-semibold text-ink text-lg">
            My updates
            {unread > 0 && (
              <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 align-middle font-semibold text-white text-xs">
                {unread} new
              </span>
            )}
          </h1>
          <Link to={paths.myOrders} className="font-medium text-brand-700 text-sm">
            My orders
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-4">
        {query.isPending ? (
          <div className="flex justify-center py-12 text-brand-600">
            <Spinner size="lg" label="Loading your updates" />
          </div>
        ) : !items ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="text-ink-muted">Your updates could not be loaded. Check your connection.</p>
            <button type="button" className={buttonClasses()} onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-12 text-center text-ink-muted">
            No updates yet. Follow a store from its live show or blip to hear when it goes live.
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {items.map((item) => (
                <UpdateCard
                  key={item._id}
                  item={item}
                  onOpen={() => mark.mutate({ id: item._id, what: 'open' })}
                  onFollowLink={() => void followLink(item)}
                  onStore={(what) =>
                    store.mutate({ sellerId: item.seller._id, storeName: item.seller.storeName, what })
                  }
                />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  className={buttonClasses({ variant: 'secondary' })}
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? 'Loading…' : 'Show older updates'}
                </button>
              </div>
            )}
          </>
        )}
      </main>
    </div>
  );
}
