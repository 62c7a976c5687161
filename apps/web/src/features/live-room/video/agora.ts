import {
  MISSING_VIDEO_TOKEN,
  type Publication,
  type VideoProviderClient,
  type VideoSession,
  type VideoStream,
} from '@/features/live-room/video/video-provider';
import type { VideoProfile } from '@/lib/data-saver';

/**
 * Agora: `channelName` is the Agora channel and `agoraToken` the RTC token, built by the server
 * for uid 0 (any uid), so the SDK picks one. The app id is public and set at build time
 * (`VITE_AGORA_APP_ID`, the same as the server's AGORA_APP_ID). agora-rtc-sdk-ng is imported here,
 * so only shows on Agora download it. Tokens expire: on Agora's warning the adapter renews it.
 * The tracks are played in our own <video>, the same element the other providers use.
 */

function appId(): string {
  const id = import.meta.env.VITE_AGORA_APP_ID;
  if (!id) throw new Error('Agora is not configured on this site (VITE_AGORA_APP_ID).');
  return id;
}

function tokenOf(stream: VideoStream): string {
  if (!stream.agoraToken) throw new Error(MISSING_VIDEO_TOKEN);
  return stream.agoraToken;
}

/** The custom video track's encoding for a profile (Agora counts bitrates in kbit/s). */
export function encodingOf(profile: VideoProfile) {
  return {
    width: profile.width,
    height: profile.height,
    frameRate: profile.frameRate,
    bitrateMax: Math.round(profile.maxBitrate / 1000),
  };
}

export const agoraProvider: VideoProviderClient = {
  name: 'agora',

  async publish(stream, mediaStream, { renewToken, onStatus, profile }): Promise<Publication> {
    const AgoraRTC = (await import('agora-rtc-sdk-ng')).default;
    const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' });
    await client.setClientRole('host');
    client.on('token-privilege-will-expire', () => {
      renewToken()
        .then((token) => client.renewToken(token))
        .catch(() => onStatus?.('failed', 'The video token could not be renewed.'));
    });
    client.on('connection-state-change', (state) => {
      if (state === 'RECONNECTING') onStatus?.('reconnecting');
      if (state === 'CONNECTED') onStatus?.('playing');
    });
    onStatus?.('connecting');
    await client.join(appId(), stream.channelName, tokenOf(stream), null);
    const customAudio = (stream: MediaStream) => {
      const track = stream.getAudioTracks()[0];
      return track ? AgoraRTC.createCustomAudioTrack({ mediaStreamTrack: track }) : null;
    };
    const cameraTrack = mediaStream.getVideoTracks()[0];
    const video = cameraTrack
      ? AgoraRTC.createCustomVideoTrack({
          mediaStreamTrack: cameraTrack,
          ...(profile ? encodingOf(profile) : {}),
        })
      : null;
    let audio = customAudio(mediaStream);
    await client.publish([video, audio].filter((t) => t !== null));
    onStatus?.('playing');
    return {
      async replaceStream(next) {
        const camera = next.getVideoTracks()[0];
        if (video && camera) await video.replaceTrack(camera, false);
        // Agora's audio tracks cannot swap their source: the new microphone is published instead.
        const nextAudio = customAudio(next);
        if (nextAudio) {
          if (audio) await client.unpublish(audio);
          await client.publish(nextAudio);
          audio = nextAudio;
        }
      },
      async bytesUsed() {
        const stats = client.getRTCStats();
        return stats.SendBytes + stats.RecvBytes;
      },
      stop() {
        void client.leave();
      },
    };
  },

  async watch(stream, video, { renewToken, onStatus }): Promise<VideoSession> {
    const AgoraRTC = (await import('agora-rtc-sdk-ng')).default;
    const client = AgoraRTC.createClient({ mode: 'live', codec: 'vp8' });
    await client.setClientRole('audience');
    const playing = new MediaStream();
    const show = (track: MediaStreamTrack) => {
      for (const old of playing.getTracks()) if (old.kind === track.kind) playing.removeTrack(old);
      playing.addTrack(track);
      if (video.srcObject !== playing) video.srcObject = playing;
      void video.play().catch(() => {});
    };
    client.on('user-published', async (user, mediaType) => {
      await client.subscribe(user, mediaType);
      const track = mediaType === 'video' ? user.videoTrack : user.audioTrack;
      if (track) show(track.getMediaStreamTrack());
      onStatus?.('playing');
    });
    client.on('token-privilege-will-expire', () => {
      renewToken()
        .then((token) => client.renewToken(token))
        .catch(() => onStatus?.('failed', 'The video token could not be renewed.'));
    });
    onStatus?.('waiting');
    await client.join(appId(), stream.channelName, tokenOf(stream), null);
    return {
      stop() {
        video.srcObject = null;
        void client.leave();
      },
    };
  },
};
