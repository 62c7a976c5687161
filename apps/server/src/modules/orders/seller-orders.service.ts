import type {
  BulkShipBody,
  BulkShipResponse,
  OrderActionResponse,
  OrderDetail,
  SellerOrderAction,
  SellerOrderActionBody,
} from '@kasuwa/contracts';
import type { OrderRow } from '@/db/schema/orders.ts';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { AuctionOrders } from '@/modules/orders/auction-orders.ts';
import { toOrderDetail } from '@/modules/orders/order-detail.ts';
import { machineActions } from '@/modules/orders/order-machine.ts';
import type { OrderMachineEvent } from '@/modules/orders/order-ports.ts';
import {
  type AfterCommit,
  type OrdersCore,
  type OrdersDeps,
  runAll,
} from '@/modules/orders/orders.service.ts';

const ACTION_MESSAGES: Record<SellerOrderAction, string> = {
  ready_for_pickup: 'Order marked ready for pickup',
  ship: 'Order marked as shipped',
  in_transit: 'Order marked in transit',
  delivered: 'Order marked as delivered',
  picked_up: 'Order marked as picked up',
  collect_payment: 'Payment marked as collected',
  cancel: 'Order cancelled',
  second_chance: 'Offered to the runner-up',
};

function eventOf(body: SellerOrderActionBody): OrderMachineEvent {
  switch (body.action) {
    case 'ready_for_pickup':
    case 'in_transit':
    case 'delivered':
    case 'picked_up':
      return { type: body.action };
    case 'ship':
      return {
        type: 'ship',
        carrier: body.carrier,
        ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
      };
    case 'collect_payment':
      return { type: 'payment_collected' };
    case 'cancel':
      return { type: 'cancel', reason: body.reason };
    case 'second_chance':
      throw new Error('second_chance is not a machine event');
  }
}

/** What a seller does with one of their orders (GET /api/orders/:id, its actions, bulk shipping). */
export function sellerOrdersService(deps: OrdersDeps, core: OrdersCore, auctions: AuctionOrders) {
  const { repo } = deps;

  async function allowedActions(q: Queryable, order: OrderRow): Promise<SellerOrderAction[]> {
    const actions = machineActions(order);
    const offerable =
      order.source === 'auction' &&
      order.fulfilmentStatus === 'cancelled' &&
      order.paymentStatus === 'awaiting_payment' &&
      !(await repo.hasEvent(q, order.id, 'second_chance_offered'));
    return offerable ? [...actions, 'second_chance'] : actions;
  }

  async function detailOf(q: Queryable, order: OrderRow): Promise<OrderDetail> {
    // One after another: inside a transaction they share its one connection.
    const lines = await repo.lines(q, order.id);
    const events = await repo.events(q, order.id);
    const parts = await repo.detailParts(q, order);
    return toOrderDetail(order, lines, events, parts, await allowedActions(q, order));
  }

  async function lockOwn(q: Queryable, sellerId: string, orderId: string): Promise<OrderRow> {
    const order = await repo.lockSellerOrder(q, sellerId, orderId);
    if (!order) throw new NotFoundError('Order');
    return order;
  }

  return {
    async detail(sellerId: string, orderId: string): Promise<OrderDetail> {
      const order = await repo.sellerOrder(repo.db, sellerId, orderId);
      if (!order) throw new NotFoundError('Order');
      return detailOf(repo.db, order);
    },

    async act(sellerId: string, orderId: string, body: SellerOrderActionBody): Promise<OrderActionResponse> {
      const after: AfterCommit = [];
      const order = await repo.transaction(async (tx) => {
        const locked = await lockOwn(tx, sellerId, orderId);
        if (body.action === 'second_chance') {
          await auctions.secondChance(tx, locked, after);
          return detailOf(tx, locked);
        }
        // The code proves the person at the counter is the buyer; only asked once the order waits there.
        if (body.action === 'picked_up' && locked.fulfilmentStatus === 'ready_for_pickup') {
          if (body.pickupCode !== locked.pickupCode)
            throw new BadRequestError('The pickup code does not match');
        }
        const updated = await core.applyLocked(tx, locked, eventOf(body), 'seller', after);
        return detailOf(tx, updated);
      });
      runAll(after);
      return { message: ACTION_MESSAGES[body.action], order };
    },

    /** Each order in its own transaction: one that cannot ship does not hold back the others. */
    async bulkShip(sellerId: string, body: BulkShipBody): Promise<BulkShipResponse> {
      const shipped: string[] = [];
      const failed: BulkShipResponse['failed'] = [];
      for (const orderId of new Set(body.orderIds)) {
        const after: AfterCommit = [];
        try {
          await repo.transaction(async (tx) => {
            const order = await lockOwn(tx, sellerId, orderId);
            await core.applyLocked(tx, order, { type: 'ship', carrier: body.carrier }, 'seller', after);
          });
          runAll(after);
          shipped.push(orderId);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          failed.push({ orderId, message: err.message });
        }
      }
      const count = (n: number) => `${n} order${n === 1 ? '' : 's'}`;
      const message =
        failed.length === 0
          ? `${count(shipped.length)} marked as shipped`
          : `${count(shipped.length)} marked as shipped; ${count(failed.length)} could not be`;
      return { message, shipped, failed };
    },
  };
}
export type SellerOrdersService = ReturnType<typeof sellerOrdersService>;
