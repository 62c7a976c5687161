// zod-free, like socket-options.ts: the web's live notifications listen with these from the socket's
// first moment, and load zod only when a notification arrives (docs/performance.md, issue 20).
import type { NotificationType } from './notifications.ts';

/** SPEC section 6: buyer messages belong to the messages screen and are never listed as notifications. */
export const HIDDEN_NOTIFICATION_TYPES: readonly NotificationType[] = ['buyer_message'];

/**
 * Socket.io events the server pushes to the room `seller:<id>` of the seller they concern.
 * The client authenticates with `auth: { token }` in the handshake.
 */
export const socketEvents = {
  /** A notification was just created; payload `{ notification }`. */
  notificationCreated: 'notification:new',
} as const;
