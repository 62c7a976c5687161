import type { BuyerStoreRelation } from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type ApiClient, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/* issue 16: a buyer follows the store from the watch and blip pages. */

const storePath = (sellerId: string) => `/buyer/stores/${encodeURIComponent(sellerId)}`;
export const storeRelationKey = (sellerId: string, buyerId: string | null) =>
  ['store-relation', sellerId, buyerId] as const;

/** Whether the signed-in buyer follows the store, and its follower count (nothing without a buyer). */
export const storeRelationQuery = (api: ApiClient, sellerId: string, buyerId: string | null) => ({
  queryKey: storeRelationKey(sellerId, buyerId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<BuyerStoreRelation>(storePath(sellerId), { signal }),
  enabled: buyerId !== null && sellerId !== '',
  retry: false,
});

export const followStore = (api: ApiClient, sellerId: string, follow: boolean) =>
  api.request<BuyerStoreRelation>(`${storePath(sellerId)}/follow`, { method: follow ? 'PUT' : 'DELETE' });

/**
 * Follow / Following for the show's or blip's store. Without a buyer log-in it asks for one and
 * follows as soon as the buyer is in; the seller hears of a new follower at once.
 */
export function FollowStoreButton({
  api,
  sellerId,
  buyerId,
  askToLogIn,
  className,
}: {
  api: ApiClient;
  sellerId: string;
  buyerId: string | null;
  askToLogIn: (reason: string) => void;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const key = storeRelationKey(sellerId, buyerId);
  const relation = useQuery(storeRelationQuery(api, sellerId, buyerId));
  const toggle = useMutation({
    mutationFn: (follow: boolean) => followStore(api, sellerId, follow),
    onSuccess: (data, follow) => {
      queryClient.setQueryData(key, data);
      toast.success(follow ? `You follow ${data.storeName}` : `You unfollowed ${data.storeName}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401)
        askToLogIn('Your log-in has expired. Log in again to follow.');
      else toast.error(error.message);
    },
  });

  // A follow asked for before logging in happens once the buyer is in.
  const followAfterLogIn = useRef(false);
  useEffect(() => {
    if (buyerId && followAfterLogIn.current && relation.data && !relation.data.following) {
      followAfterLogIn.current = false;
      toggle.mutate(true);
    }
  }, [buyerId, relation.data, toggle]);

  const following = relation.data?.following ?? false;
  const onClick = () => {
    if (!buyerId) {
      followAfterLogIn.current = true;
      askToLogIn('Log in or sign up to follow this store and hear about its next shows.');
      return;
    }
    toggle.mutate(!following);
  };
  return (
    <button
      type="button"
      aria-pressed={following}
      onClick={onClick}
      disabled={toggle.isPending || (buyerId !== null && relation.isPending)}
      className={clsx(
        'inline-flex min-h-9 shrink-0 items-center gap-1 rounded-full px-3 font-semibold text-xs disabled:opacity-80',
        following ? 'bg-white/20 text-white' : 'bg-white text-ink',
        className,
      )}
    >
      {following ? <Check className="size-3.5" aria-hidden /> : <UserPlus className="size-3.5" aria-hidden />}
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
