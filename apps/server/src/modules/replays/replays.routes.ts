import {
  featureGateErrorResponse,
  REPLAY_CHUNK_BYTES,
  replayChunkParams,
  replayUploadResponse,
  replayUploadStatusResponse,
  showSummaryResponse,
  startReplayUploadBody,
  streamIdParams,
  streamReplayResponse,
} from '@kasuwa/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '@/lib/error-responses.ts';
import { sendMediaFile } from '@/lib/media-response.ts';
import type { ReplaysService } from '@/modules/replays/replays.service.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const gatedErrors = { ...errors, 403: featureGateErrorResponse };
const tags = ['streams'];
const security = [{ bearerAuth: [] }];

/**
 * Replays (issue 21): the studio's chunked upload, the public replay with its sold moments and the
 * file itself (byte ranges), and the past show's summary for its seller.
 */
export const replaysRoutes =
  ({
    replays,
    requireSeller,
  }: {
    replays: ReplaysService;
    requireSeller: RequireSeller;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const seller = requireSeller();
    const gated = [seller, requireFeatureAccess];

    app.post(
      '/api/streams/:id/replay/upload',
      {
        onRequest: gated,
        schema: {
          tags,
          security,
          summary: 'Start (or find) the upload of an ended show’s recording; answers how far it got',
          params: streamIdParams,
          body: startReplayUploadBody,
          response: { 200: replayUploadResponse, 201: replayUploadResponse, ...gatedErrors },
        },
      },
      async (request, reply) => {
        const { upload, created } = await replays.startUpload(
          currentSeller(request).id,
          request.params.id,
          request.body,
        );
        return reply.code(created ? 201 : 200).send({ upload });
      },
    );

    app.get(
      '/api/streams/:id/replay/upload',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'How many bytes of the recording the server holds (the offset to go on from)',
          params: streamIdParams,
          response: { 200: replayUploadStatusResponse, ...errors },
        },
      },
      async (request) => replays.uploadState(currentSeller(request).id, request.params.id),
    );

    // The chunk's bytes arrive as they are (application/octet-stream); this scope parses nothing else.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: REPLAY_CHUNK_BYTES },
        (_request, body, done) => done(null, body),
      );
      raw.withTypeProvider<ZodTypeProvider>().put(
        '/api/streams/:id/replay/upload/:offset',
        {
          onRequest: gated,
          bodyLimit: REPLAY_CHUNK_BYTES,
          schema: {
            tags,
            security,
            summary: `One chunk of the recording at its byte offset (≤ ${REPLAY_CHUNK_BYTES} bytes, octet-stream)`,
            consumes: ['application/octet-stream'],
            params: replayChunkParams,
            response: {
              200: replayUploadResponse,
              ...gatedErrors,
              409: z.object({ message: z.string(), receivedBytes: z.number().int().optional() }),
              ...errorResponses(413, 415),
            },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return replays.putChunk(currentSeller(request).id, request.params.id, request.params.offset, body);
        },
      );
    });

    app.get(
      '/api/streams/:id/replay',
      {
        schema: {
          tags,
          summary: 'An ended show’s replay (public) with the moments each product sold',
          params: streamIdParams,
          response: { 200: streamReplayResponse, ...errorResponses(404) },
        },
      },
      async (request) => replays.replay(request.params.id),
    );

    app.get(
      '/api/streams/:id/summary',
      {
        onRequest: seller,
        schema: {
          tags,
          security,
          summary: 'What the show did: sales, orders, buyers, bids, peak viewers, giveaways, new followers',
          params: streamIdParams,
          response: { 200: showSummaryResponse, ...errors },
        },
      },
      async (request) => replays.summary(currentSeller(request).id, request.params.id),
    );

    app.get(
      '/api/media/replays/:file',
      {
        schema: {
          tags,
          summary: 'A ready replay of an ended show (public); answers byte ranges (206)',
          params: z.object({ file: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const file = await replays.open(request.params.file);
        return sendMediaFile(reply, request.headers.range, file);
      },
    );
  };
