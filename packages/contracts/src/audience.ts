import { z } from 'zod';

/**
 * Followers, the buyer's Updates inbox and inbox campaigns (issue 16). Money is naira here; the
 * server keeps kobo.
 */

export const storeIdParams = z.strictObject({ sellerId: z.uuid('Unknown store') });
export const inboxItemIdParams = z.strictObject({ id: z.uuid('Unknown update') });
export const campaignIdParams = z.strictObject({ id: z.uuid('Unknown campaign') });

// ---- Followers -------------------------------------------------------------------------------

/** GET /buyer/stores/{sellerId}: what a buyer's follow button and store menu show. */
export const buyerStoreRelationResponse = z.object({
  sellerId: z.string(),
  storeName: z.string(),
  following: z.boolean(),
  followerCount: z.number().int(),
  /** The buyer turned this store's campaigns off. */
  unsubscribed: z.boolean(),
  /** The buyer blocked the store: no campaign and no follow. */
  blocked: z.boolean(),
});
export type BuyerStoreRelation = z.infer<typeof buyerStoreRelationResponse>;

/** PUT /buyer/stores/{sellerId}/preferences. */
export const buyerStorePreferencesBody = z
  .strictObject({
    unsubscribed: z.boolean().optional(),
    blocked: z.boolean().optional(),
  })
  .refine((b) => b.unsubscribed !== undefined || b.blocked !== undefined, {
    message: 'Say what to change: unsubscribed or blocked',
  });
export type BuyerStorePreferencesBody = z.infer<typeof buyerStorePreferencesBody>;

/** GET /followers/summary: the seller's follower count for home and account. */
export const followersSummaryResponse = z.object({
  total: z.number().int(),
  /** Followers gained in the last 7 days. */
  newThisWeek: z.number().int(),
});
export type FollowersSummary = z.infer<typeof followersSummaryResponse>;

// ---- The buyer's Updates inbox ---------------------------------------------------------------

export const inboxItemKind = z.enum(['campaign', 'show_scheduled', 'show_started', 'payment_reminder']);
export type InboxItemKind = z.infer<typeof inboxItemKind>;

export const inboxItemSchema = z.object({
  _id: z.string(),
  kind: inboxItemKind,
  seller: z.object({ _id: z.string(), storeName: z.string() }),
  title: z.string(),
  message: z.string(),
  imageUrl: z.string().nullable(),
  /** Where a tap goes inside Kasuwa (a watch page, a checkout, a product's buy link); null: nowhere. */
  link: z.string().nullable(),
  linkLabel: z.string().nullable(),
  /** A coupon code the campaign carries, shown to copy. */
  couponCode: z.string().nullable(),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const inboxResponse = z.object({
  items: z.array(inboxItemSchema),
  unreadCount: z.number().int(),
  pagination: z.object({ currentPage: z.number().int(), hasMore: z.boolean() }),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

export const inboxUnreadResponse = z.object({ unreadCount: z.number().int() });
export type InboxUnreadResponse = z.infer<typeof inboxUnreadResponse>;
export const inboxItemResponse = z.object({ item: inboxItemSchema });

// ---- Inbox campaigns -------------------------------------------------------------------------

/** A seller sends at most this many campaigns a day (Lagos time), scheduled ones counted on their day. */
export const CAMPAIGNS_PER_DAY = 3;
/** An order by a buyer within this long after they clicked a campaign is attributed to it. */
export const CAMPAIGN_ATTRIBUTION_DAYS = 7;

export const campaignAudienceKind = z.enum([
  'followers',
  'past_buyers',
  'product_buyers',
  'show_attendees',
  'states',
]);
export type CampaignAudienceKind = z.infer<typeof campaignAudienceKind>;

export const CAMPAIGN_AUDIENCE_LABELS: Record<CampaignAudienceKind, string> = {
  followers: 'All followers',
  past_buyers: 'Past buyers',
  product_buyers: 'Buyers of chosen products',
  show_attendees: 'Attendees of a show',
  states: 'Buyers in chosen states',
};

export const campaignAudience = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('followers') }),
  z.strictObject({ kind: z.literal('past_buyers') }),
  z.strictObject({
    kind: z.literal('product_buyers'),
    productIds: z.array(z.uuid('Unknown product')).min(1, 'Choose at least one product').max(50),
  }),
  z.strictObject({ kind: z.literal('show_attendees'), streamId: z.uuid('Choose a show') }),
  z.strictObject({
    kind: z.literal('states'),
    states: z.array(z.string().trim().min(1).max(40)).min(1, 'Choose at least one state').max(37),
  }),
]);
export type CampaignAudience = z.infer<typeof campaignAudience>;

/** POST /campaigns/audience-count: the live count while the seller chooses. */
export const audienceCountBody = z.strictObject({ audience: campaignAudience });
export const audienceCountResponse = z.object({ count: z.number().int() });
export type AudienceCountResponse = z.infer<typeof audienceCountResponse>;

/** Letters, digits, - and _: what a coupon code looks like (coupons themselves are their own module). */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$/;

export const campaignAttachment = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('product'), productId: z.uuid('Choose a product') }),
  z.strictObject({ kind: z.literal('show'), streamId: z.uuid('Choose a show') }),
  z.strictObject({
    kind: z.literal('coupon'),
    code: z.string().trim().regex(COUPON_CODE_PATTERN, 'A coupon code is 3 to 20 letters, digits, - or _'),
  }),
]);
export type CampaignAttachment = z.infer<typeof campaignAttachment>;

export const CAMPAIGN_TITLE_MAX = 80;
export const CAMPAIGN_MESSAGE_MAX = 1000;

/** POST /campaigns. `scheduledAt` absent: it goes out now. */
export const createCampaignBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(CAMPAIGN_TITLE_MAX, `At most ${CAMPAIGN_TITLE_MAX} characters`),
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(CAMPAIGN_MESSAGE_MAX, `At most ${CAMPAIGN_MESSAGE_MAX} characters`),
  /** An image uploaded with POST /campaigns/images (its returned key). */
  image: z.string().trim().max(200).nullable().optional(),
  attachment: campaignAttachment.default({ kind: 'none' }),
  audience: campaignAudience,
  scheduledAt: z.iso
    .datetime({ offset: true, message: 'Choose a valid date and time' })
    .nullable()
    .optional(),
});
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

export const campaignStatus = z.enum(['scheduled', 'sending', 'sent', 'cancelled']);
export type CampaignStatus = z.infer<typeof campaignStatus>;

export const campaignResultsSchema = z.object({
  recipients: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  orders: z.number().int(),
  /** Naira. */
  revenue: z.number(),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const campaignSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  imageUrl: z.string().nullable(),
  attachment: z.object({
    kind: z.enum(['none', 'product', 'show', 'coupon']),
    /** The product's or show's name, or the coupon code. */
    label: z.string().nullable(),
    id: z.string().nullable(),
  }),
  audience: campaignAudience,
  audienceLabel: z.string(),
  status: campaignStatus,
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  results: campaignResultsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignResponse = z.object({ message: z.string(), campaign: campaignSchema });
export type CampaignResponse = z.infer<typeof campaignResponse>;

export const campaignsQuery = z.strictObject({
  status: campaignStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CampaignsQuery = z.input<typeof campaignsQuery>;

export const campaignsResponse = z.object({
  campaigns: z.array(campaignSchema),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  }),
});
export type CampaignsResponse = z.infer<typeof campaignsResponse>;

/** GET /campaigns/summary: the marketing index's card. */
export const campaignsSummaryResponse = z.object({
  sent: z.number().int(),
  scheduled: z.number().int(),
  /** Left today (Lagos time). */
  remainingToday: z.number().int(),
  followers: z.number().int(),
  last: campaignSchema.nullable(),
});
export type CampaignsSummary = z.infer<typeof campaignsSummaryResponse>;

export const campaignImageResponse = z.object({ image: z.string(), url: z.string() });
