import { z } from 'zod';
import { pageInfo } from './notifications.ts';
import { lineText, multilineText } from './text.ts';

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

/* ---- issue 16: the messages screen, the buyer's inbox and the live channel ---- */

export const MAX_MESSAGE_LENGTH = 2000;
export const MESSAGES_PAGE_LIMIT = 30;
export const MAX_QUICK_REPLIES = 50;

export const messageKind = z.enum(['text', 'photo', 'product', 'order']);
export type MessageKind = z.infer<typeof messageKind>;

/**
 * What the off-platform payment detector can find in a buyer's message (docs/messages.md):
 * a bank account number, a request to pay outside Kasuwa, or a phone number given for payment.
 */
export const paymentFlag = z.enum(['bank_account', 'off_platform_request', 'payment_phone']);
export type PaymentFlag = z.infer<typeof paymentFlag>;

export const productCardSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Naira, when the card was sent. */
  price: z.number(),
  image: z.string().nullable(),
  /** The store the product belongs to, for the buy link. */
  sellerId: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const orderCardSchema = z.object({
  orderId: z.string(),
  /** `KSW-100123`. */
  number: z.string(),
  /** The order's state when the card was sent, e.g. `paid`, `shipped`. */
  status: z.string(),
  /** Naira. */
  total: z.number(),
});
export type OrderCard = z.infer<typeof orderCardSchema>;

export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  sender: z.enum(['buyer', 'seller']),
  kind: messageKind,
  body: z.string(),
  photoUrl: z.string().nullable(),
  product: productCardSchema.nullable(),
  order: orderCardSchema.nullable(),
  /** The sender's own id for the message (optimistic sends match their answer by it). */
  clientId: z.string().nullable(),
  createdAt: z.string(),
  /** When the other side read it. */
  readAt: z.string().nullable(),
  /** Only in the seller's view: what the payment detector found in a buyer's message. */
  warnings: z.array(paymentFlag),
});
export type Message = z.infer<typeof messageSchema>;

/** One conversation, as the seller's list and the buyer's inbox show it. */
export const conversationDetailSchema = conversationSchema.extend({
  lastMessage: z
    .object({
      body: z.string(),
      sender: z.enum(['buyer', 'seller']),
      createdAt: z.string(),
      kind: messageKind,
    })
    .nullable(),
  buyerId: z.string().nullable(),
  sellerId: z.string(),
  storeName: z.string(),
  /** For the buyer's inbox: seller messages the buyer has not read. */
  buyerUnreadCount: z.number().int(),
  /** Whether a buyer message in it was flagged by the payment detector and is still unread. */
  flagged: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /conversations also takes `q`: the buyer's name or words of a message. */
export const conversationsSearchQuery = conversationsQuery.extend({
  q: z.string().trim().max(100).optional(),
});

export const conversationListResponse = z.object({
  conversations: z.array(conversationDetailSchema),
  pagination: pageInfo,
});
export type ConversationListResponse = z.infer<typeof conversationListResponse>;

export const conversationResponse = z.object({ conversation: conversationDetailSchema });
export type ConversationResponse = z.infer<typeof conversationResponse>;

/** POST /conversations (seller): about an order of theirs, or with a customer (a buyer who ordered). */
export const startConversationBody = z.union([
  z.strictObject({ orderId: z.uuid('Order not found') }),
  z.strictObject({ buyerId: z.uuid('Customer not found') }),
]);
export type StartConversationBody = z.infer<typeof startConversationBody>;

/** POST /buyer/conversations: from a show's, a blip's or an order's page; the seller is theirs. */
export const buyerStartConversationBody = z.union([
  z.strictObject({ streamId: z.uuid('Show not found') }),
  z.strictObject({ blipId: z.uuid('Blip not found') }),
  z.strictObject({ orderId: z.uuid('Order not found') }),
  z.strictObject({ sellerId: z.uuid('Store not found') }),
]);
export type BuyerStartConversationBody = z.infer<typeof buyerStartConversationBody>;

export const conversationIdParams = z.object({ id: z.uuid('Conversation not found') });

/** GET .../messages: newest first; `before` is the `nextBefore` of the previous page. */
export const messagesQuery = z.strictObject({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_LIMIT),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const messagesResponse = z.object({
  /** Newest first. */
  messages: z.array(messageSchema),
  /** Older messages remain: pass this as `before`. */
  nextBefore: z.string().nullable(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

const messageText = multilineText()
  .trim()
  .min(1, 'Write a message first')
  .max(MAX_MESSAGE_LENGTH, `At most ${MAX_MESSAGE_LENGTH} characters`);
const clientId = z.string().min(1).max(64).optional();

/** POST .../messages: text; the seller may also send a product or order card (with optional text). */
export const sendMessageBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), body: messageText, clientId }),
  z.strictObject({
    kind: z.literal('product'),
    productId: z.uuid('Product not found'),
    body: messageText.optional(),
    clientId,
  }),
  z.strictObject({
    kind: z.literal('order'),
    orderId: z.uuid('Order not found'),
    body: messageText.optional(),
    clientId,
  }),
]);
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export const sentMessageResponse = z.object({ message: messageSchema });
export type SentMessageResponse = z.infer<typeof sentMessageResponse>;

export const markConversationReadResponse = z.object({
  updated: z.number().int(),
  /** The seller's badge after this (the buyer's unread total on the buyer side). */
  unreadCount: z.number().int(),
});
export type MarkConversationReadResponse = z.infer<typeof markConversationReadResponse>;

export const quickReplySchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type QuickReply = z.infer<typeof quickReplySchema>;

export const quickReplyBody = z.strictObject({
  title: lineText().trim().min(1, 'Give it a short name').max(40, 'At most 40 characters'),
  body: multilineText()
    .trim()
    .min(1, 'Write the reply')
    .max(MAX_MESSAGE_LENGTH, `At most ${MAX_MESSAGE_LENGTH} characters`),
});
export type QuickReplyBody = z.infer<typeof quickReplyBody>;

export const quickReplyIdParams = z.object({ id: z.uuid('Quick reply not found') });
export const quickRepliesResponse = z.object({ quickReplies: z.array(quickReplySchema) });
export type QuickRepliesResponse = z.infer<typeof quickRepliesResponse>;
export const quickReplyResponse = z.object({ quickReply: quickReplySchema });

/** The live channel's conversation events (server → the seller's and that buyer's sockets only). */
export const conversationSocketEvents = {
  /** `{ conversation, message }`: a message was sent (also to the sender's other tabs). */
  message: 'conversation_message',
  /** `{ conversationId, reader, readAt }`: the other side read the conversation (the read ticks). */
  read: 'conversation_read',
  /** Both ways: `{ conversationId }` from a client; `{ conversationId, from }` to the other side. */
  typing: 'conversation_typing',
  /** `{ unreadCount }` to a seller: the messages badge's new number. */
  unread: 'conversation_unread',
} as const;

export const conversationMessageEvent = z.object({
  conversation: conversationDetailSchema,
  message: messageSchema,
});
export type ConversationMessageEvent = z.infer<typeof conversationMessageEvent>;
export const conversationReadEvent = z.object({
  conversationId: z.string(),
  reader: z.enum(['buyer', 'seller']),
  readAt: z.string(),
});
export type ConversationReadEvent = z.infer<typeof conversationReadEvent>;
export const typingPayload = z.object({ conversationId: z.uuid() });
export const typingEvent = z.object({ conversationId: z.string(), from: z.enum(['buyer', 'seller']) });
export type TypingEvent = z.infer<typeof typingEvent>;
export const unreadEvent = conversationsUnreadCountResponse;
