import {
  type CreateGiveawayBody,
  createGiveawayBody,
  type EnterGiveawayResponse,
  type Giveaway,
  type GiveawayEntryResponse,
  type GiveawayResponse,
  type SellerGiveawaysResponse,
  type ShowGiveawaysResponse,
  type StartGiveawayBody,
} from '@kasuwa/contracts';
import { z } from 'zod';
import type { GiveawayRow } from '@/db/schema/giveaways.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { newSeed, sha256Hex, winnerIndexOf } from '@/modules/giveaways/giveaway-draw.ts';
import type { GiveawayAnnouncer } from '@/modules/giveaways/giveaways.announcer.ts';
import type { GiveawaysRepository } from '@/modules/giveaways/giveaways.repository.ts';
import type { RecordGiveawayWin } from '@/modules/orders/order-ports.ts';
import { findCombination } from '@/modules/products/stock.variants.ts';

/** The draw's job: one per giveaway, at its end time (jobKey), idempotent (the row decides). */
export const GIVEAWAY_DRAW_TASK = 'giveaways.draw';
export const giveawayDrawJobKey = (id: string) => `giveaway:${id}:draw`;

export const toGiveaway = (row: GiveawayRow): Giveaway => ({
  id: row.id,
  streamId: row.streamId,
  productId: row.productId,
  productName: row.productName,
  productImage: row.productImage,
  variant: row.variant,
  quantity: row.quantity,
  audience: row.audience,
  delivery: row.delivery,
  durationSeconds: row.durationSeconds,
  status: row.status,
  startedAt: row.startedAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  entrantsCount: row.entrantsCount,
  winner:
    row.status === 'drawn' && row.winnerBuyerId
      ? { _id: row.winnerBuyerId, name: row.winnerName ?? 'A buyer' }
      : null,
  record: row.seedHash
    ? {
        seedHash: row.seedHash,
        // The seed stays secret until the draw: knowing it early would tell who is going to win.
        seed: row.drawnAt ? row.seed : null,
        entrantsHash: row.entrantsHash,
        entrantsCount: row.entrantsCount,
        winnerIndex: row.winnerIndex,
        drawnAt: row.drawnAt?.toISOString() ?? null,
      }
    : null,
});

type Buyer = { id: string; name: string };
type Seller = { id: string; storeName: string };

/**
 * Live Giveaways (issue 21): the seller's giveaway items of a show, one running at a time; buyers
 * enter by the giveaway's rule, once each; the draw at the end time (a graphile-worker job, so a
 * restart or a second node never loses or repeats it) picks the winner with giveaway-draw.ts and
 * makes their ₦0 order through the orders module, in one transaction with the record.
 */
export function giveawaysService({
  repo,
  clock,
  jobs,
  announce,
  recordGiveawayWin,
}: {
  repo: GiveawaysRepository;
  clock: Clock;
  jobs: JobQueue;
  announce: GiveawayAnnouncer;
  recordGiveawayWin: RecordGiveawayWin;
}) {
  async function ownShow(tx: Queryable, sellerId: string, streamId: string) {
    const show = await repo.lockSellerStream(tx, sellerId, streamId);
    if (!show) throw new NotFoundError('Stream');
    return show;
  }

  /** Draws a running giveaway whose time is up (or any running one when `early`); null when there is nothing to do. */
  async function drawLocked(tx: Queryable, row: GiveawayRow, now: Date): Promise<GiveawayRow | null> {
    if (row.status !== 'running' || !row.seed) return null;
    const entrants = await repo.entrantsDigest(tx, row.id);
    if (entrants.count === 0 || !entrants.hash) {
      const changes = { status: 'no_entrants' as const, drawnAt: now, entrantsCount: 0 };
      await repo.update(tx, row.id, changes);
      return { ...row, ...changes };
    }
    const winnerIndex = winnerIndexOf(row.seed, entrants.hash, entrants.count);
    const winnerId = await repo.entrantAt(tx, row.id, winnerIndex);
    if (!winnerId) throw new Error('the drawn entrant is missing');
    const draw = { entrantsHash: entrants.hash, winnerIndex, winnerId };
    const winnerName = (await repo.buyerName(tx, draw.winnerId)) ?? 'A buyer';
    const { orderId } = await recordGiveawayWin(tx, {
      sellerId: row.sellerId,
      buyerId: draw.winnerId,
      streamId: row.streamId,
      giveawayId: row.id,
      productId: row.productId,
      productName: row.productName,
      productImage: row.productImage,
      variant: row.variant,
      quantity: row.quantity,
      deliveryFree: row.delivery === 'free',
      now,
    });
    const changes = {
      status: 'drawn' as const,
      drawnAt: now,
      entrantsCount: entrants.count,
      entrantsHash: draw.entrantsHash,
      winnerIndex: draw.winnerIndex,
      winnerBuyerId: draw.winnerId,
      winnerName,
      orderId,
    };
    await repo.update(tx, row.id, changes);
    return { ...row, ...changes };
  }

  async function draw(id: string, early: boolean, sellerId?: string): Promise<GiveawayRow | null> {
    const drawn = await repo.transaction(async (tx) => {
      const row = sellerId ? await repo.lockSellers(tx, sellerId, id) : await repo.lock(tx, id);
      if (!row) {
        if (sellerId) throw new NotFoundError('Giveaway');
        return null;
      }
      const now = clock.now();
      if (row.status !== 'running') {
        if (sellerId) throw new ConflictError('This giveaway is not running');
        return null;
      }
      // A job that ran early (clocks of two nodes) leaves the giveaway open; its job runs again.
      if (!early && row.endsAt && now.getTime() < row.endsAt.getTime()) {
        await jobs.add(
          tx,
          GIVEAWAY_DRAW_TASK,
          { giveawayId: row.id },
          {
            runAt: row.endsAt,
            jobKey: giveawayDrawJobKey(row.id),
          },
        );
        return null;
      }
      const result = await drawLocked(tx, row, now);
      if (result && early) await jobs.remove(tx, giveawayDrawJobKey(row.id));
      return result;
    });
    if (drawn) announce.drawn(drawn.sellerId, toGiveaway(drawn));
    return drawn;
  }

  return {
    /** POST /api/streams/{id}/giveaways. */
    async create(seller: Seller, streamId: string, input: CreateGiveawayBody): Promise<GiveawayResponse> {
      const body = createGiveawayBody.parse(input);
      const row = await repo.transaction(async (tx) => {
        const show = await ownShow(tx, seller.id, streamId);
        if (show.status === 'ended') throw new ConflictError('This show has ended');
        const product = await repo.sellerProduct(tx, seller.id, body.productId);
        if (!product) throw new NotFoundError('Product');
        if (product.status === 'archived' || product.status === 'draft') {
          throw new BadRequestError('Choose a product that is on sale');
        }
        let image = product.images[0] ?? null;
        let variant = body.variant;
        if (product.variants.length > 0) {
          const found = findCombination(product, body.variant);
          if (!found.ok) {
            throw new BadRequestError(
              found.reason === 'incomplete' ? `Choose a ${found.level}` : 'Choose which variant to give away',
            );
          }
          variant = found.combination.variant;
          image = found.combination.image ?? image;
        } else if (body.variant.length > 0) {
          throw new BadRequestError('This product has no variants');
        }
        return repo.insert(tx, {
          sellerId: seller.id,
          streamId,
          productId: product.id,
          productName: product.name,
          productImage: image,
          variant,
          quantity: body.quantity,
          audience: body.audience,
          delivery: body.delivery,
          durationSeconds: body.durationSeconds,
          createdAt: clock.now(),
        });
      });
      return { message: 'Giveaway added', giveaway: toGiveaway(row) };
    },

    /** DELETE /api/giveaways/{id}: a giveaway not started yet. */
    async remove(seller: Seller, id: string): Promise<{ message: string }> {
      await repo.transaction(async (tx) => {
        const row = await repo.lockSellers(tx, seller.id, id);
        if (!row) throw new NotFoundError('Giveaway');
        if (row.status !== 'scheduled')
          throw new ConflictError('A giveaway that has started cannot be removed');
        await repo.remove(tx, id);
      });
      return { message: 'Giveaway removed' };
    },

    /** POST /api/giveaways/{id}/start: opens entries until the end time, whose job draws it. */
    async start(seller: Seller, id: string, body: StartGiveawayBody): Promise<GiveawayResponse> {
      const row = await repo
        .transaction(async (tx) => {
          const found = await repo.lockSellers(tx, seller.id, id);
          if (!found) throw new NotFoundError('Giveaway');
          const show = await ownShow(tx, seller.id, found.streamId);
          if (show.status !== 'live') throw new ConflictError('Start the show before running a giveaway');
          if (found.status !== 'scheduled') throw new ConflictError('This giveaway has already run');
          if (await repo.running(tx, found.streamId)) {
            throw new ConflictError('Another giveaway is running; wait for its draw');
          }
          const now = clock.now();
          const durationSeconds = body.durationSeconds ?? found.durationSeconds;
          const seed = newSeed();
          const changes = {
            status: 'running' as const,
            audience: body.audience ?? found.audience,
            durationSeconds,
            startedAt: now,
            endsAt: new Date(now.getTime() + durationSeconds * 1000),
            seed,
            seedHash: sha256Hex(Buffer.from(seed, 'hex')),
            entrantsCount: 0,
          };
          await repo.update(tx, id, changes);
          await jobs.add(
            tx,
            GIVEAWAY_DRAW_TASK,
            { giveawayId: id },
            {
              runAt: changes.endsAt,
              jobKey: giveawayDrawJobKey(id),
            },
          );
          return { ...found, ...changes };
        })
        .catch((err: unknown) => {
          if (uniqueViolation(err) === 'giveaways_one_running_key') {
            throw new ConflictError('Another giveaway is running; wait for its draw');
          }
          throw err;
        });
      const giveaway = toGiveaway(row);
      announce.started(row.sellerId, giveaway);
      return { message: 'Giveaway started', giveaway };
    },

    /** POST /api/giveaways/{id}/draw: the seller ends it now (the job then finds nothing to do). */
    async drawNow(seller: Seller, id: string): Promise<GiveawayResponse> {
      const drawn = await draw(id, true, seller.id);
      if (!drawn) throw new ConflictError('This giveaway is not running');
      return {
        message: drawn.status === 'drawn' ? 'Winner drawn' : 'Nobody entered',
        giveaway: toGiveaway(drawn),
      };
    },

    /** The job's work (and the tests'): draws the giveaway if it is running and its time is up. */
    drawDue: (id: string) => draw(id, false),

    /** GET /api/streams/{id}/giveaways (public). */
    async ofShow(streamId: string): Promise<ShowGiveawaysResponse> {
      const show = await repo.stream(repo.db, streamId);
      if (!show) throw new NotFoundError('Stream');
      const rows = await repo.ofStream(repo.db, streamId);
      const order = { running: 0, scheduled: 1, drawn: 2, no_entrants: 2 } as const;
      rows.sort((a, b) => order[a.status] - order[b.status]);
      return { giveaways: rows.map(toGiveaway) };
    },

    /** GET /api/giveaways (seller): the store's giveaways with their shows and winners' orders. */
    async ofSeller(seller: Seller): Promise<SellerGiveawaysResponse> {
      const rows = await repo.ofSeller(repo.db, seller.id);
      return {
        giveaways: rows.map((r) => ({
          ...toGiveaway(r.giveaway),
          streamTitle: r.streamTitle,
          streamStatus: r.streamStatus,
          streamScheduledAt: r.streamScheduledAt.toISOString(),
          orderId: r.giveaway.orderId,
          createdAt: r.giveaway.createdAt.toISOString(),
        })),
      };
    },

    /** GET /api/giveaways/{id}/entry (buyer). */
    async entry(buyer: Buyer, id: string): Promise<GiveawayEntryResponse> {
      const row = await repo.byId(repo.db, id);
      if (!row || row.status === 'scheduled') throw new NotFoundError('Giveaway');
      const won = row.status === 'drawn' && row.winnerBuyerId === buyer.id;
      return {
        entered: await repo.hasEntry(repo.db, id, buyer.id),
        won,
        orderId: won ? row.orderId : null,
        entrantsCount: row.entrantsCount,
      };
    },

    /** POST /api/giveaways/{id}/entries (buyer): one entry per buyer account, by the giveaway's rule. */
    async enter(buyer: Buyer, id: string): Promise<EnterGiveawayResponse> {
      const result = await repo.transaction(async (tx) => {
        // A key-share lock: entries go on side by side (their count update does not conflict with
        // it), and the draw (FOR UPDATE) waits for the entries in flight.
        const row = await repo.byIdForShare(tx, id);
        if (!row || row.status === 'scheduled') throw new NotFoundError('Giveaway');
        if (row.status !== 'running' || (row.endsAt && clock.now() >= row.endsAt)) {
          throw new ConflictError('This giveaway has closed');
        }
        if (row.audience === 'followers' && !(await repo.isFollower(tx, row.sellerId, buyer.id))) {
          throw new ForbiddenError(
            'Only followers of this store can enter this giveaway. Follow the store to enter.',
          );
        }
        if (row.audience === 'buyers' && !(await repo.boughtInShow(tx, row.streamId, buyer.id))) {
          throw new ForbiddenError('Only buyers who bought in this show can enter this giveaway');
        }
        const added = await repo.insertEntry(tx, id, buyer.id, clock.now());
        if (!added) throw new ConflictError('You have already entered this giveaway');
        const entrantsCount = await repo.countEntry(tx, id);
        return { row, entrantsCount };
      });
      announce.entries(result.row.streamId, result.row.sellerId, id, result.entrantsCount);
      return {
        message: 'You’re in! Good luck',
        entered: true,
        won: false,
        orderId: null,
        entrantsCount: result.entrantsCount,
      };
    },

    tasks: {
      [GIVEAWAY_DRAW_TASK]: taskOf(z.object({ giveawayId: z.uuid() }), async ({ giveawayId }) => {
        await draw(giveawayId, false);
      }),
    },
  };
}
export type GiveawaysService = ReturnType<typeof giveawaysService>;
