import multipart from '@fastify/multipart';
import {
  audienceCountBody,
  audienceCountResponse,
  buyerStorePreferencesBody,
  buyerStoreRelationResponse,
  campaignIdParams,
  campaignImageResponse,
  campaignResponse,
  campaignSchema,
  campaignsQuery,
  campaignsResponse,
  campaignsSummaryResponse,
  createCampaignBody,
  followersSummaryResponse,
  inboxItemIdParams,
  inboxItemResponse,
  inboxQuery,
  inboxResponse,
  inboxUnreadResponse,
  storeIdParams,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { NotFoundError } from '@/lib/errors.ts';
import { sendStoredImage } from '@/lib/media-response.ts';
import {
  CAMPAIGN_IMAGE_KEY,
  campaignStorageKey,
  storeCampaignImage,
} from '@/modules/audience/campaign-images.ts';
import type { CampaignsService } from '@/modules/audience/campaigns.service.ts';
import type { FollowersService } from '@/modules/audience/followers.service.ts';
import type { InboxService } from '@/modules/audience/inbox.service.ts';
import { currentBuyer, currentSeller, type RequireBuyer, type RequireSeller } from '@/plugins/auth.ts';
import type { FileStorage } from '@/storage/file-storage.ts';

const security = [{ bearerAuth: [] }];

/**
 * Followers, the buyer's Updates inbox and inbox campaigns (issue 16). A seller reads and changes
 * only their own campaigns and follower numbers; a buyer only their own inbox and store choices.
 * Another's id answers 404 like an unknown one.
 */
export const audienceRoutes =
  ({
    followers,
    inbox,
    campaigns,
    requireSeller,
    requireBuyer,
    storage,
  }: {
    storage: FileStorage;
    followers: FollowersService;
    inbox: InboxService;
    campaigns: CampaignsService;
    requireSeller: RequireSeller;
    requireBuyer: RequireBuyer;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { files: 1, fields: 0, parts: 2, headerPairs: 100 } });
    const seller = requireSeller();
    const buyer = requireBuyer;
    const buyerErrors = errorResponses(400, 401, 404, 409, 429);
    const sellerErrors = errorResponses(400, 401, 403, 404, 409, 429);

    // ---- buyer: stores they follow, unsubscribe, block ----
    const storeTags = ['followers'];
    app.get(
      '/api/buyer/stores/:sellerId',
      {
        onRequest: buyer,
        schema: {
          tags: storeTags,
          security,
          summary:
            "Whether the buyer follows the store, its follower count, and the buyer's choices about it",
          params: storeIdParams,
          response: { 200: buyerStoreRelationResponse, ...buyerErrors },
        },
      },
      async (request) => followers.relation(currentBuyer(request), request.params.sellerId),
    );
    app.put(
      '/api/buyer/stores/:sellerId/follow',
      {
        onRequest: buyer,
        schema: {
          tags: storeTags,
          security,
          summary: 'Follow the store (the seller is told at once)',
          params: storeIdParams,
          response: { 200: buyerStoreRelationResponse, ...buyerErrors },
        },
      },
      async (request) => followers.follow(currentBuyer(request), request.params.sellerId),
    );
    app.delete(
      '/api/buyer/stores/:sellerId/follow',
      {
        onRequest: buyer,
        schema: {
          tags: storeTags,
          security,
          summary: 'Stop following the store',
          params: storeIdParams,
          response: { 200: buyerStoreRelationResponse, ...buyerErrors },
        },
      },
      async (request) => followers.unfollow(currentBuyer(request), request.params.sellerId),
    );
    app.put(
      '/api/buyer/stores/:sellerId/preferences',
      {
        onRequest: buyer,
        schema: {
          tags: storeTags,
          security,
          summary:
            "Turn the store's campaigns off or on (unsubscribed), or block the store (no campaigns, no follow)",
          params: storeIdParams,
          body: buyerStorePreferencesBody,
          response: { 200: buyerStoreRelationResponse, ...buyerErrors },
        },
      },
      async (request) =>
        followers.setPreferences(currentBuyer(request), request.params.sellerId, request.body),
    );

    // ---- buyer: the Updates inbox ----
    const inboxTags = ['updates'];
    app.get(
      '/api/buyer/updates',
      {
        onRequest: buyer,
        schema: {
          tags: inboxTags,
          security,
          summary:
            "The buyer's Updates: campaigns, shows of followed stores, payment reminders; newest first",
          querystring: inboxQuery,
          response: { 200: inboxResponse, ...buyerErrors },
        },
      },
      async (request) => inbox.list(currentBuyer(request).id, request.query),
    );
    app.get(
      '/api/buyer/updates/unread-count',
      {
        onRequest: buyer,
        schema: {
          tags: inboxTags,
          security,
          summary: 'How many updates the buyer has not opened',
          response: { 200: inboxUnreadResponse, ...buyerErrors },
        },
      },
      async (request) => inbox.unread(currentBuyer(request).id),
    );
    app.post(
      '/api/buyer/updates/:id/open',
      {
        onRequest: buyer,
        schema: {
          tags: inboxTags,
          security,
          summary: "The buyer opened the update (counted once in its campaign's results)",
          params: inboxItemIdParams,
          response: { 200: inboxItemResponse, ...buyerErrors },
        },
      },
      async (request) => inbox.open(currentBuyer(request).id, request.params.id),
    );
    app.post(
      '/api/buyer/updates/:id/click',
      {
        onRequest: buyer,
        schema: {
          tags: inboxTags,
          security,
          summary: "The buyer followed the update's link (starts the 7-day attribution of their orders)",
          params: inboxItemIdParams,
          response: { 200: inboxItemResponse, ...buyerErrors },
        },
      },
      async (request) => inbox.click(currentBuyer(request).id, request.params.id),
    );

    // ---- seller: followers and campaigns ----
    app.get(
      '/api/followers/summary',
      {
        onRequest: seller,
        schema: {
          tags: storeTags,
          security,
          summary: "The seller's follower count and how many followed in the last 7 days",
          response: { 200: followersSummaryResponse, ...sellerErrors },
        },
      },
      async (request) => followers.summary(currentSeller(request).id),
    );

    const campaignTags = ['campaigns'];
    app.get(
      '/api/campaigns',
      {
        onRequest: seller,
        schema: {
          tags: campaignTags,
          security,
          summary: "The seller's inbox campaigns, latest send time first, each with its results",
          querystring: campaignsQuery,
          response: { 200: campaignsResponse, ...sellerErrors },
        },
      },
      async (request) => campaigns.list(currentSeller(request).id, request.query),
    );
    app.get(
      '/api/campaigns/summary',
      {
        onRequest: seller,
        schema: {
          tags: campaignTags,
          security,
          summary: 'Campaigns sent and scheduled, how many are left today, followers, and the last one',
          response: { 200: campaignsSummaryResponse, ...sellerErrors },
        },
      },
      async (request) => campaigns.summary(currentSeller(request).id),
    );
    app.post(
      '/api/campaigns/audience-count',
      {
        onRequest: seller,
        schema: {
          tags: campaignTags,
          security,
          summary: 'How many buyers an audience reaches now (unsubscribed and blocking buyers left out)',
          body: audienceCountBody,
          response: { 200: audienceCountResponse, ...sellerErrors },
        },
      },
      async (request) => campaigns.audienceCount(currentSeller(request).id, request.body.audience),
    );
    app.post(
      '/api/campaigns',
      {
        onRequest: seller,
        schema: {
          tags: campaignTags,
          security,
          summary: `Send a campaign now, or schedule it (at most 3 a day)`,
          body: createCampaignBody,
          response: { 201: campaignResponse, ...sellerErrors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return campaigns.create(currentSeller(request).id, request.body);
      },
    );
    app.post(
      '/api/campaigns/images',
      {
        onRequest: seller,
        config: { writeLimit: 'upload' },
        schema: {
          tags: campaignTags,
          security,
          summary:
            "Multipart field image: a campaign's picture, checked by content (400 otherwise), stored as WebP without metadata",
          consumes: ['multipart/form-data'],
          response: { 201: campaignImageResponse, ...sellerErrors, ...errorResponses(413) },
        },
      },
      async (request, reply) => {
        const image = await storeCampaignImage(request, storage, currentSeller(request).id);
        return reply.code(201).send({ image, url: `/api/media/campaigns/${image}` });
      },
    );
    app.get(
      '/api/media/campaigns/:sellerId/:file',
      {
        schema: {
          tags: campaignTags,
          summary: "A campaign's picture, public like the campaign it goes out with (404 for any other name)",
          params: z.object({ sellerId: z.string(), file: z.string() }),
        },
      },
      async (request, reply) => {
        const key = `${request.params.sellerId}/${request.params.file}`;
        const file = CAMPAIGN_IMAGE_KEY.test(key) ? await storage.read(campaignStorageKey(key)) : null;
        if (!file) throw new NotFoundError('Image');
        return sendStoredImage(reply, file, 'public');
      },
    );
    app.get(
      '/api/campaigns/:id',
      {
        onRequest: seller,
        schema: {
          tags: campaignTags,
          security,
          summary: 'One campaign with its results',
          params: campaignIdParams,
          response: { 200: z.object({ campaign: campaignSchema }), ...sellerErrors },
        },
      },
      async (request) => ({ campaign: await campaigns.get(currentSeller(request).id, request.params.id) }),
    );
    app.post(
      '/api/campaigns/:id/cancel',
      {
        onRequest: seller,
        schema: {
          tags: campaignTags,
          security,
          summary: 'Cancel a scheduled campaign before it goes out',
          params: campaignIdParams,
          response: { 200: campaignResponse, ...sellerErrors },
        },
      },
      async (request) => campaigns.cancel(currentSeller(request).id, request.params.id),
    );
  };
