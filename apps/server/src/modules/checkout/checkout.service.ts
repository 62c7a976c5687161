// size: buy-now and pay-order share one transaction's rules (stock locks, coupon, delivery fee, payment window), kept together so they cannot drift apart
import { randomInt } from 'node:crypto';
import {
  BUY_NOW_PAYMENT_WINDOW_MINUTES,
  type BuyNowBody,
  type CheckoutDelivery,
  type CheckoutResponse,
  discountedTotalsKobo,
  formatOrderNumber,
  type PayOrderBody,
  variantLabel,
} from '@kasuwa/contracts';
import type { DeliveryAddressRecord, OrderRow } from '@/db/schema/index.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, ConflictError, NotFoundError } from '@/lib/errors.ts';
import { nairaText } from '@/lib/naira.ts';
import { uniqueViolation } from '@/lib/pg-errors.ts';
import type { Queryable } from '@/lib/queryable.ts';
import { buyerOrderViews } from '@/modules/checkout/buyer-order-view.ts';
import type { CheckoutRepository } from '@/modules/checkout/checkout.repository.ts';
import {
  type DeliverySettingsRecord,
  isCombinationOf,
  nigerianStateName,
  pickupAddressOf,
} from '@/modules/checkout/delivery-rules.ts';
import { type CheckoutSeller, effectiveSettings } from '@/modules/checkout/delivery-settings.service.ts';
import type { SendOrderConfirmation } from '@/modules/checkout/order-confirmation.ts';
import type { AppliedCoupon, CouponsPort } from '@/modules/coupons/coupons.service.ts';
import type { NotificationsService } from '@/modules/notifications/notifications.service.ts';
import type { ApplyOrderEvent, PaymentsPort, StockPort } from '@/modules/orders/order-ports.ts';

export const PAYMENT_WINDOW_TASK = 'order.payment-window';
export const paymentWindowJobKey = (orderId: string) => `order:${orderId}:payment-window`;

export type CheckoutBuyer = { id: string; name: string; email: string };

export type CheckoutServiceDeps = {
  repo: CheckoutRepository;
  clock: Clock;
  notifications: Pick<NotificationsService, 'createInTransaction'>;
  /** Products: takes the units out of stock in the order's transaction. */
  stock: StockPort;
  /** Payments: starts an online payment in the order's transaction. */
  payments: Pick<PaymentsPort, 'start'>;
  jobs: Pick<JobQueue, 'add'>;
  /** Orders: the machine, for an auction win whose buyer chooses pay on delivery. */
  applyOrderEvent: ApplyOrderEvent;
  /** Coupons: decides a code under the coupon's row lock and redeems it with the order (issue 16). */
  coupons?: CouponsPort;
  sendOrderConfirmation: SendOrderConfirmation;
  /** Where the web app is reached: the provider sends the buyer back to `/my-orders/<id>`. */
  publicUrl: string;
  log: { error: (details: object, message: string) => void };
};

/** What a checkout decided about delivery, ready to be written on the order. */
type ChosenDelivery = {
  deliveryMethod: 'seller' | 'pickup';
  deliveryFeeKobo: number;
  deliveryAddress: DeliveryAddressRecord | null;
  buyerState: string | null;
  buyerPhone: string;
  pickupContact: { fullName: string; phoneNumber: string } | null;
};

/** Checks the buyer's delivery choice against what the seller offers, and prices it. */
function chooseDelivery(
  seller: CheckoutSeller,
  settings: DeliverySettingsRecord,
  delivery: CheckoutDelivery,
): ChosenDelivery {
  if (delivery.method === 'pickup') {
    if (!settings.pickupEnabled || !pickupAddressOf(seller)) {
      throw new BadRequestError(`${seller.storeName} does not offer store pickup`);
    }
    return {
      deliveryMethod: 'pickup',
      deliveryFeeKobo: 0,
      deliveryAddress: null,
      buyerState: null,
      buyerPhone: delivery.contact.phoneNumber,
      pickupContact: delivery.contact,
    };
  }
  if (!settings.shippingEnabled) {
    throw new BadRequestError(`${seller.storeName} does not ship orders; choose store pickup`);
  }
  const { address } = delivery;
  const state = nigerianStateName(address.state);
  if (!state) throw new BadRequestError(`${address.state} is not a Nigerian state`);
  const fee = settings.fees.find((f) => f.state === state);
  if (!fee) throw new BadRequestError(`${seller.storeName} does not deliver to ${state}`);
  const record: DeliveryAddressRecord = {
    fullName: address.fullName,
    phoneNumber: address.phoneNumber,
    state,
    city: address.city,
    addressLine1: address.addressLine1,
    ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
    ...(address.landmark ? { landmark: address.landmark } : {}),
  };
  return {
    deliveryMethod: 'seller',
    deliveryFeeKobo: fee.feeKobo,
    deliveryAddress: record,
    buyerState: state,
    buyerPhone: address.phoneNumber,
    pickupContact: null,
  };
}

function checkPayOnDelivery(seller: CheckoutSeller, settings: DeliverySettingsRecord, totalKobo: number) {
  if (!settings.payOnDeliveryEnabled) {
    throw new BadRequestError(`${seller.storeName} does not accept pay on delivery`);
  }
  if (totalKobo > settings.payOnDeliveryCapKobo) {
    throw new BadRequestError(
      `Pay on delivery is only for orders up to ${nairaText(settings.payOnDeliveryCapKobo)}; pay online instead`,
    );
  }
}

const pickupCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

const deliveryWords = (d: ChosenDelivery) =>
  d.deliveryMethod === 'pickup' ? 'store pickup' : `delivery to ${d.buyerState}`;

/**
 * The buyer's side of an order: Buy now (a new order with its stock taken) and the checkout of an
 * auction win (delivery and payment for an order that exists). Each runs in one transaction with
 * its stock, timeline event, notification and payment-window job; a Buy now's online payment is
 * started just after that commit (see paymentOf), an auction win's inside it (it locks no stock).
 * Mail and socket pushes go after the commit.
 */
export function checkoutService(deps: CheckoutServiceDeps) {
  const { repo, clock, notifications, stock, payments, jobs } = deps;

  async function answer(orderId: string, payment: CheckoutResponse['payment']): Promise<CheckoutResponse> {
    const row = await repo.order(repo.db, orderId);
    if (!row) throw new NotFoundError('Order');
    const [order] = await buyerOrderViews(repo, repo.db, [row]);
    if (!order) throw new NotFoundError('Order');
    return { order, payment };
  }

  /**
   * The payment of a Buy now, started after the order committed: the provider's call then holds
   * no stock lock, so buyers of one product are not queued behind it. An online order still
   * awaiting payment without a pending attempt (the provider failed, or this is a retry) gets one.
   */
  async function paymentOf(orderId: string, buyer: CheckoutBuyer): Promise<CheckoutResponse['payment']> {
    const pending = await repo.pendingPayment(repo.db, orderId);
    if (pending?.authorizationUrl) {
      return { reference: pending.reference, authorizationUrl: pending.authorizationUrl };
    }
    return repo.transaction(async (tx) => {
      const order = await repo.lockBuyerOrder(tx, orderId, buyer.id);
      const payable =
        order?.paymentMethod === 'online' &&
        order.paymentStatus === 'awaiting_payment' &&
        order.fulfilmentStatus !== 'cancelled';
      if (!payable) return null;
      // Two retries at once: the second waited on the row lock and finds the first's attempt.
      const started = await repo.pendingPayment(tx, orderId);
      if (started?.authorizationUrl) {
        return { reference: started.reference, authorizationUrl: started.authorizationUrl };
      }
      return startPayment(tx, order, buyer);
    });
  }

  async function startPayment(tx: Queryable, order: OrderRow, buyer: CheckoutBuyer) {
    return payments.start(tx, {
      orderId: order.id,
      amountKobo: order.totalKobo,
      email: buyer.email,
      callbackUrl: `${deps.publicUrl}/my-orders/${order.id}`,
    });
  }

  /** Mail is sent after the commit; a mailer that fails must not undo an order the buyer placed. */
  async function confirm(orderId: string) {
    try {
      await deps.sendOrderConfirmation(orderId);
    } catch (err) {
      deps.log.error({ err, orderId }, 'order confirmation mail failed');
    }
  }

  async function sellerFor(tx: Queryable, sellerId: string) {
    const seller = await repo.seller(tx, sellerId);
    if (!seller || seller.isBlocked || seller.isDisabled) return null;
    return seller;
  }

  return {
    /** POST /api/checkout/orders. `created` is false when the key already made an order (a retry). */
    async buyNow(
      buyer: CheckoutBuyer,
      body: BuyNowBody,
    ): Promise<{ created: boolean; answer: CheckoutResponse }> {
      const existing = await repo.orderIdByIdempotencyKey(repo.db, buyer.id, body.idempotencyKey);
      if (existing)
        return { created: false, answer: await answer(existing, await paymentOf(existing, buyer)) };

      let placed: { orderId: string; online: boolean; push: () => void };
      try {
        placed = await repo.transaction(async (tx) => {
          const product = await repo.product(tx, body.productId);
          if (!product || product.status === 'draft' || product.status === 'archived') {
            throw new NotFoundError('Product');
          }
          const seller = await sellerFor(tx, product.sellerId);
          if (!seller) throw new NotFoundError('Product');
          if (seller.vacationMode) {
            throw new ConflictError(`${seller.storeName} is on vacation and not taking orders`);
          }
          if (!product.saleType.buyNow) throw new BadRequestError('This product is not sold by Buy now');
          if (body.streamId && !(await repo.streamOffers(tx, body.streamId, seller.id, product.id))) {
            throw new NotFoundError('Live show');
          }
          if (body.blipId && !(await repo.blipShows(tx, body.blipId, seller.id, product.id))) {
            throw new NotFoundError('Blip');
          }
          if (!isCombinationOf(product.variants, body.variant)) {
            throw new BadRequestError('Choose one of the options this product is sold in');
          }
          if (product.status === 'out_of_stock') throw new ConflictError('Sold out');

          const settings = await effectiveSettings(repo, tx, seller);
          const delivery = chooseDelivery(seller, settings, body.delivery);
          const item = await stock.reserve(tx, {
            sellerId: seller.id,
            productId: product.id,
            variant: body.variant,
            quantity: body.quantity,
          });
          const cart = [
            { productId: product.id, unitPriceKobo: item.unitPriceKobo, quantity: body.quantity },
          ];
          let coupon: AppliedCoupon | null = null;
          if (body.couponCode) {
            if (!deps.coupons) throw new BadRequestError('Coupons are not accepted here');
            coupon = await deps.coupons.apply(tx, {
              sellerId: seller.id,
              buyerId: buyer.id,
              code: body.couponCode,
              cart,
            });
          }
          const totals = discountedTotalsKobo(cart, delivery.deliveryFeeKobo, coupon?.discountKobo ?? 0);
          const online = body.paymentMethod === 'online';
          if (!online) checkPayOnDelivery(seller, settings, totals.totalKobo);

          const now = clock.now();
          const order = await repo.insertOrder(tx, {
            sellerId: seller.id,
            buyerId: buyer.id,
            streamId: body.streamId ?? null,
            source: 'buy_now',
            // Creation is not a transition: a pay-on-delivery Buy now starts in its pending state.
            paymentStatus: online ? 'awaiting_payment' : 'pay_on_delivery_pending',
            paymentMethod: body.paymentMethod,
            deliveryMethod: delivery.deliveryMethod,
            deliveryAddress: delivery.deliveryAddress,
            buyerState: delivery.buyerState,
            buyerPhone: delivery.buyerPhone,
            ...totals,
            couponCode: coupon?.code ?? null,
            paymentDueAt: online ? new Date(now.getTime() + BUY_NOW_PAYMENT_WINDOW_MINUTES * 60_000) : null,
            pickupCode: delivery.deliveryMethod === 'pickup' ? pickupCode() : null,
            idempotencyKey: body.idempotencyKey,
            createdAt: now,
            updatedAt: now,
          });
          await repo.insertLines(tx, [
            {
              orderId: order.id,
              productId: product.id,
              productName: item.productName,
              productImage: item.productImage,
              variant: body.variant,
              unitPriceKobo: item.unitPriceKobo,
              quantity: body.quantity,
            },
          ]);
          if (coupon && deps.coupons) {
            await deps.coupons.redeem(tx, {
              ...coupon,
              orderId: order.id,
              sellerId: seller.id,
              buyerId: buyer.id,
            });
          }
          const number = formatOrderNumber(order.number);
          const what = `${body.quantity} × ${item.productName}${
            body.variant.length > 0 ? ` (${variantLabel(body.variant)})` : ''
          }`;
          await repo.insertEvent(tx, {
            orderId: order.id,
            type: 'created',
            actor: 'buyer',
            message: `Ordered by Buy now: ${what}, ${deliveryWords(delivery)}, ${
              online ? 'paying online' : totals.totalKobo === 0 ? 'nothing to pay' : 'pay on delivery'
            }${coupon ? `, coupon ${coupon.code} (−${nairaText(totals.discountKobo)})` : ''}`,
            data: {
              source: 'buy_now',
              ...(coupon ? { couponCode: coupon.code, discountKobo: totals.discountKobo } : {}),
              ...(delivery.pickupContact ? { pickupContact: delivery.pickupContact } : {}),
            },
            createdAt: now,
          });
          const staged = await notifications.createInTransaction(tx, seller.id, {
            type: 'new_order',
            message: `${buyer.name} ordered ${what} — ${number}, ${nairaText(totals.totalKobo)}`,
            data: { orderId: order.id },
          });
          if (online) {
            await jobs.add(
              tx,
              PAYMENT_WINDOW_TASK,
              { orderId: order.id },
              { runAt: order.paymentDueAt ?? now, jobKey: paymentWindowJobKey(order.id) },
            );
          }
          // The new order's notice and the products module's low_stock (if this sale made it) go
          // out once the order has committed.
          const push = () => {
            staged.push();
            item.afterCommit?.();
          };
          return { orderId: order.id, online, push };
        });
      } catch (err) {
        // Two requests with one key at once: the second waits on the first's row, then answers it.
        if (uniqueViolation(err) !== 'orders_buyer_idempotency_key') throw err;
        const id = await repo.orderIdByIdempotencyKey(repo.db, buyer.id, body.idempotencyKey);
        if (!id) throw err;
        return { created: false, answer: await answer(id, await paymentOf(id, buyer)) };
      }
      placed.push();
      if (!placed.online) await confirm(placed.orderId);
      const payment = placed.online ? await paymentOf(placed.orderId, buyer) : null;
      return { created: true, answer: await answer(placed.orderId, payment) };
    },

    /**
     * POST /api/checkout/orders/{id}: delivery and payment of an order that exists (an auction win, or
     * a retry after an abandoned online payment). Its payment window
     * keeps running from the win; totals are recomputed from its lines and the delivery fee.
     */
    async payOrder(buyer: CheckoutBuyer, orderId: string, body: PayOrderBody): Promise<CheckoutResponse> {
      const result = await repo.transaction(async (tx) => {
        const order = await repo.lockBuyerOrder(tx, orderId, buyer.id);
        if (!order) throw new NotFoundError('Order');
        if (order.fulfilmentStatus === 'cancelled') throw new ConflictError('This order was cancelled');
        // An online checkout whose payment was abandoned or declined may be done again (a new
        // attempt); once paid or on pay on delivery, it is done.
        if (order.paymentStatus !== 'awaiting_payment') {
          throw new ConflictError('This order is already checked out');
        }
        const seller = await repo.seller(tx, order.sellerId);
        if (!seller) throw new NotFoundError('Order');
        const settings = await effectiveSettings(repo, tx, seller);
        const delivery = chooseDelivery(seller, settings, body.delivery);
        const lines = await repo.lines(tx, [order.id]);
        // A Buy now paid again keeps the coupon's discount it was placed with.
        // issue 21: a giveaway win whose seller pays the delivery is charged no delivery fee.
        if (order.deliveryFree) delivery.deliveryFeeKobo = 0;
        const totals = discountedTotalsKobo(lines, delivery.deliveryFeeKobo, order.discountKobo);
        // Nothing to pay (a giveaway with free delivery): no payment is started, whatever was chosen.
        const online = body.paymentMethod === 'online' && totals.totalKobo > 0;
        if (!online && totals.totalKobo > 0) checkPayOnDelivery(seller, settings, totals.totalKobo);

        const now = clock.now();
        const changes = {
          paymentMethod: online ? ('online' as const) : ('pay_on_delivery' as const),
          deliveryMethod: delivery.deliveryMethod,
          deliveryAddress: delivery.deliveryAddress,
          buyerState: delivery.buyerState,
          buyerPhone: delivery.buyerPhone,
          ...totals,
          pickupCode: delivery.deliveryMethod === 'pickup' ? (order.pickupCode ?? pickupCode()) : null,
          updatedAt: now,
        };
        const updated: OrderRow = { ...order, ...changes };
        await repo.updateOrder(tx, order.id, changes);
        await repo.insertEvent(tx, {
          orderId: order.id,
          type: 'checkout',
          actor: 'buyer',
          message: `Buyer chose ${deliveryWords(delivery)} (${nairaText(delivery.deliveryFeeKobo)}), ${
            online ? 'paying online' : totals.totalKobo === 0 ? 'nothing to pay' : 'pay on delivery'
          }`,
          data: delivery.pickupContact ? { pickupContact: delivery.pickupContact } : {},
          createdAt: now,
        });
        if (!online) {
          await deps.applyOrderEvent(tx, order.id, { type: 'pay_on_delivery_chosen' }, 'buyer');
          return { payment: null };
        }
        return { payment: await startPayment(tx, updated, buyer) };
      });
      if (!result.payment) await confirm(orderId);
      return answer(orderId, result.payment);
    },
  };
}
export type CheckoutService = ReturnType<typeof checkoutService>;
