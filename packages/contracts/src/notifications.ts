import { z } from 'zod';

export { HIDDEN_NOTIFICATION_TYPES, socketEvents } from './notification-events.ts';

/**
 * Every notification type of SPEC section 3, plus the two the platform sends today for events that
 * already exist: `welcome` (sign-up) and `account_approved` (an operator approves the seller).
 */
export const notificationType = z.enum([
  'new_order',
  'new_follower',
  'order_paid',
  'order_delivered',
  'order_cancelled',
  'order_status_update',
  'order_shipped',
  'order_reminder',
  'order_picked_up',
  'order_in_transit',
  'low_stock',
  'back_in_stock',
  'return_request',
  'return_created',
  'return_approved',
  'return_rejected',
  'return_info_needed',
  'return_partial_refund',
  'return_label_created',
  'return_pickup_arranged',
  'new_campaign',
  'campaign_scheduled',
  'blip_like',
  'blip_comment',
  'buyer_message',
  'welcome',
  'account_approved',
  // issue 17: every change of the seller's identity verification (docs/spec-deviations.md).
  'kyc_status',
]);
export type NotificationType = z.infer<typeof notificationType>;

/** What a notification is about, e.g. `{ orderId }`, so a click can open it. */
export const notificationData = z.object({
  orderId: z.string().optional(),
  returnId: z.string().optional(),
  productId: z.string().optional(),
  blipId: z.string().optional(),
  campaignId: z.string().optional(),
  conversationId: z.string().optional(),
});
export type NotificationData = z.infer<typeof notificationData>;

export const notificationSchema = z.object({
  _id: z.string(),
  type: notificationType,
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** ISO-8601. */
  createdAt: z.string(),
  data: notificationData,
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_LIMIT = 20;

export const notificationsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_LIMIT),
  /**
   * The start of "today" on the seller's device (ISO-8601), for `unreadToday`: the header badge counts
   * unread notifications created today (SPEC section 9) and only the device knows its midnight.
   * Without it the server uses midnight in Lagos.
   */
  todayStart: z.iso.datetime({ offset: true }).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

export const pageInfo = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfo>;

/** GET /notifications: newest first, buyer messages left out. */
export const notificationsResponse = z.object({
  notifications: z.array(notificationSchema),
  /** Unread notifications created since `todayStart`: the header badge. */
  unreadToday: z.number().int(),
  pagination: pageInfo,
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** Any string: an id that is not one of the seller's notifications is a 404, malformed or not. */
export const notificationIdParams = z.strictObject({ id: z.string().max(100) });

export const markNotificationReadResponse = z.object({ notification: notificationSchema });
export type MarkNotificationReadResponse = z.infer<typeof markNotificationReadResponse>;

export const markAllReadResponse = z.object({
  message: z.string(),
  /** How many were unread and are now read. */
  updated: z.number().int(),
});
export type MarkAllReadResponse = z.infer<typeof markAllReadResponse>;

export const notificationCreatedEvent = z.object({ notification: notificationSchema });
export type NotificationCreatedEvent = z.infer<typeof notificationCreatedEvent>;
