import { EgressClient, EgressStatus, EncodedFileOutput, EncodedFileType, S3Upload } from 'livekit-server-sdk';
import type { VideoRoom } from '@/video/video-provider.ts';

/** Where an egress's file is, as far as the server can tell. */
export type RecordingState = 'recording' | 'complete' | 'failed';

/**
 * A video service that records a room on its own side (issue 21): LiveKit's room composite
 * egress. The file is written at `filepath` in the bucket the egress is given (our S3 storage when
 * `upload` is set; otherwise the egress server's own configured storage, which must be the same
 * store the API reads — docs/live-replays.md).
 */
export interface VideoRecorder {
  start(room: VideoRoom, filepath: string): Promise<{ egressId: string }>;
  stop(egressId: string): Promise<void>;
  state(egressId: string): Promise<RecordingState>;
}

export type EgressUpload = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
};

/** LiveKit's API is reached over HTTP(S) at the same host as its WebSocket URL. */
export const livekitHttpUrl = (url: string) => url.replace(/^ws(s?):\/\//, 'http$1://');

/** Room composite egress to one MP4 file, through livekit-server-sdk's Twirp client. */
export function livekitRecorder(options: {
  url: string;
  apiKey: string;
  apiSecret: string;
  upload?: EgressUpload | undefined;
}): VideoRecorder {
  const client = new EgressClient(livekitHttpUrl(options.url), options.apiKey, options.apiSecret);
  const upload = options.upload;
  return {
    async start(room, filepath) {
      const output = new EncodedFileOutput({
        fileType: EncodedFileType.MP4,
        filepath,
        ...(upload
          ? {
              output: {
                case: 's3',
                value: new S3Upload({
                  bucket: upload.bucket,
                  region: upload.region,
                  endpoint: upload.endpoint ?? '',
                  accessKey: upload.accessKeyId ?? '',
                  secret: upload.secretAccessKey ?? '',
                  forcePathStyle: upload.forcePathStyle,
                }),
              },
            }
          : {}),
      });
      const info = await client.startRoomCompositeEgress(room.channelName, output, { layout: 'speaker' });
      return { egressId: info.egressId };
    },
    async stop(egressId) {
      await client.stopEgress(egressId);
    },
    async state(egressId) {
      const [info] = await client.listEgress({ egressId });
      if (!info) return 'failed';
      switch (info.status) {
        case EgressStatus.EGRESS_COMPLETE:
          return 'complete';
        case EgressStatus.EGRESS_FAILED:
        case EgressStatus.EGRESS_ABORTED:
        case EgressStatus.EGRESS_LIMIT_REACHED:
          return info.status === EgressStatus.EGRESS_LIMIT_REACHED ? 'complete' : 'failed';
        default:
          return 'recording';
      }
    },
  };
}
