import { z } from 'zod';
import { pageInfo } from './notifications.ts';

/* Buyers' conversations with the seller (SPEC sections 3 "Conversation" and 7 "Notifications and messages"). */

/** A buyer's conversation with the seller (SPEC section 3 "Conversation"). */
export const conversationSchema = z.object({
  _id: z.string(),
  buyerName: z.string(),
  lastMessage: z
    .object({ body: z.string(), sender: z.enum(['buyer', 'seller']), createdAt: z.string() })
    .nullable(),
  updatedAt: z.string(),
  /** Buyer messages the seller has not read in this conversation. */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const CONVERSATIONS_PAGE_LIMIT = 20;

/** GET /conversations: a page of the seller's conversations, newest first. */
export const conversationsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATIONS_PAGE_LIMIT),
});
export type ConversationsQuery = z.input<typeof conversationsQuery>;

export const conversationsResponse = z.object({
  conversations: z.array(conversationSchema),
  pagination: pageInfo,
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

/** GET /conversations/unread-count: the header's messages badge, one indexed count. */
export const conversationsUnreadCountResponse = z.object({
  /** Unread buyer messages over all of the seller's conversations. */
  unreadCount: z.number().int(),
});
export type ConversationsUnreadCountResponse = z.infer<typeof conversationsUnreadCountResponse>;
