import { type NotificationType, PRODUCT_NAME } from '@kasuwa/contracts';

/**
 * Default title and message per type, for notifications the platform makes itself (welcome,
 * approval) and for an operator's test notification (`npm run admin -- notify`). Events of later
 * issues (orders, returns, blips) will write their own specific wording through the same service.
 */
const WORDING: Record<NotificationType, { title: string; message: string }> = {
  welcome: {
    title: `Welcome to ${PRODUCT_NAME}`,
    message: 'Your seller account is ready. Finish your store set-up so we can review and approve it.',
  },
  account_approved: {
    title: 'Your account is approved',
    message: 'You can now list products and go live.',
  },
  kyc_status: {
    title: 'Identity verification updated',
    message: 'Open KYC Verification to see where your verification stands.',
  },
  new_order: { title: 'New order', message: 'A buyer placed an order.' },
  new_follower: { title: 'New follower', message: 'A buyer started following your store.' },
  order_paid: { title: 'Order paid', message: 'A buyer paid for an order.' },
  order_delivered: { title: 'Order delivered', message: 'An order was delivered to the buyer.' },
  order_cancelled: { title: 'Order cancelled', message: 'An order was cancelled.' },
  order_status_update: { title: 'Order updated', message: 'An order’s status changed.' },
  order_shipped: { title: 'Order shipped', message: 'An order is on its way.' },
  order_reminder: { title: 'Order reminder', message: 'An order is waiting for you to act.' },
  order_picked_up: { title: 'Order picked up', message: 'An order was picked up.' },
  order_in_transit: { title: 'Order in transit', message: 'An order is in transit.' },
  low_stock: { title: 'Low stock', message: 'A product is running low.' },
  back_in_stock: { title: 'Back in stock', message: 'A product is back in stock.' },
  return_request: { title: 'Return requested', message: 'A buyer asked to return an item.' },
  return_created: { title: 'Return created', message: 'A return was opened.' },
  return_approved: { title: 'Return approved', message: 'A return was approved.' },
  return_rejected: { title: 'Return rejected', message: 'A return was rejected.' },
  return_info_needed: { title: 'Return needs information', message: 'A return needs more information.' },
  return_partial_refund: { title: 'Partial refund', message: 'A return was partly refunded.' },
  return_label_created: { title: 'Return label created', message: 'A return shipping label is ready.' },
  return_pickup_arranged: { title: 'Return pickup arranged', message: 'A pickup was arranged for a return.' },
  new_campaign: { title: 'New campaign', message: 'A marketing campaign was created.' },
  campaign_scheduled: { title: 'Campaign scheduled', message: 'A marketing campaign is scheduled.' },
  blip_like: { title: 'New like', message: 'A buyer liked one of your blips.' },
  blip_comment: { title: 'New comment', message: 'A buyer commented on one of your blips.' },
  buyer_message: { title: 'New message', message: 'A buyer sent you a message.' },
};

export function defaultWording(type: NotificationType): { title: string; message: string } {
  return WORDING[type];
}
