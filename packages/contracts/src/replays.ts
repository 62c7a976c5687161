import { z } from 'zod';

/**
 * Replays and the past show's summary (issue 21 "After the show"). A browser recording is sent in
 * chunks: the studio starts the upload with its size, then PUTs each chunk at its byte offset;
 * the server keeps what it received, so after a dropped connection or a reloaded tab the client
 * asks for `receivedBytes` and goes on from there. A chunk sent twice is answered, not stored twice.
 */

/** Bytes per chunk the studio sends (the last one may be shorter); the server takes no larger. */
export const REPLAY_CHUNK_BYTES = 1024 * 1024;
/** The largest replay accepted (413 above it): about three hours of a phone's 720p WebM. */
export const MAX_REPLAY_BYTES = 1024 * 1024 * 1024;
export const REPLAY_MIME_TYPES = ['video/webm', 'video/mp4'] as const;

export const replayMimeType = z.enum(REPLAY_MIME_TYPES, 'A replay is a WebM or MP4 video');
export const replaySource = z.enum(['browser', 'egress']);
export const replayStatus = z.enum(['uploading', 'recording', 'ready', 'failed']);
export type ReplayStatus = z.infer<typeof replayStatus>;

/** POST /streams/{id}/replay/upload: starts (or finds) the upload of the show's recording. */
export const startReplayUploadBody = z.strictObject({
  sizeBytes: z
    .number()
    .int('Size must be whole bytes')
    .min(1, 'The recording is empty')
    .max(MAX_REPLAY_BYTES, `A replay can be at most ${MAX_REPLAY_BYTES / 1024 / 1024} MB`),
  mimeType: replayMimeType,
  /** ISO-8601: when the recording's first frame was taken, so sold moments land on the right second. */
  startedAt: z.iso.datetime({ offset: true, error: 'Enter a valid date and time' }).optional(),
});
export type StartReplayUploadBody = z.infer<typeof startReplayUploadBody>;

/** Where an upload stands; `receivedBytes` is the offset of the next chunk to send. */
export const replayUploadState = z.object({
  status: replayStatus,
  sizeBytes: z.number().int(),
  receivedBytes: z.number().int(),
  chunkBytes: z.number().int(),
});
export type ReplayUploadState = z.infer<typeof replayUploadState>;

export const replayUploadResponse = z.object({ upload: replayUploadState });
export type ReplayUploadResponse = z.infer<typeof replayUploadResponse>;
/** GET /streams/{id}/replay/upload (the seller's): null before any upload or recording started. */
export const replayUploadStatusResponse = z.object({ upload: replayUploadState.nullable() });
export type ReplayUploadStatusResponse = z.infer<typeof replayUploadStatusResponse>;

/** PUT /streams/{id}/replay/upload/{offset}: the chunk's bytes as application/octet-stream. */
export const replayChunkParams = z.object({
  id: z.uuid('Stream not found'),
  offset: z.coerce.number().int('Offset must be whole bytes').min(0).max(MAX_REPLAY_BYTES),
});

/** A moment of the show marked on the replay's timeline: a product sold, when and for how much. */
export const replayMomentSchema = z.object({
  streamProductId: z.string(),
  productName: z.string(),
  image: z.string().nullable(),
  /** The winning bid in naira. */
  amount: z.number(),
  /** Seconds from the show's start (the replay's 0). */
  atSeconds: z.number(),
});
export type ReplayMoment = z.infer<typeof replayMomentSchema>;

/** A show's replay as anyone may see it; `url` is set only when it is ready and the show has ended. */
export const replaySchema = z.object({
  status: replayStatus,
  source: replaySource,
  url: z.string().nullable(),
  mimeType: z.string(),
  durationSeconds: z.number().nullable(),
});
export type Replay = z.infer<typeof replaySchema>;

/** GET /streams/{id}/replay (public): the replay (null when none is ready) and its sold moments. */
export const streamReplayResponse = z.object({
  replay: replaySchema.nullable(),
  moments: z.array(replayMomentSchema),
});
export type StreamReplayResponse = z.infer<typeof streamReplayResponse>;

/**
 * GET /streams/{id}/summary (the seller's): what the show did. `sales` is naira, the show's orders
 * (auction wins and Buy Now) before delivery, cancelled ones left out; `giveaways` is null where
 * giveaways are not recorded; `newFollowers` followed the store between the start and the end.
 */
export const showSummarySchema = z.object({
  sales: z.number(),
  orders: z.number().int(),
  buyers: z.number().int(),
  bids: z.number().int(),
  peakViewers: z.number().int(),
  viewerCount: z.number().int(),
  giveaways: z.number().int().nullable(),
  newFollowers: z.number().int(),
  durationMinutes: z.number().int(),
});
export type ShowSummary = z.infer<typeof showSummarySchema>;
export const showSummaryResponse = z.object({ summary: showSummarySchema });
export type ShowSummaryResponse = z.infer<typeof showSummaryResponse>;
