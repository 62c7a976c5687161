import type { OrderRow } from '@/db/schema/orders.ts';
import { ConflictError } from '@/lib/errors.ts';
import { nairaText } from '@/lib/naira.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { lineName } from '@/modules/orders/order-detail.ts';
import {
  auctionWonNotice,
  checkoutLink,
  itemAddedNotice,
  secondChanceMail,
} from '@/modules/orders/order-notices.ts';
import type { RecordAuctionWin } from '@/modules/orders/order-ports.ts';
import {
  type AfterCommit,
  type OrdersDeps,
  orderJobKeys,
  PAYMENT_REMINDER_TASK,
  PAYMENT_WINDOW_TASK,
  runAfterCommit,
} from '@/modules/orders/orders.service.ts';

type Win = Parameters<RecordAuctionWin>[1];

const HOUR_MS = 3_600_000;
/** The last payment reminder goes this long before the window closes. */
const LAST_REMINDER_BEFORE_MS = 2 * HOUR_MS;

/**
 * Orders made by auctions: a show's wins bundle into one open order per buyer (one delivery fee,
 * as Whatnot does), and an unpaid, cancelled win can be offered to the runner-up bidder.
 */
export function auctionOrders(deps: OrdersDeps) {
  const { repo, stock, jobs } = deps;

  /** The payment window and its two reminders, all from the order's first win (docs/orders.md). */
  async function scheduleWindow(q: Queryable, order: OrderRow, now: Date) {
    const due = order.paymentDueAt;
    if (!due) return;
    await jobs.add(
      q,
      PAYMENT_WINDOW_TASK,
      { orderId: order.id },
      {
        runAt: due,
        jobKey: orderJobKeys(order.id, 'payment-window')[0],
      },
    );
    const [halfKey, lastKey] = orderJobKeys(order.id, 'payment-reminder');
    const half = new Date(now.getTime() + (due.getTime() - now.getTime()) / 2);
    const last = new Date(due.getTime() - LAST_REMINDER_BEFORE_MS);
    await jobs.add(
      q,
      PAYMENT_REMINDER_TASK,
      { orderId: order.id, kind: 'half' },
      { runAt: half, jobKey: halfKey },
    );
    // A short window gets one reminder: "2 hours before" would come before the half-way one.
    if (last.getTime() > half.getTime()) {
      await jobs.add(
        q,
        PAYMENT_REMINDER_TASK,
        { orderId: order.id, kind: 'last' },
        { runAt: last, jobKey: lastKey },
      );
    }
  }

  /** The buyer's open order of the show, made if there is none (a concurrent close may race us). */
  async function openOrderOf(q: Queryable, win: Win): Promise<{ order: OrderRow; created: boolean }> {
    const open = await repo.lockOpenAuctionOrder(q, win.streamId, win.buyerId);
    if (open) return { order: open, created: false };
    const hours = await repo.paymentWindowHours(q, win.sellerId);
    const created = await repo.insertOpenAuctionOrder(q, {
      sellerId: win.sellerId,
      buyerId: win.buyerId,
      streamId: win.streamId,
      source: 'auction',
      subtotalKobo: 0,
      totalKobo: 0,
      paymentDueAt: new Date(win.now.getTime() + hours * HOUR_MS),
      createdAt: win.now,
      updatedAt: win.now,
    });
    if (created) return { order: created, created: true };
    const raced = await repo.lockOpenAuctionOrder(q, win.streamId, win.buyerId);
    if (!raced) throw new Error('the open auction order vanished');
    return { order: raced, created: false };
  }

  /**
   * Takes the won unit out of stock. A unit already gone (sold by Buy now meanwhile) does not undo
   * the win: the order records the shortfall so the seller sorts it out with the buyer.
   */
  async function takeStock(q: Queryable, order: OrderRow, win: Win, after: AfterCommit): Promise<void> {
    if (!win.productId) return;
    try {
      // The products module's own notices (low_stock) go out with the order's, after the commit.
      const taken = await stock.reserve(q, {
        sellerId: win.sellerId,
        productId: win.productId,
        variant: win.variant,
        quantity: 1,
      });
      if (taken.afterCommit) after.push(taken.afterCommit);
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      await repo.insertEvent(q, {
        orderId: order.id,
        type: 'stock_short',
        actor: 'system',
        message: `${lineName({ productName: win.productName, variant: win.variant })} was not in stock when it was won (${err.message}); check your stock before shipping`,
        data: { productId: win.productId },
        createdAt: win.now,
      });
    }
  }

  async function recordWin(q: Queryable, win: Win, after: AfterCommit): Promise<{ orderId: string }> {
    const soldIn = await repo.orderOfStreamProduct(q, win.streamProductId);
    if (soldIn) return { orderId: soldIn };
    const { order, created } = await openOrderOf(q, win);
    const subtotalKobo = order.subtotalKobo + win.amountKobo;
    const totalKobo = subtotalKobo + order.deliveryFeeKobo;
    await repo.updateOrder(q, order.id, { subtotalKobo, totalKobo, updatedAt: win.now });
    const updated: OrderRow = { ...order, subtotalKobo, totalKobo };
    await repo.insertLine(q, {
      orderId: order.id,
      productId: win.productId,
      productName: win.productName,
      productImage: win.productImage,
      variant: win.variant,
      unitPriceKobo: win.amountKobo,
      quantity: 1,
      streamProductId: win.streamProductId,
    });
    const item = lineName({ productName: win.productName, variant: win.variant });
    await repo.insertEvent(q, {
      orderId: order.id,
      type: created ? 'created' : 'item_added',
      actor: 'system',
      message: created
        ? `Won at auction: ${item} for ${nairaText(win.amountKobo)}`
        : `Also won at auction: ${item} for ${nairaText(win.amountKobo)}`,
      data: { streamProductId: win.streamProductId },
      createdAt: win.now,
    });
    await takeStock(q, updated, win, after);
    const buyerName = (await repo.buyerContact(q, win.buyerId))?.name ?? 'A buyer';
    const notice = created
      ? auctionWonNotice(buyerName, item, win.amountKobo)
      : itemAddedNotice(updated, buyerName, item, win.amountKobo);
    const staged = await deps.notifications.createInTransaction(q, win.sellerId, {
      ...notice,
      data: { orderId: order.id, ...(win.productId ? { productId: win.productId } : {}) },
    });
    after.push(staged.push);
    if (created) await scheduleWindow(q, updated, win.now);
    return { orderId: order.id };
  }

  const recordAuctionWin: RecordAuctionWin = async (q, win) => {
    const after: AfterCommit = [];
    const answer = await recordWin(q, win, after);
    runAfterCommit(q, after);
    return answer;
  };

  /**
   * Offers the items of a cancelled, unpaid auction order to their runner-up bidders at their last
   * bids: each becomes a win of that bidder (joining their open order of the show, or a new one
   * with its own payment window), and they are e-mailed. Both timelines say so. Once per order.
   */
  async function secondChance(
    q: Queryable,
    order: OrderRow,
    after: AfterCommit,
  ): Promise<{ offered: number; orderIds: string[] }> {
    if (
      order.source !== 'auction' ||
      order.fulfilmentStatus !== 'cancelled' ||
      order.paymentStatus !== 'awaiting_payment'
    ) {
      throw new ConflictError('Only a cancelled, unpaid auction order can be offered to another bidder');
    }
    if (await repo.hasEvent(q, order.id, 'second_chance_offered')) {
      throw new ConflictError('This order was already offered to the runner-up');
    }
    if (!order.streamId)
      throw new ConflictError('There is no other bidder: the show of this order was deleted');
    const now = deps.clock.now();
    const offers: Array<{ buyerId: string; amountKobo: number; orderId: string; item: string }> = [];
    for (const line of await repo.lines(q, order.id)) {
      if (!line.streamProductId) continue;
      const runnerUp = await repo.runnerUp(q, line.streamProductId, order.buyerId);
      if (!runnerUp) continue;
      await repo.releaseStreamProduct(q, line.id);
      const { orderId } = await recordWin(
        q,
        {
          sellerId: order.sellerId,
          buyerId: runnerUp.buyerId,
          streamId: order.streamId,
          streamProductId: line.streamProductId,
          productId: line.productId,
          productName: line.productName,
          productImage: line.productImage,
          variant: line.variant,
          amountKobo: runnerUp.amountKobo,
          now,
        },
        after,
      );
      offers.push({ ...runnerUp, orderId, item: lineName(line) });
    }
    if (offers.length === 0) {
      throw new ConflictError('Nobody else bid on these items, so there is no runner-up to offer them to');
    }
    const storeName = await repo.storeName(q, order.sellerId);
    for (const orderId of new Set(offers.map((o) => o.orderId))) {
      const mine = offers.filter((o) => o.orderId === orderId);
      const first = mine[0];
      if (!first) continue;
      const amountKobo = mine.reduce((sum, o) => sum + o.amountKobo, 0);
      const buyer = await repo.buyerContact(q, first.buyerId);
      const items = mine.map((o) => o.item);
      await repo.insertEvent(q, {
        orderId,
        type: 'second_chance',
        actor: 'seller',
        message: `Second-chance offer of ${items.join(', ')} at the buyer's last bid (${nairaText(amountKobo)}), from an unpaid order`,
        data: { fromOrderId: order.id },
        createdAt: now,
      });
      await repo.insertEvent(q, {
        orderId: order.id,
        type: 'second_chance_offered',
        actor: 'seller',
        message: `Offered ${items.join(', ')} to ${buyer?.name ?? 'the runner-up'} at ${nairaText(amountKobo)}`,
        data: { toOrderId: orderId, buyerId: first.buyerId },
        createdAt: now,
      });
      if (buyer) {
        await deps.sendMail(
          q,
          secondChanceMail(buyer, items, amountKobo, storeName, checkoutLink(deps.publicUrl, orderId)),
        );
      }
    }
    return { offered: offers.length, orderIds: [...new Set(offers.map((o) => o.orderId))] };
  }

  return { recordAuctionWin, secondChance };
}
export type AuctionOrders = ReturnType<typeof auctionOrders>;
