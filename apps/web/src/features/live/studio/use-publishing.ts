import { STREAM_MESSAGES, type Stream, type VideoProvider } from '@kasuwa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, renewStreamToken } from '@/features/live/studio/studio-api';
import { type StudioRole, useStudioClaim } from '@/features/live/studio/use-studio-claim';
import type { LiveSocketLike } from '@/features/live-room/live-socket';
import type {
  Publication,
  VideoProviderClient,
  VideoStatus,
} from '@/features/live-room/video/video-provider';
import type { ApiClient } from '@/lib/api-client';
import type { VideoProfile } from '@/lib/data-saver';
import { readStored, writeStored } from '@/lib/storage';
import { toast } from '@/lib/toast';

export type LoadVideoProvider = (name: VideoProvider) => Promise<VideoProviderClient>;

export interface PublishingCamera {
  stream: MediaStream | null;
  /** Frees the camera (another window took the show, or the show is over). */
  release(): void;
  /** Starts the camera again. */
  retry(): Promise<void>;
}

export interface Publishing {
  /** This studio's claim on the show (one studio sends a show's video at a time). */
  role: StudioRole;
  /** How the video reaches viewers; null while nothing is sent. */
  videoStatus: VideoStatus | null;
  /** "Use this window": claim the show back and restart the camera. */
  reclaim(): void;
  /** Stops sending at once (the show ended). */
  stop(): void;
  /**
   * Bytes the show's video has used from this browser tab (sent and received, WebRTC getStats),
   * counted every DATA_COUNT_MS while publishing; null until the provider has told any.
   */
  bytesUsed: number | null;
}

/** How often the studio counts the video's bytes. */
export const DATA_COUNT_MS = 5_000;

/** Where a tab keeps a show's count, so a reload or another publication goes on from it. */
const dataUsedKey = (streamId: string) => `studioDataUsed.${streamId}`;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * Sending the camera to viewers: once broadcasting with a camera, the studio claims the show
 * (`useStudioClaim`) and only while it holds it publishes, through the show's video provider
 * (loaded on demand), one publication per broadcast. A device switch replaces the publication's
 * tracks instead of publishing again. When another window takes the show this one stops sending
 * and frees its camera, so the other can use it on the same device.
 */
export function usePublishing({
  api,
  streamId,
  broadcast,
  socket,
  connected,
  camera,
  loadProvider,
  profile,
}: {
  api: ApiClient;
  streamId: string;
  /** The stream as join-seller answered it (with the publishing token); null until then. */
  broadcast: Stream | null;
  socket: LiveSocketLike | null;
  connected: boolean;
  camera: PublishingCamera;
  loadProvider: LoadVideoProvider;
  /** What to send (lib/data-saver's studioVideoProfile); a change applies to the running publication. */
  profile?: VideoProfile;
}): Publishing {
  const [videoStatus, setVideoStatus] = useState<VideoStatus | null>(null);
  const [bytesUsed, setBytesUsed] = useState<number | null>(null);
  const profileRef = useRef(profile);
  profileRef.current = profile;

  const renewToken = useCallback(async () => {
    try {
      return await renewStreamToken(api, streamId);
    } catch (error) {
      toast.error(STREAM_MESSAGES.refreshConnectionError, errorText(error));
      throw error;
    }
  }, [api, streamId]);

  // Publishing: one publication per broadcast; a device switch replaces its tracks (below).
  const publication = useRef<Publication | null>(null);
  const cameraStream = useRef<MediaStream | null>(null);
  cameraStream.current = camera.stream;
  const hasCamera = camera.stream !== null;
  // One studio publishes a show at a time: this one sends video only while it holds the show.
  const claim = useStudioClaim({ socket, connected, streamId, ready: broadcast !== null && hasCamera });
  const isPublisher = claim.role === 'publisher';
  const loadRef = useRef(loadProvider);
  loadRef.current = loadProvider;
  // biome-ignore lint/correctness/useExhaustiveDependencies: hasCamera starts publishing once the camera first runs; the stream itself is read from a ref so that a device switch replaces tracks instead of restarting.
  useEffect(() => {
    const media = cameraStream.current;
    if (!broadcast || !socket || !media || !isPublisher) return;
    let cancelled = false;
    let started: Publication | null = null;
    let counting: ReturnType<typeof setInterval> | undefined;
    setVideoStatus('connecting');
    const sentProfile = profileRef.current;
    loadRef
      .current(broadcast.videoProvider)
      .then((provider) =>
        provider.publish(broadcast, media, {
          signalling: socket,
          iceServers: broadcast.iceServers ?? [],
          renewToken,
          onStatus: (s) => {
            if (!cancelled) setVideoStatus(s);
          },
          ...(sentProfile ? { profile: sentProfile } : {}),
        }),
      )
      .then((p) => {
        if (cancelled) {
          p.stop();
          return;
        }
        started = p;
        publication.current = p;
        // The profile may have changed while the provider loaded.
        if (profileRef.current && profileRef.current !== sentProfile) void p.setProfile?.(profileRef.current);
        // Data used: what earlier publications of this show in this tab counted, plus this one's.
        const key = dataUsedKey(broadcast._id);
        const before = readStored(key, isCount, 'session') ?? 0;
        const count = async () => {
          const bytes = await p.bytesUsed?.().catch(() => null);
          if (cancelled || bytes === null || bytes === undefined) return;
          writeStored(key, before + bytes, 'session');
          setBytesUsed(before + bytes);
        };
        void count();
        counting = setInterval(() => void count(), DATA_COUNT_MS);
        // The camera may have been switched while the provider loaded.
        if (cameraStream.current && cameraStream.current !== media)
          void p.replaceStream(cameraStream.current);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setVideoStatus('failed');
        toast.error('Your video could not be sent', error instanceof Error ? error.message : undefined);
      });
    return () => {
      cancelled = true;
      clearInterval(counting);
      started?.stop();
      publication.current = null;
    };
  }, [broadcast, socket, hasCamera, renewToken, isPublisher]);

  const { width, height, frameRate, maxBitrate } = profile ?? {};
  useEffect(() => {
    if (width === undefined || height === undefined || frameRate === undefined || maxBitrate === undefined)
      return;
    void publication.current?.setProfile?.({ width, height, frameRate, maxBitrate });
  }, [width, height, frameRate, maxBitrate]);

  // Another window took the show: this one stopped sending (above) and lets go of the camera, so
  // the other can use it on the same device.
  const releaseCamera = camera.release;
  useEffect(() => {
    if (claim.role !== 'elsewhere') return;
    releaseCamera();
    setVideoStatus(null);
  }, [claim.role, releaseCamera]);

  const claimFailure = claim.role === 'failed' ? claim.error : null;
  useEffect(() => {
    if (!claimFailure) return;
    setVideoStatus('failed');
    toast.error('Your video could not be sent', claimFailure);
  }, [claimFailure]);

  const retryCamera = camera.retry;
  const takeBack = claim.takeBack;
  const reclaim = useCallback(() => {
    takeBack();
    void retryCamera();
  }, [takeBack, retryCamera]);

  useEffect(() => {
    if (camera.stream) void publication.current?.replaceStream(camera.stream);
  }, [camera.stream]);

  const stop = useCallback(() => publication.current?.stop(), []);

  return { role: claim.role, videoStatus, reclaim, stop, bytesUsed };
}
