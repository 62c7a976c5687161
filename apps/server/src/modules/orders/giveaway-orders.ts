import { ConflictError } from '@/lib/errors.ts';
import { lineName } from '@/modules/orders/order-detail.ts';
import type { RecordGiveawayWin } from '@/modules/orders/order-ports.ts';
import {
  type AfterCommit,
  type OrdersDeps,
  orderJobKeys,
  PAYMENT_WINDOW_TASK,
  runAfterCommit,
} from '@/modules/orders/orders.service.ts';

const HOUR_MS = 3_600_000;

/**
 * Orders made by giveaways (issue 21): the winner's own order, its items at ₦0, stock taken as for
 * any order (a shortfall is recorded on the timeline, as for an auction win), the seller notified.
 * The winner checks it out like an auction win (delivery, and the fee unless the seller pays it)
 * within the seller's payment window.
 */
export function giveawayOrders(deps: OrdersDeps) {
  const { repo, stock, jobs } = deps;

  const recordGiveawayWin: RecordGiveawayWin = async (q, win) => {
    const after: AfterCommit = [];
    const hours = await repo.paymentWindowHours(q, win.sellerId);
    const paymentDueAt = new Date(win.now.getTime() + hours * HOUR_MS);
    const order = await repo.insertOrder(q, {
      sellerId: win.sellerId,
      buyerId: win.buyerId,
      streamId: win.streamId,
      source: 'giveaway',
      subtotalKobo: 0,
      totalKobo: 0,
      deliveryFree: win.deliveryFree,
      paymentDueAt,
      createdAt: win.now,
      updatedAt: win.now,
    });
    await repo.insertLine(q, {
      orderId: order.id,
      productId: win.productId,
      productName: win.productName,
      productImage: win.productImage,
      variant: win.variant,
      unitPriceKobo: 0,
      quantity: win.quantity,
      streamProductId: null,
    });
    const item = lineName({ productName: win.productName, variant: win.variant });
    const items = win.quantity > 1 ? `${win.quantity} × ${item}` : item;
    await repo.insertEvent(q, {
      orderId: order.id,
      type: 'created',
      actor: 'system',
      message: `Won in a giveaway: ${items}${win.deliveryFree ? ', with free delivery' : ''}`,
      data: { giveawayId: win.giveawayId },
      createdAt: win.now,
    });
    if (win.productId) {
      try {
        const taken = await stock.reserve(q, {
          sellerId: win.sellerId,
          productId: win.productId,
          variant: win.variant,
          quantity: win.quantity,
        });
        if (taken.afterCommit) after.push(taken.afterCommit);
      } catch (err) {
        if (!(err instanceof ConflictError)) throw err;
        await repo.insertEvent(q, {
          orderId: order.id,
          type: 'stock_short',
          actor: 'system',
          message: `${item} was not in stock when it was given away (${err.message}); check your stock before shipping`,
          data: { productId: win.productId },
          createdAt: win.now,
        });
      }
    }
    const buyerName = (await repo.buyerContact(q, win.buyerId))?.name ?? 'A buyer';
    const staged = await deps.notifications.createInTransaction(q, win.sellerId, {
      type: 'new_order',
      title: 'Giveaway won',
      message: `${buyerName} won ${items} in your giveaway. ${
        win.deliveryFree ? 'You pay the delivery.' : 'They pay the delivery at checkout.'
      }`,
      data: { orderId: order.id, ...(win.productId ? { productId: win.productId } : {}) },
    });
    after.push(staged.push);
    await jobs.add(
      q,
      PAYMENT_WINDOW_TASK,
      { orderId: order.id },
      { runAt: paymentDueAt, jobKey: orderJobKeys(order.id, 'payment-window')[0] },
    );
    runAfterCommit(q, after);
    return { orderId: order.id };
  };

  return { recordGiveawayWin };
}
