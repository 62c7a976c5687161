import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VideoStream } from '@/features/live-room/video/video-provider';
import { DATA_SAVER_VIDEO, STANDARD_VIDEO } from '@/lib/data-saver';
import { fakeCameraStream } from '@/test/fake-media';

/*
 * The LiveKit and Agora adapters publishing with data-saver: what they hand their SDK (stood in
 * for here: neither can run without its service) and how they count the data used.
 */

const sdk = vi.hoisted(() => ({
  livekitPublished: [] as { kind: string; options: Record<string, unknown> }[],
  livekitStats: [] as Map<string, Record<string, unknown>>[],
  agoraVideoConfigs: [] as Record<string, unknown>[],
  agoraStats: { SendBytes: 0, RecvBytes: 0 },
}));

vi.mock('livekit-client', () => {
  class Room {
    localParticipant = {
      publishTrack: async (track: MediaStreamTrack, options: Record<string, unknown>) => {
        const index = sdk.livekitPublished.length;
        sdk.livekitPublished.push({ kind: track.kind, options });
        return {
          track: {
            kind: track.kind,
            getRTCStatsReport: async () => sdk.livekitStats[index],
            replaceTrack: async () => {},
          },
        };
      },
    };
    on() {
      return this;
    }
    async connect() {}
    async disconnect() {}
  }
  class ConnectionError extends Error {
    reason = 0;
  }
  return {
    Room,
    ConnectionError,
    ConnectionErrorReason: { NotAllowed: 1 },
    RoomEvent: { Reconnecting: 'r', Reconnected: 'rd', Disconnected: 'd', TrackSubscribed: 's' },
    Track: { Source: { Camera: 'camera', Microphone: 'microphone' } },
  };
});

vi.mock('agora-rtc-sdk-ng', () => ({
  default: {
    createClient: () => ({
      setClientRole: async () => {},
      on: () => {},
      join: async () => {},
      publish: async () => {},
      leave: async () => {},
      getRTCStats: () => sdk.agoraStats,
    }),
    createCustomVideoTrack: (config: Record<string, unknown>) => {
      sdk.agoraVideoConfigs.push(config);
      return { replaceTrack: async () => {} };
    },
    createCustomAudioTrack: () => ({}),
  },
}));

const stream: VideoStream = {
  _id: '7a0c6a4e-3a51-4d8e-9a53-2d0e1c4b5f60',
  channelName: 'show-1',
  agoraToken: 'token',
  videoProvider: 'livekit',
  videoServerUrl: 'wss://video.kasuwa.test',
};
const options = { signalling: { emit: vi.fn(), on: vi.fn(), off: vi.fn() }, renewToken: async () => 'new' };

afterEach(() => {
  sdk.livekitPublished.length = 0;
  sdk.livekitStats.length = 0;
  sdk.agoraVideoConfigs.length = 0;
  vi.unstubAllEnvs();
});

describe('LiveKit adapter', () => {
  it('publishes the camera capped at the data-saver profile, in one layer; the microphone as it is', async () => {
    const { livekitProvider } = await import('@/features/live-room/video/livekit');
    await livekitProvider.publish(stream, fakeCameraStream(), { ...options, profile: DATA_SAVER_VIDEO });
    expect(sdk.livekitPublished).toEqual([
      {
        kind: 'video',
        options: {
          source: 'camera',
          videoEncoding: { maxBitrate: 300_000, maxFramerate: 15 },
          simulcast: false,
        },
      },
      { kind: 'audio', options: { source: 'microphone' } },
    ]);
  });

  it('keeps simulcast for the standard profile', async () => {
    const { livekitProvider } = await import('@/features/live-room/video/livekit');
    await livekitProvider.publish(stream, fakeCameraStream(), { ...options, profile: STANDARD_VIDEO });
    expect(sdk.livekitPublished[0]?.options).toMatchObject({
      videoEncoding: { maxBitrate: 1_500_000, maxFramerate: 30 },
      simulcast: true,
    });
  });

  it("counts the data used from its tracks' stats, their shared transport once", async () => {
    const { livekitProvider } = await import('@/features/live-room/video/livekit');
    const transport = { id: 'T01', type: 'transport', bytesSent: 2_000_000, bytesReceived: 30_000 };
    sdk.livekitStats.push(
      new Map<string, Record<string, unknown>>([
        ['T01', transport],
        ['OV', { id: 'OV', type: 'outbound-rtp', bytesSent: 1_900_000 }],
      ]),
      new Map<string, Record<string, unknown>>([
        ['T01', transport],
        ['OA', { id: 'OA', type: 'outbound-rtp', bytesSent: 90_000 }],
      ]),
    );
    const publication = await livekitProvider.publish(stream, fakeCameraStream(), options);
    expect(await publication.bytesUsed?.()).toBe(2_030_000);
  });
});

describe('Agora adapter', () => {
  it('makes the camera track at the data-saver size, frame rate and bitrate (kbit/s)', async () => {
    vi.stubEnv('VITE_AGORA_APP_ID', 'app-id');
    const { agoraProvider } = await import('@/features/live-room/video/agora');
    await agoraProvider.publish({ ...stream, videoProvider: 'agora' }, fakeCameraStream(), {
      ...options,
      profile: DATA_SAVER_VIDEO,
    });
    expect(sdk.agoraVideoConfigs).toEqual([
      expect.objectContaining({ width: 480, height: 270, frameRate: 15, bitrateMax: 300 }),
    ]);
  });

  it("counts the data used from the client's sent and received bytes", async () => {
    vi.stubEnv('VITE_AGORA_APP_ID', 'app-id');
    const { agoraProvider } = await import('@/features/live-room/video/agora');
    const publication = await agoraProvider.publish(
      { ...stream, videoProvider: 'agora' },
      fakeCameraStream(),
      {
        ...options,
        profile: STANDARD_VIDEO,
      },
    );
    sdk.agoraStats = { SendBytes: 12_000_000, RecvBytes: 300_000 };
    expect(await publication.bytesUsed?.()).toBe(12_300_000);
  });
});
