import { and, asc, desc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import { buyers } from '@/db/schema/buyers.ts';
import { streamComments, streams } from '@/db/schema/live.ts';
import { storeChatSettings, storeModerators, streamMutes, streamRooms } from '@/db/schema/live-moderation.ts';
import { sellers } from '@/db/schema/sellers.ts';
import type { Queryable } from '@/lib/queryable.ts';

/** The queries of issue 21's room moderation: moderators, muted words, mutes, slow mode, pins, co-hosts. */
export const moderationRepository = {
  async moderators(q: Queryable, sellerId: string) {
    return q
      .select({ buyerId: storeModerators.buyerId, name: buyers.name, addedAt: storeModerators.addedAt })
      .from(storeModerators)
      .innerJoin(buyers, eq(buyers.id, storeModerators.buyerId))
      .where(eq(storeModerators.sellerId, sellerId))
      .orderBy(asc(storeModerators.addedAt), asc(buyers.name));
  },

  async isModerator(q: Queryable, sellerId: string, buyerId: string): Promise<boolean> {
    const [row] = await q
      .select({ buyerId: storeModerators.buyerId })
      .from(storeModerators)
      .where(and(eq(storeModerators.sellerId, sellerId), eq(storeModerators.buyerId, buyerId)))
      .limit(1);
    return row !== undefined;
  },

  async addModerator(q: Queryable, sellerId: string, buyerId: string, addedAt: Date): Promise<void> {
    await q.insert(storeModerators).values({ sellerId, buyerId, addedAt }).onConflictDoNothing();
  },

  async removeModerator(q: Queryable, sellerId: string, buyerId: string): Promise<void> {
    await q
      .delete(storeModerators)
      .where(and(eq(storeModerators.sellerId, sellerId), eq(storeModerators.buyerId, buyerId)));
  },

  async buyer(q: Queryable, buyerId: string) {
    const [row] = await q
      .select({ id: buyers.id, name: buyers.name })
      .from(buyers)
      .where(eq(buyers.id, buyerId))
      .limit(1);
    return row ?? null;
  },

  async mutedWords(q: Queryable, sellerId: string): Promise<string[]> {
    const [row] = await q
      .select({ words: storeChatSettings.mutedWords })
      .from(storeChatSettings)
      .where(eq(storeChatSettings.sellerId, sellerId))
      .limit(1);
    return row?.words ?? [];
  },

  async setMutedWords(q: Queryable, sellerId: string, words: string[], at: Date): Promise<void> {
    await q
      .insert(storeChatSettings)
      .values({ sellerId, mutedWords: words, updatedAt: at })
      .onConflictDoUpdate({ target: storeChatSettings.sellerId, set: { mutedWords: words, updatedAt: at } });
  },

  /** A show and its room (defaults when nothing was set yet). */
  async show(q: Queryable, streamId: string) {
    const [row] = await q
      .select({
        id: streams.id,
        sellerId: streams.sellerId,
        status: streams.status,
        title: streams.title,
        slowModeSeconds: sql<number>`coalesce(${streamRooms.slowModeSeconds}, 0)`.mapWith(Number),
        pinnedCommentId: streamRooms.pinnedCommentId,
        cohostSellerId: streamRooms.cohostSellerId,
      })
      .from(streams)
      .leftJoin(streamRooms, eq(streamRooms.streamId, streams.id))
      .where(eq(streams.id, streamId))
      .limit(1);
    return row ?? null;
  },

  async updateRoom(
    q: Queryable,
    streamId: string,
    values: Partial<{
      slowModeSeconds: number;
      pinnedCommentId: string | null;
      cohostSellerId: string | null;
    }>,
  ): Promise<void> {
    await q
      .insert(streamRooms)
      .values({ streamId, ...values })
      .onConflictDoUpdate({ target: streamRooms.streamId, set: values });
  },

  async comment(q: Queryable, streamId: string, commentId: string) {
    const [row] = await q
      .select()
      .from(streamComments)
      .where(and(eq(streamComments.id, commentId), eq(streamComments.streamId, streamId)))
      .limit(1);
    return row ?? null;
  },

  async removeComment(q: Queryable, commentId: string, at: Date): Promise<void> {
    await q
      .update(streamComments)
      .set({ removedAt: at })
      .where(and(eq(streamComments.id, commentId), isNull(streamComments.removedAt)));
  },

  /** When this author last commented in the show (slow mode), or null. */
  async lastCommentAt(q: Queryable, streamId: string, authorId: string): Promise<Date | null> {
    const [row] = await q
      .select({ at: max(streamComments.createdAt) })
      .from(streamComments)
      .where(
        and(
          eq(streamComments.streamId, streamId),
          eq(streamComments.authorId, authorId),
          eq(streamComments.kind, 'comment'),
        ),
      );
    return row?.at ?? null;
  },

  async isMuted(q: Queryable, streamId: string, buyerId: string): Promise<boolean> {
    const [row] = await q
      .select({ buyerId: streamMutes.buyerId })
      .from(streamMutes)
      .where(and(eq(streamMutes.streamId, streamId), eq(streamMutes.buyerId, buyerId)))
      .limit(1);
    return row !== undefined;
  },

  async mute(q: Queryable, streamId: string, buyerId: string, mutedBy: string, at: Date): Promise<void> {
    await q.insert(streamMutes).values({ streamId, buyerId, mutedBy, mutedAt: at }).onConflictDoNothing();
  },

  async unmute(q: Queryable, streamId: string, buyerId: string): Promise<void> {
    await q
      .delete(streamMutes)
      .where(and(eq(streamMutes.streamId, streamId), eq(streamMutes.buyerId, buyerId)));
  },

  async mutedViewers(q: Queryable, streamId: string) {
    return q
      .select({ buyerId: streamMutes.buyerId, name: buyers.name })
      .from(streamMutes)
      .innerJoin(buyers, eq(buyers.id, streamMutes.buyerId))
      .where(eq(streamMutes.streamId, streamId))
      .orderBy(desc(streamMutes.mutedAt));
  },

  async sellerById(q: Queryable, id: string) {
    const [row] = await q.select().from(sellers).where(eq(sellers.id, id)).limit(1);
    return row ?? null;
  },

  async sellerByEmail(q: Queryable, email: string) {
    const [row] = await q
      .select({ id: sellers.id, storeName: sellers.storeName, email: sellers.email })
      .from(sellers)
      .where(sql`lower(${sellers.email}) = lower(${email})`)
      .limit(1);
    return row ?? null;
  },

  /** The shows (scheduled or live) a seller was invited to co-host. */
  async cohosting(q: Queryable, cohostSellerId: string) {
    return q
      .select({
        streamId: streams.id,
        title: streams.title,
        type: streams.type,
        status: streams.status,
        hostStoreName: sellers.storeName,
        scheduledStartTime: streams.scheduledStartTime,
      })
      .from(streamRooms)
      .innerJoin(streams, eq(streams.id, streamRooms.streamId))
      .innerJoin(sellers, eq(sellers.id, streams.sellerId))
      .where(
        and(
          eq(streamRooms.cohostSellerId, cohostSellerId),
          ne(streams.status, 'ended'),
          inArray(streams.status, ['scheduled', 'live']),
        ),
      )
      .orderBy(asc(streams.scheduledStartTime));
  },
};
export type ModerationRepository = typeof moderationRepository;
