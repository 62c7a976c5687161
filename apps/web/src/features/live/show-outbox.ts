import type {
  CreateLiveAuctionBody,
  OpenLiveShowBody,
  StreamMediaUploadResponse,
  StreamType,
} from '@kasuwa/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { liveKeys } from '@/features/live/live-queries';
import { createStream, type UploadFn, uploadStreamMedia } from '@/features/live/streams-api';
import type { ApiClient } from '@/lib/api-client';
import { keepInOutbox, type OutboxEntry, type OutboxSender, withServerPhotos } from '@/lib/outbox';
import { uploadResumable } from '@/lib/resumable-upload';
import { toast } from '@/lib/toast';

/**
 * A live show scheduled with no connection: kept in the outbox (lib/outbox.ts) and created when the
 * connection returns, its cover photo first. "Submit and go live" needs a connection and is not queued.
 */
export interface QueuedShow {
  kind: StreamType;
  body: OpenLiveShowBody | CreateLiveAuctionBody;
}

function isQueuedShow(value: unknown): value is QueuedShow {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.kind === 'live_auction' || v.kind === 'live_show') && typeof v.body === 'object' && v.body !== null
  );
}

export function queuedShowOf(entry: OutboxEntry): QueuedShow | null {
  return isQueuedShow(entry.payload) ? entry.payload : null;
}

/** True once the show is safely kept on the phone. */
export function queueShow(sellerId: string, show: QueuedShow): Promise<boolean> {
  return keepInOutbox({
    kind: 'live-show',
    sellerId,
    title: show.body.title || 'Untitled show',
    payload: show,
  });
}

export function showSender({
  api,
  queryClient,
  upload,
}: {
  api: ApiClient;
  queryClient: QueryClient;
  upload?: UploadFn;
}): OutboxSender {
  return async (entry, tools) => {
    const queued = queuedShowOf(entry);
    if (!queued) throw new TypeError('This saved show could not be read.');
    // Byte-level resumable (tus) unless a test hands in its own multipart upload.
    const body = await withServerPhotos(queued.body, tools, async (file, progress) => {
      const answer = upload
        ? await uploadStreamMedia('coverImage', file, progress.onProgress, { upload })
        : await uploadResumable<StreamMediaUploadResponse>(file, 'stream-cover', progress);
      return answer.media.url;
    });
    const answer = await createStream(api, queued.kind, body);
    toast.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: liveKeys.sellerStreams(entry.sellerId) });
  };
}
