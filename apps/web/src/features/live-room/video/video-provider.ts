import type { Stream, VideoProvider } from '@kasuwa/contracts';
import type { VideoProfile } from '@/lib/data-saver';

/**
 * The browser side of the video providers (docs/architecture.md, "Live video"): the studio
 * publishes the camera, the watch page plays it. Which provider carries a show is the stream's
 * `videoProvider`; each adapter, and the SDK it wraps, is downloaded only when a show uses it, so
 * neither the dashboard nor the watch page pays for LiveKit or Agora unless configured.
 */

/** What an adapter reads of a stream. */
export type VideoStream = Pick<
  Stream,
  '_id' | 'channelName' | 'agoraToken' | 'videoProvider' | 'videoServerUrl'
>;

/**
 * The socket the local WebRTC provider signals over: socket.io's Socket fits it, and so does a
 * fake in tests.
 */
export interface SignallingChannel {
  readonly id?: string | undefined;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, handler: (payload: unknown) => void): unknown;
  off(event: string, handler: (payload: unknown) => void): unknown;
}

/**
 * 'waiting': nothing to play yet (the seller has not started publishing); 'connecting': joining
 * or negotiating; 'playing': media flows; 'reconnecting': it dropped and is being recovered;
 * 'failed': it gave up (the message says why).
 */
export type VideoStatus = 'waiting' | 'connecting' | 'playing' | 'reconnecting' | 'failed';

export interface VideoOptions {
  /** Signalling for the local provider (the live socket). */
  signalling: SignallingChannel;
  /** STUN/TURN servers for the local provider; none are needed on one machine or one network. */
  iceServers?: RTCIceServer[];
  /**
   * A fresh provider token when the current one is about to expire or was refused (the studio:
   * GET /streams/{id}/renew-token; the watch page: the stream fetched again). Rejects when none can be had.
   */
  renewToken: () => Promise<string>;
  onStatus?: (status: VideoStatus, message?: string) => void;
  /**
   * Publishing only: the most the video may take (lib/data-saver's studioVideoProfile). The camera
   * is already captured at its size; the provider keeps the encoder under its frame rate and bitrate.
   */
  profile?: VideoProfile;
}

export interface VideoSession {
  /** Leaves the room and releases every connection; the camera tracks stay the caller's. */
  stop(): void;
}

export interface Publication extends VideoSession {
  /** Sends another camera or microphone (a device switch) without renegotiating with every viewer. */
  replaceStream(mediaStream: MediaStream): Promise<void>;
  /** Sends at another profile from now on (data-saver switched during the show), where the provider can. */
  setProfile?(profile: VideoProfile): Promise<void>;
  /**
   * Bytes this publication has sent and received so far (WebRTC getStats: bytesSent + bytesReceived
   * of its connections), or null where the provider cannot tell.
   */
  bytesUsed?(): Promise<number | null>;
}

export interface VideoProviderClient {
  readonly name: VideoProvider;
  publish(stream: VideoStream, mediaStream: MediaStream, options: VideoOptions): Promise<Publication>;
  watch(stream: VideoStream, video: HTMLVideoElement, options: VideoOptions): Promise<VideoSession>;
}

/** Loads the adapter of a stream's provider; each is its own chunk. */
export async function loadVideoProvider(name: VideoProvider): Promise<VideoProviderClient> {
  switch (name) {
    case 'local':
      return (await import('@/features/live-room/video/local-webrtc')).localWebrtcProvider;
    case 'livekit':
      return (await import('@/features/live-room/video/livekit')).livekitProvider;
    case 'agora':
      return (await import('@/features/live-room/video/agora')).agoraProvider;
  }
}

/**
 * The bytes sent and received in WebRTC stats reports: each transport's bytesSent + bytesReceived
 * (everything on the wire: media, RTCP, DTLS, ICE), or, in a browser whose reports have no
 * transport entry, the selected candidate pairs'. An entry present in several reports (LiveKit
 * gives one per track, sharing a transport) counts once.
 */
export function bytesOfStats(reports: Iterable<RTCStatsReport | undefined>): number {
  const transports = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const report of reports) {
    report?.forEach((entry: RTCStats & Record<string, unknown>) => {
      const bytes = Number(entry.bytesSent ?? 0) + Number(entry.bytesReceived ?? 0);
      if (entry.type === 'transport') transports.set(entry.id, bytes);
      else if (entry.type === 'candidate-pair' && (entry.selected === true || entry.nominated === true))
        pairs.set(entry.id, bytes);
    });
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return transports.size > 0 ? sum(transports) : sum(pairs);
}

/** The message shown when a provider has no token to connect with. */
export const MISSING_VIDEO_TOKEN = 'The video service gave no access token for this show.';
