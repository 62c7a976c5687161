import {
  catalogueTokenParams,
  connectOverviewResponse,
  connectSellerParams,
  PRODUCT_NAME,
  rotateCatalogueTokenResponse,
} from '@kasuwa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { NotFoundError } from '@/lib/errors.ts';
import type { ConnectService } from '@/modules/connect/connect.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import type { Limit } from '@/plugins/rate-limit.ts';
import { assertStorageKey, type FileStorage } from '@/storage/file-storage.ts';

const tags = ['connect'];
/** Answers that are bytes, described for OpenAPI. */
const bytes = (type: string) => z.unknown().describe(type);
const security = [{ bearerAuth: [] }];

/**
 * Per client address, for the public routes. Meta fetches a feed at most hourly and a badge is one
 * image per page view of the seller's site (cached a minute by browsers), so these leave room for a
 * busy shop while stopping a script that walks ids or tokens.
 */
export type ConnectRateLimits = { feed: Limit; badge: Limit; image: Limit };
export const DEFAULT_CONNECT_RATE_LIMITS: ConnectRateLimits = {
  feed: { max: 30, timeWindow: 60_000 },
  badge: { max: 300, timeWindow: 60_000 },
  image: { max: 300, timeWindow: 60_000 },
};

/** Lets other sites show the badge and Meta read the photos (helmet's default is same-origin). */
const crossOrigin = (
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) => {
  reply.header('cross-origin-resource-policy', 'cross-origin');
  done(null, payload);
};

const escapeHtml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c,
  );

/** The store link's page while a store has no show and no blip: a plain page, no script. */
const nothingOnPage = (storeName: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(storeName)} on ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f0fdf4;color:#14532d;text-align:center}main{padding:24px;max-width:28rem}h1{font-size:1.5rem}</style>
</head><body><main><h1>${escapeHtml(storeName)}</h1><p>No live show right now. Check back soon: this link always opens the store's live show when one is on.</p></main></body></html>`;

export const connectRoutes =
  ({
    service,
    storage,
    requireSeller,
    rateLimits = DEFAULT_CONNECT_RATE_LIMITS,
  }: {
    service: ConnectService;
    storage: FileStorage;
    requireSeller: RequireSeller;
    rateLimits?: ConnectRateLimits;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const seller = requireSeller();

    app.get(
      '/api/connect',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: "The store's outside channels: store link, catalogue feed address, live badge",
          response: { 200: connectOverviewResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => service.overview(currentSeller(request).id),
    );

    app.post(
      '/api/connect/catalogue-token',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'Replace the catalogue feed secret: the old feed address answers 404 from now on',
          response: { 200: rotateCatalogueTokenResponse, ...errorResponses(401, 403, 429) },
        },
      },
      async (request) => service.rotateToken(currentSeller(request).id),
    );

    app.get(
      '/api/connect/poster.pdf',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'A printable A4 poster with a QR code of the store link, for a market stall',
          response: { 200: bytes('application/pdf'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const pdf = await service.poster(currentSeller(request).id);
        return reply
          .type('application/pdf')
          .header('content-disposition', 'attachment; filename="kasuwa-poster.pdf"')
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );

    app.get(
      '/api/connect/catalogue/:token.csv',
      {
        config: { rateLimit: rateLimits.feed },
        schema: {
          tags,
          summary:
            "A store's active products as Meta's catalogue CSV (Commerce Manager), by the secret in its address",
          params: catalogueTokenParams,
          response: { 200: bytes('text/csv'), ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const csv = await service.catalogue(request.params.token);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'inline; filename="catalogue.csv"')
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex')
          .send(csv);
      },
    );

    app.get(
      '/api/connect/badge/:sellerId.svg',
      {
        config: { rateLimit: rateLimits.badge },
        onSend: crossOrigin,
        schema: {
          tags,
          summary: "A store's live badge (SVG) for its own website: live now, the next show, or the store",
          params: connectSellerParams,
          response: { 200: bytes('image/svg+xml'), ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const svg = await service.badge(request.params.sellerId);
        return reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=60')
          .send(svg);
      },
    );

    app.get(
      '/api/connect/go/:sellerId',
      {
        config: { rateLimit: rateLimits.badge },
        schema: {
          tags,
          summary: "The store link: to the store's live show, else its next show, else its newest blip",
          params: connectSellerParams,
          response: {
            200: bytes('text/html (or a 302 to the show or blip)'),
            ...errorResponses(400, 404, 429),
          },
        },
      },
      async (request, reply) => {
        const { path, storeName } = await service.destination(request.params.sellerId);
        reply.header('cache-control', 'no-store');
        if (path) return reply.redirect(path, 302);
        return reply.type('text/html; charset=utf-8').send(nothingOnPage(storeName));
      },
    );

    app.get(
      '/api/connect/products/:productId/image.jpg',
      {
        config: { rateLimit: rateLimits.image },
        onSend: crossOrigin,
        schema: {
          tags,
          summary: "An active product's first photo as JPEG, the format Meta's catalogue takes",
          params: z.object({ productId: z.uuid() }),
          response: { 200: bytes('image/jpeg'), ...errorResponses(400, 404, 429) },
        },
      },
      async (request, reply) => {
        const url = await service.productImageUrl(request.params.productId);
        const prefix = '/api/media/';
        if (!url.startsWith(prefix)) throw new NotFoundError('Image');
        const key = `public/${url.slice(prefix.length)}`;
        try {
          assertStorageKey(key);
        } catch {
          throw new NotFoundError('Image');
        }
        const file = await storage.read(key);
        if (!file) throw new NotFoundError('Image');
        const jpeg = sharp()
          .resize(1200, 1200, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 82 });
        file.stream.pipe(jpeg);
        return reply.type('image/jpeg').header('cache-control', 'public, max-age=3600').send(jpeg);
      },
    );
  };
