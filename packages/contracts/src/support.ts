import { z } from 'zod';
import { lineText, multilineText } from './text.ts';

/** Help & Support (issue 17): what a seller's support ticket is about, and the words the form shows. */
export const SUPPORT_TOPICS = [
  'account',
  'payouts',
  'orders',
  'returns',
  'products',
  'live',
  'kyc',
  'other',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  account: 'Account and approval',
  payouts: 'Earnings and payouts',
  orders: 'Orders and delivery',
  returns: 'Returns and refunds',
  products: 'Products and blips',
  live: 'Live shows and auctions',
  kyc: 'Identity verification (KYC)',
  other: 'Something else',
};

export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];
export const SUPPORT_TICKET_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MIN = 20;
export const SUPPORT_MESSAGE_MAX = 4000;

/** POST /api/support/tickets. */
export const createSupportTicketBody = z.strictObject({
  topic: z.enum(SUPPORT_TOPICS, { error: 'Choose what your question is about' }),
  subject: lineText()
    .trim()
    .min(3, 'Subject must be at least 3 characters')
    .max(SUPPORT_SUBJECT_MAX, `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`),
  message: multilineText()
    .trim()
    .min(SUPPORT_MESSAGE_MIN, `Tell us a little more (at least ${SUPPORT_MESSAGE_MIN} characters)`)
    .max(SUPPORT_MESSAGE_MAX, `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`),
  /** An order the question is about, e.g. KSW-100234 (optional). */
  orderNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^KSW-\d{6,10}$/, 'Order number looks like KSW-100234')
    .optional(),
});
export type CreateSupportTicketBody = z.infer<typeof createSupportTicketBody>;
export type CreateSupportTicketInput = z.input<typeof createSupportTicketBody>;

export const supportTicketSchema = z.object({
  id: z.string(),
  /** What the seller and support quote, e.g. HLP-100001. */
  reference: z.string(),
  topic: z.enum(SUPPORT_TOPICS),
  subject: z.string(),
  message: z.string(),
  orderNumber: z.string().nullable(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/** GET /api/support/tickets: the seller's own tickets, newest first (at most SUPPORT_TICKETS_LIMIT). */
export const supportTicketsResponse = z.object({ tickets: z.array(supportTicketSchema) });
export type SupportTicketsResponse = z.infer<typeof supportTicketsResponse>;
export const SUPPORT_TICKETS_LIMIT = 50;

export const createSupportTicketResponse = z.object({
  message: z.string(),
  ticket: supportTicketSchema,
});
export type CreateSupportTicketResponse = z.infer<typeof createSupportTicketResponse>;

/** The operator's `npm run admin -- ticket HLP-100001 answered`: POST /api/admin/support/tickets/:reference. */
export const supportTicketReferenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^HLP-\d{6,10}$/, 'A ticket reference looks like HLP-100001'),
});
export const supportTicketStatusBody = z.strictObject({
  status: z.enum(SUPPORT_TICKET_STATUSES, { error: 'Status is open, answered or closed' }),
});
export const supportTicketStatusResponse = z.object({ message: z.string(), ticket: supportTicketSchema });
export type SupportTicketStatusResponse = z.infer<typeof supportTicketStatusResponse>;
