import type { BuyerStorePreferencesBody, BuyerStoreRelation, FollowersSummary } from '@kasuwa/contracts';
import type { BuyerRow } from '@/db/schema/index.ts';
import type { Clock } from '@/lib/clock.ts';
import { ConflictError, NotFoundError } from '@/lib/errors.ts';
import type { AudienceRepository } from '@/modules/audience/audience.repository.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';

const WEEK_MS = 7 * 24 * 3_600_000;

/**
 * Buyers following stores, and what a buyer says about a store: no more campaigns (unsubscribe)
 * or nothing at all (block, which also ends the follow).
 */
export function followersService(deps: {
  repo: AudienceRepository;
  clock: Clock;
  notifications: Pick<NotificationsService, 'create'>;
}) {
  const { repo, clock } = deps;

  async function relation(buyerId: string, sellerId: string): Promise<BuyerStoreRelation> {
    const storeName = await repo.storeName(repo.db, sellerId);
    if (storeName === null) throw new NotFoundError('Store');
    const [following, followerCount, prefs] = await Promise.all([
      repo.isFollowing(repo.db, buyerId, sellerId),
      repo.followerCount(repo.db, sellerId),
      repo.preferences(repo.db, buyerId, sellerId),
    ]);
    return { sellerId, storeName, following, followerCount, ...prefs };
  }

  return {
    relation: (buyer: BuyerRow, sellerId: string) => relation(buyer.id, sellerId),

    async follow(buyer: BuyerRow, sellerId: string): Promise<BuyerStoreRelation> {
      const storeName = await repo.storeName(repo.db, sellerId);
      if (storeName === null) throw new NotFoundError('Store');
      const prefs = await repo.preferences(repo.db, buyer.id, sellerId);
      if (prefs.blocked) throw new ConflictError(`You blocked ${storeName}. Unblock it to follow.`);
      const isNew = await repo.follow(repo.db, buyer.id, sellerId, clock.now());
      if (isNew) {
        await deps.notifications.create(sellerId, {
          type: 'new_follower',
          title: 'New follower',
          message: `${buyer.name} started following your store.`,
        });
      }
      return relation(buyer.id, sellerId);
    },

    async unfollow(buyer: BuyerRow, sellerId: string): Promise<BuyerStoreRelation> {
      if ((await repo.storeName(repo.db, sellerId)) === null) throw new NotFoundError('Store');
      await repo.unfollow(repo.db, buyer.id, sellerId);
      return relation(buyer.id, sellerId);
    },

    async setPreferences(
      buyer: BuyerRow,
      sellerId: string,
      body: BuyerStorePreferencesBody,
    ): Promise<BuyerStoreRelation> {
      if ((await repo.storeName(repo.db, sellerId)) === null) throw new NotFoundError('Store');
      await repo.transaction(async (tx) => {
        const current = await repo.preferences(tx, buyer.id, sellerId);
        const next = {
          unsubscribed: body.unsubscribed ?? current.unsubscribed,
          blocked: body.blocked ?? current.blocked,
        };
        await repo.setPreferences(tx, buyer.id, sellerId, next, clock.now());
        if (next.blocked) await repo.unfollow(tx, buyer.id, sellerId);
      });
      return relation(buyer.id, sellerId);
    },

    async summary(sellerId: string): Promise<FollowersSummary> {
      const since = new Date(clock.now().getTime() - WEEK_MS);
      const [total, newThisWeek] = await Promise.all([
        repo.followerCount(repo.db, sellerId),
        repo.followerCount(repo.db, sellerId, since),
      ]);
      return { total, newThisWeek };
    },
  };
}
export type FollowersService = ReturnType<typeof followersService>;
