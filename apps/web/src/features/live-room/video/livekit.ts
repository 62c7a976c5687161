import type { TrackPublishOptions } from 'livekit-client';
import {
  bytesOfStats,
  MISSING_VIDEO_TOKEN,
  type Publication,
  type VideoOptions,
  type VideoProviderClient,
  type VideoSession,
  type VideoStream,
} from '@/features/live-room/video/video-provider';
import type { VideoProfile } from '@/lib/data-saver';

/**
 * LiveKit: the stream's `videoServerUrl` is the LiveKit server, `channelName` the room and
 * `agoraToken` (the spec's name for the provider token) the access token. livekit-client is
 * imported here, so only shows on LiveKit download it. LiveKit refreshes tokens itself while
 * connected; a token refused at (re)connection is renewed once through `renewToken`.
 */

type LiveKit = typeof import('livekit-client');

function isAuthFailure(lk: LiveKit, error: unknown): boolean {
  return error instanceof lk.ConnectionError && error.reason === lk.ConnectionErrorReason.NotAllowed;
}

async function connect(
  lk: LiveKit,
  room: InstanceType<LiveKit['Room']>,
  stream: VideoStream,
  renewToken: VideoOptions['renewToken'],
): Promise<void> {
  const url = stream.videoServerUrl;
  if (!url) throw new Error('This show has no LiveKit server address.');
  if (!stream.agoraToken) throw new Error(MISSING_VIDEO_TOKEN);
  try {
    await room.connect(url, stream.agoraToken);
  } catch (error) {
    if (!isAuthFailure(lk, error)) throw error;
    await room.connect(url, await renewToken());
  }
}

function reportStates(lk: LiveKit, room: InstanceType<LiveKit['Room']>, onStatus: VideoOptions['onStatus']) {
  room.on(lk.RoomEvent.Reconnecting, () => onStatus?.('reconnecting'));
  room.on(lk.RoomEvent.Reconnected, () => onStatus?.('playing'));
  room.on(lk.RoomEvent.Disconnected, () => onStatus?.('failed', 'The video connection closed.'));
}

/**
 * The camera's publishing options for a profile: its encoder capped at the profile's bitrate and
 * frame rate. A data-saver profile (at most 360 lines) is sent as one layer: LiveKit's simulcast
 * would add smaller copies of an already small picture to the uplink.
 */
export function publishingOf(profile: VideoProfile): TrackPublishOptions {
  return {
    videoEncoding: { maxBitrate: profile.maxBitrate, maxFramerate: profile.frameRate },
    simulcast: profile.height > 360,
  };
}

export const livekitProvider: VideoProviderClient = {
  name: 'livekit',

  async publish(stream, mediaStream, { renewToken, onStatus, profile }): Promise<Publication> {
    const lk = await import('livekit-client');
    const room = new lk.Room({ dynacast: true });
    reportStates(lk, room, onStatus);
    onStatus?.('connecting');
    await connect(lk, room, stream, renewToken);
    const published = await Promise.all(
      mediaStream.getTracks().map((track) =>
        room.localParticipant.publishTrack(track, {
          source: track.kind === 'video' ? lk.Track.Source.Camera : lk.Track.Source.Microphone,
          ...(track.kind === 'video' && profile ? publishingOf(profile) : {}),
        }),
      ),
    );
    onStatus?.('playing');
    return {
      async replaceStream(next) {
        await Promise.all(
          published.map(async (publication) => {
            const track = next.getTracks().find((t) => t.kind === publication.track?.kind);
            if (track && publication.track) await publication.track.replaceTrack(track, true);
          }),
        );
      },
      async bytesUsed() {
        const reports = await Promise.all(
          published.map((publication) => publication.track?.getRTCStatsReport().catch(() => undefined)),
        );
        return reports.some((r) => r !== undefined) ? bytesOfStats(reports) : null;
      },
      stop() {
        void room.disconnect(false);
      },
    };
  },

  async watch(stream, video, { renewToken, onStatus }): Promise<VideoSession> {
    const lk = await import('livekit-client');
    const room = new lk.Room({ adaptiveStream: true });
    reportStates(lk, room, onStatus);
    room.on(lk.RoomEvent.TrackSubscribed, (track) => {
      // Video and audio go into the same element, so one tap on 'unmute' brings the sound.
      track.attach(video);
      onStatus?.('playing');
    });
    onStatus?.('waiting');
    await connect(lk, room, stream, renewToken);
    return {
      stop() {
        room.remoteParticipants.forEach((p) => {
          p.trackPublications.forEach((pub) => {
            pub.track?.detach(video);
          });
        });
        void room.disconnect();
      },
    };
  },
};
