import type { FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { JobQueue, TaskList } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Queryable } from '@/lib/queryable.ts';
import type { Mail } from '@/mail/mailer.ts';
import type { LedgerPort } from '@/modules/ledger/ledger-ports.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import { auctionOrders } from '@/modules/orders/auction-orders.ts';
import { giveawayOrders } from '@/modules/orders/giveaway-orders.ts';
import type {
  ApplyOrderEvent,
  PaymentSucceeded,
  RecordAuctionWin,
  RecordGiveawayWin,
  StockPort,
  TrackingUpdate,
} from '@/modules/orders/order-ports.ts';
import { orderTasks, type PaymentReminderInbox } from '@/modules/orders/order-tasks.ts';
import { ordersRepository } from '@/modules/orders/orders.repository.ts';
import { ordersRoutes } from '@/modules/orders/orders.routes.ts';
import { ordersCore } from '@/modules/orders/orders.service.ts';
import { sellerOrdersService } from '@/modules/orders/seller-orders.service.ts';
import type { RequireSeller } from '@/plugins/auth.ts';

/** What the orders module offers the others (order-ports.ts) and the job worker. */
export type OrdersModule = {
  applyOrderEvent: ApplyOrderEvent;
  paymentSucceeded: PaymentSucceeded;
  trackingUpdate: TrackingUpdate;
  recordAuctionWin: RecordAuctionWin;
  /** issue 21: a giveaway's winner gets a ₦0 order. */
  recordGiveawayWin: RecordGiveawayWin;
  /** `order.payment-window`, `order.ship-reminder`, `order.payment-reminder`. */
  tasks: TaskList;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders module's ports and task handlers; tests call the handlers with a fake clock. */
    orders: OrdersModule;
  }
}

/** The order lifecycle: the Order screen's routes, the ports other modules record through, the tasks. */
export async function registerOrdersModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    jobs: JobQueue;
    stock: StockPort;
    notifications: Pick<NotificationsService, 'createInTransaction'>;
    sendMail: (q: Queryable, mail: Mail) => Promise<void>;
    publicUrl: string;
    requireSeller: RequireSeller;
    /** The ledger the order's money is posted to (issue 15). */
    ledger: LedgerPort;
    /** issue 16: payment reminders also go to the buyer's Updates inbox. */
    paymentReminderInbox?: PaymentReminderInbox;
  },
): Promise<OrdersModule> {
  const orderDeps = {
    repo: ordersRepository(deps.db),
    clock: deps.clock,
    jobs: deps.jobs,
    stock: deps.stock,
    notifications: deps.notifications,
    sendMail: deps.sendMail,
    publicUrl: deps.publicUrl,
    ledger: deps.ledger,
  };
  const core = ordersCore(orderDeps);
  const auctions = auctionOrders(orderDeps);
  await app.register(
    ordersRoutes({
      orders: sellerOrdersService(orderDeps, core, auctions),
      requireSeller: deps.requireSeller,
    }),
  );
  const module: OrdersModule = {
    applyOrderEvent: core.applyOrderEvent,
    paymentSucceeded: core.paymentSucceeded,
    trackingUpdate: core.trackingUpdate,
    recordAuctionWin: auctions.recordAuctionWin,
    recordGiveawayWin: giveawayOrders(orderDeps).recordGiveawayWin,
    tasks: orderTasks({
      ...orderDeps,
      core,
      ...(deps.paymentReminderInbox ? { paymentReminderInbox: deps.paymentReminderInbox } : {}),
    }),
  };
  app.decorate('orders', module);
  return module;
}
