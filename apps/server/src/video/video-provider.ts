import { randomUUID } from 'node:crypto';
import type { IceServer, VideoProvider as VideoProviderName } from '@kasuwa/contracts';
import agora from 'agora-token';
import { SignJWT } from 'jose';
import { AccessToken } from 'livekit-server-sdk';
import { type EgressUpload, livekitRecorder, type VideoRecorder } from '@/video/livekit-egress.ts';

export type { IceServer };

/** Which service carries the video, with its settings; parsed from the environment in config.ts. */
export type VideoConfig =
  | { provider: 'local'; iceServers: IceServer[] }
  | {
      provider: 'livekit';
      url: string;
      apiKey: string;
      apiSecret: string;
      /** Where the egress writes replays (our S3 bucket); unset: the egress server's own storage. */
      egressUpload?: EgressUpload | undefined;
    }
  | { provider: 'agora'; appId: string; appCertificate: string };

/** The room (LiveKit) or channel (Agora) of one stream. */
export type VideoRoom = { streamId: string; channelName: string };
export type VideoParticipant = { id: string; name: string };

/**
 * What the server does for a video service: name the room of a stream and hand out tokens. The
 * seller publishes with `publisherToken`; a viewer receives with `viewerToken` (null when the
 * service needs none). The browser side has the same three adapters in apps/web/src/features/live/video.
 */
export interface VideoProvider {
  readonly name: VideoProviderName;
  /** Where the browser connects (LiveKit's URL); null for local and Agora. */
  readonly serverUrl: string | null;
  /** STUN/TURN servers for the local provider; empty otherwise. */
  readonly iceServers: IceServer[];
  publisherToken(room: VideoRoom, seller: VideoParticipant): Promise<string>;
  viewerToken(room: VideoRoom, viewer: VideoParticipant | null): Promise<string | null>;
  /**
   * Records a show on the service's side (LiveKit's egress, issue 21); absent where the studio
   * records in the browser instead (local) or nothing records (Agora).
   */
  readonly recorder?: VideoRecorder;
}

/** One stream, one room; Agora wants channel names under 64 bytes, which this is (43). */
export const channelNameOf = (streamId: string) => `kasuwa-${streamId}`;

/** Tokens outlive a long show; the studio renews its token (GET /streams/{id}/renew-token) anyway. */
export const VIDEO_TOKEN_TTL_SECONDS = 6 * 60 * 60;

/** The audience of the local provider's tokens: not a session, so no API accepts one. */
export const LOCAL_VIDEO_AUDIENCE = 'kasuwa-video';

/**
 * The default: WebRTC peer to peer, signalled over socket.io, with no outside service. Its
 * publisher token is a signed statement of who may publish to which room (the socket relays
 * signalling by the seller's session, so the token is informational); viewers need none.
 */
export function localVideoProvider(options: { secret: string; iceServers: IceServer[] }): VideoProvider {
  const key = new TextEncoder().encode(options.secret);
  return {
    name: 'local',
    serverUrl: null,
    iceServers: options.iceServers,
    async publisherToken(room, seller) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ room: room.channelName, role: 'publisher' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(seller.id)
        .setAudience(LOCAL_VIDEO_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + VIDEO_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async viewerToken() {
      return null;
    },
  };
}

/** LiveKit (cloud or self-hosted): room-scoped JWTs from livekit-server-sdk. */
export function livekitVideoProvider(options: {
  url: string;
  apiKey: string;
  apiSecret: string;
  egressUpload?: EgressUpload | undefined;
}): VideoProvider {
  const token = async (
    room: VideoRoom,
    identity: string,
    name: string,
    grants: { canPublish: boolean; canPublishData: boolean },
  ) => {
    const at = new AccessToken(options.apiKey, options.apiSecret, {
      identity,
      name,
      ttl: VIDEO_TOKEN_TTL_SECONDS,
    });
    at.addGrant({ roomJoin: true, room: room.channelName, canSubscribe: true, ...grants });
    return at.toJwt();
  };
  return {
    name: 'livekit',
    serverUrl: options.url,
    iceServers: [],
    recorder: livekitRecorder({ ...options, upload: options.egressUpload }),
    publisherToken: (room, seller) =>
      token(room, `seller-${seller.id}`, seller.name, { canPublish: true, canPublishData: true }),
    // Anonymous viewers get an identity of their own: LiveKit drops a participant whose identity rejoins.
    viewerToken: (room, viewer) =>
      token(room, viewer ? `buyer-${viewer.id}` : `viewer-${randomUUID()}`, viewer?.name ?? 'Viewer', {
        canPublish: false,
        canPublishData: false,
      }),
  };
}

/**
 * Agora: AccessToken2 RTC tokens from agora-token. Uid 0 lets the client join with any uid
 * (Agora assigns one), so the token is all the client needs besides the channel name.
 */
export function agoraVideoProvider(options: { appId: string; appCertificate: string }): VideoProvider {
  const token = (room: VideoRoom, role: number) =>
    agora.RtcTokenBuilder.buildTokenWithUid(
      options.appId,
      options.appCertificate,
      room.channelName,
      0,
      role,
      VIDEO_TOKEN_TTL_SECONDS,
      VIDEO_TOKEN_TTL_SECONDS,
    );
  return {
    name: 'agora',
    serverUrl: null,
    iceServers: [],
    publisherToken: async (room) => token(room, agora.RtcRole.PUBLISHER),
    viewerToken: async (room) => token(room, agora.RtcRole.SUBSCRIBER),
  };
}

/** The provider the configuration names. `secret` signs the local provider's tokens. */
export function createVideoProvider(config: VideoConfig, secret: string): VideoProvider {
  switch (config.provider) {
    case 'livekit':
      return livekitVideoProvider(config);
    case 'agora':
      return agoraVideoProvider(config);
    default:
      return localVideoProvider({ secret, iceServers: config.iceServers });
  }
}
