import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import type { Mailer } from '@/mail/mailer.ts';
import { buyerOrdersService } from '@/modules/checkout/buyer-orders.service.ts';
import { checkoutRepository } from '@/modules/checkout/checkout.repository.ts';
import { checkoutRoutes } from '@/modules/checkout/checkout.routes.ts';
import { checkoutService } from '@/modules/checkout/checkout.service.ts';
import { deliverySettingsService } from '@/modules/checkout/delivery-settings.service.ts';
import { orderConfirmation, type SendOrderConfirmation } from '@/modules/checkout/order-confirmation.ts';
import type { CouponsPort } from '@/modules/coupons/coupons.service.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { ApplyOrderEvent, PaymentsPort, StockPort } from '@/modules/orders/order-ports.ts';
import type { RequireBuyer, RequireSeller } from '@/plugins/auth.ts';

/** What checkout needs from the modules around it (products, payments, the job queue, orders). */
export type CheckoutPorts = {
  stock: StockPort;
  payments: PaymentsPort;
  jobs: JobQueue;
  applyOrderEvent: ApplyOrderEvent;
  /** Coupons: a Buy now's code, decided and redeemed in the order's transaction (issue 16). */
  coupons?: CouponsPort;
};

/**
 * Checkout: the seller's delivery settings, a seller's public delivery options, Buy now, the
 * checkout of an auction win and the buyer's orders. Answers the confirmation mail sender, which
 * the payments side calls once an order is paid.
 */
export async function registerCheckoutModule(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    mailer: Mailer;
    notifications: Pick<NotificationsService, 'createInTransaction'>;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
    publicUrl: string;
    ports: CheckoutPorts;
    log: FastifyBaseLogger;
  },
): Promise<{ sendOrderConfirmation: SendOrderConfirmation }> {
  const repo = checkoutRepository(deps.db);
  const sendOrderConfirmation = orderConfirmation({ repo, mailer: deps.mailer, publicUrl: deps.publicUrl });
  const checkout = checkoutService({
    repo,
    clock: deps.clock,
    notifications: deps.notifications,
    stock: deps.ports.stock,
    payments: deps.ports.payments,
    jobs: deps.ports.jobs,
    applyOrderEvent: deps.ports.applyOrderEvent,
    ...(deps.ports.coupons ? { coupons: deps.ports.coupons } : {}),
    sendOrderConfirmation,
    publicUrl: deps.publicUrl,
    log: deps.log,
  });
  await app.register(
    checkoutRoutes({
      settings: deliverySettingsService({ repo, clock: deps.clock }),
      checkout,
      reads: buyerOrdersService({ repo, payments: deps.ports.payments }),
      requireSeller: deps.requireSeller,
      requireBuyer: deps.requireBuyer,
    }),
  );
  return { sendOrderConfirmation };
}
