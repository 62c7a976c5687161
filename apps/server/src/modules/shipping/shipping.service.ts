import type {
  BookShipmentResponse,
  ShippingProviderResponse,
  ShippingQuotesResponse,
} from '@kasuwa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { type TaskList, taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { ConflictError, HttpError, NotFoundError } from '@/lib/errors.ts';
import { toNaira } from '@/lib/naira.ts';
import type { Queryable, RunInTransaction } from '@/lib/queryable.ts';
import type { ApplyOrderEvent, TrackingUpdate } from '@/modules/orders/order-ports.ts';
import { packingListPdf, packingSlipPdf } from '@/modules/shipping/packing-documents.ts';
import {
  pickupAddressOfSeller,
  type ShippableOrder,
  type ShippingRepository,
} from '@/modules/shipping/shipping.repository.ts';
import {
  type ShippingAddress,
  type ShippingProvider,
  ShippingProviderError,
} from '@/modules/shipping/shipping-provider.ts';

/** A parcel line with no weight on its product counts as this much (kg); carriers need one. */
export const DEFAULT_ITEM_WEIGHT_KG = 0.5;
/** How often a booked shipment is asked where it is, until it is delivered or cancelled. */
export const TRACKING_INTERVAL_MS = 2 * 60 * 60 * 1000;
export const SHIPMENT_TRACK_TASK = 'shipment.track';
const trackPayload = z.object({ orderId: z.uuid() });
export const trackingJobKey = (orderId: string) => `order:${orderId}:tracking`;

const carrierFailure = (err: unknown) =>
  err instanceof ShippingProviderError ? new HttpError(502, err.message) : err;

/**
 * Carrier bookings, tracking and the packing documents (issue 14). Booking calls the carrier first
 * and records the result after: a carrier call must not hold a database transaction open, and the
 * order is checked to be shippable just before (docs/shipping.md says what happens if the second
 * step fails).
 */
export function shippingService(deps: {
  repo: ShippingRepository;
  db: Queryable;
  transaction: RunInTransaction;
  provider: ShippingProvider;
  jobs: JobQueue;
  clock: Clock;
  applyOrderEvent: ApplyOrderEvent;
  trackingUpdate: TrackingUpdate;
  log: FastifyBaseLogger;
}) {
  const { repo, db, provider } = deps;

  async function ownOrder(sellerId: string, orderId: string): Promise<ShippableOrder> {
    const order = await repo.order(db, sellerId, orderId);
    if (!order) throw new NotFoundError('Order');
    return order;
  }

  /** Only a paid (or pay-on-delivery) order to the buyer's address, not yet sent, can be booked. */
  function assertBookable(order: ShippableOrder) {
    if (order.deliveryMethod !== 'seller' || !order.deliveryAddress) {
      throw new ConflictError('Only orders shipped to the buyer’s address can be booked with a carrier');
    }
    if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'pay_on_delivery_pending') {
      throw new ConflictError('This order is not paid yet');
    }
    if (order.fulfilmentStatus !== 'unfulfilled') throw new ConflictError('This order has already been sent');
  }

  async function route(sellerId: string, order: ShippableOrder) {
    const seller = await repo.seller(db, sellerId);
    const address = seller ? pickupAddressOfSeller(seller) : null;
    if (!seller || !address || !order.deliveryAddress) {
      throw new ConflictError('Add your pickup address in Settings before booking a carrier');
    }
    const from: ShippingAddress = {
      name: seller.warehouse?.name || seller.storeName,
      phone: seller.warehouse?.contactNumber || seller.phoneNumber,
      email: seller.email,
      line1: address.addressLine1,
      line2: address.addressLine2,
      city: address.city,
      state: address.state,
    };
    const a = order.deliveryAddress;
    const to: ShippingAddress = {
      name: a.fullName,
      phone: a.phoneNumber,
      email: order.buyerEmail,
      line1: a.addressLine1,
      line2: a.addressLine2,
      city: a.city,
      state: a.state,
    };
    const items = order.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      valueKobo: l.unitPriceKobo,
      weightKg: l.weightKg && l.weightKg > 0 ? l.weightKg : DEFAULT_ITEM_WEIGHT_KG,
    }));
    return { from, to, items };
  }

  return {
    providerInfo(): ShippingProviderResponse {
      return { provider: provider.name, label: provider.label, canBook: provider.canBook };
    },

    async quotes(sellerId: string, orderId: string): Promise<ShippingQuotesResponse> {
      const order = await ownOrder(sellerId, orderId);
      assertBookable(order);
      const rates = await provider.quote(await route(sellerId, order)).catch((err: unknown) => {
        throw carrierFailure(err);
      });
      return {
        rates: rates
          .map((r) => ({
            rateId: r.rateId,
            carrier: r.carrier,
            carrierLogo: r.carrierLogo,
            amount: toNaira(r.amountKobo),
            deliveryTime: r.deliveryTime,
            pickupTime: r.pickupTime,
          }))
          .sort((a, b) => a.amount - b.amount),
      };
    },

    async book(sellerId: string, orderId: string, rateId: string): Promise<BookShipmentResponse> {
      const order = await ownOrder(sellerId, orderId);
      assertBookable(order);
      const shipment = await provider.book({ rateId }).catch((err: unknown) => {
        throw carrierFailure(err);
      });
      try {
        await deps.transaction(async (tx) => {
          await deps.applyOrderEvent(
            tx,
            orderId,
            { type: 'ship', carrier: shipment.carrier, trackingNumber: shipment.trackingNumber ?? undefined },
            'seller',
          );
          await repo.recordShipment(tx, orderId, shipment);
          await deps.jobs.add(
            tx,
            SHIPMENT_TRACK_TASK,
            { orderId },
            {
              runAt: new Date(deps.clock.now().getTime() + TRACKING_INTERVAL_MS),
              jobKey: trackingJobKey(orderId),
            },
          );
        });
      } catch (err) {
        // Booked with the carrier but not recorded here: say which shipment, so it can be matched by hand.
        deps.log.error(
          { err, orderId, shipmentRef: shipment.shipmentRef },
          'a carrier booking was not recorded',
        );
        throw err;
      }
      return {
        message: `Booked with ${shipment.carrier}`,
        shipment: {
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          trackingUrl: shipment.trackingUrl,
          labelUrl: shipment.labelUrl,
        },
      };
    },

    async packingSlip(sellerId: string, orderId: string): Promise<{ filename: string; pdf: Buffer }> {
      const order = await ownOrder(sellerId, orderId);
      const seller = await repo.seller(db, sellerId);
      if (!seller) throw new NotFoundError('Seller');
      return { filename: `packing-slip-KSW-${order.number}.pdf`, pdf: await packingSlipPdf(seller, order) };
    },

    async packingList(sellerId: string, streamId: string): Promise<{ filename: string; pdf: Buffer }> {
      const show = await repo.show(db, sellerId, streamId);
      if (!show) throw new NotFoundError('Live show');
      const [seller, orders] = await Promise.all([
        repo.seller(db, sellerId),
        repo.packableOrdersOfShow(db, sellerId, streamId),
      ]);
      if (!seller) throw new NotFoundError('Seller');
      return {
        filename: `packing-list-${streamId.slice(0, 8)}.pdf`,
        pdf: await packingListPdf(seller, show, orders),
      };
    },

    /**
     * Asks the carrier where a booked shipment is and moves the order along; comes back later until
     * the parcel is delivered or cancelled. Idempotent: an update the order already has changes nothing.
     */
    async track(orderId: string): Promise<void> {
      const order = await repo.orderOfShipment(db, orderId);
      if (!order?.shipmentRef) return;
      if (['delivered', 'picked_up', 'cancelled'].includes(order.fulfilmentStatus)) return;
      const tracking = await provider.track(order.shipmentRef);
      await deps.transaction(async (tx) => {
        const at = tracking.at ?? deps.clock.now();
        const detail = tracking.detail ?? undefined;
        if (tracking.status === 'in_transit' && order.fulfilmentStatus === 'shipped') {
          await deps.trackingUpdate(tx, { orderId, status: 'in_transit', at, detail });
        }
        if (tracking.status === 'delivered') {
          await deps.trackingUpdate(tx, { orderId, status: 'delivered', at, detail });
          return;
        }
        if (tracking.status === 'cancelled') {
          deps.log.warn({ orderId, shipmentRef: order.shipmentRef }, 'the carrier cancelled a shipment');
          return;
        }
        await deps.jobs.add(
          tx,
          SHIPMENT_TRACK_TASK,
          { orderId },
          {
            runAt: new Date(deps.clock.now().getTime() + TRACKING_INTERVAL_MS),
            jobKey: trackingJobKey(orderId),
          },
        );
      });
    },
  };
}

export type ShippingService = ReturnType<typeof shippingService>;

/** The queue's tasks of this module. */
export function shippingTasks(service: ShippingService): TaskList {
  return {
    [SHIPMENT_TRACK_TASK]: taskOf(trackPayload, ({ orderId }) => service.track(orderId)),
  };
}
