import { bigint, index, pgEnum, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { streams } from './live.ts';
import { sellers } from './sellers.ts';

/**
 * How a replay is made (issue 21): `browser` — the studio recorded the seller's camera
 * (MediaRecorder, WebM) and uploads it in chunks after the show; `egress` — LiveKit's room
 * composite egress records the room into the bucket.
 */
export const replaySourceEnum = pgEnum('replay_source', ['browser', 'egress']);
/** uploading/recording → ready, or failed (a file that is not a video, an egress that failed). */
export const replayStatusEnum = pgEnum('replay_status', ['uploading', 'recording', 'ready', 'failed']);

/**
 * The replay of one show. A browser upload arrives in chunks kept in storage under
 * `replays/<seller>/<stream>/chunks/`; `received_bytes` is how far the contiguous upload reached.
 * The finished file is `storage_key`; only a ready replay of an ended show is ever served.
 */
export const streamReplays = pgTable(
  'stream_replays',
  {
    streamId: uuid('stream_id')
      .primaryKey()
      .references(() => streams.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    source: replaySourceEnum('source').notNull(),
    status: replayStatusEnum('status').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    durationSeconds: real('duration_seconds'),
    /** When the recording began (the browser's first frame, the egress's start): the replay's 0. */
    recordingStartedAt: timestamp('recording_started_at', { withTimezone: true }),
    storageKey: text('storage_key').notNull(),
    /** LiveKit's egress id while it records. */
    egressId: text('egress_id'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stream_replays_seller_idx').on(t.sellerId)],
);

export type StreamReplayRow = typeof streamReplays.$inferSelect;
