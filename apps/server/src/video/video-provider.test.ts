import { createRequire } from 'node:module';
import { decodeJwt, jwtVerify } from 'jose';
import { TokenVerifier } from 'livekit-server-sdk';
import { describe, expect, it } from 'vitest';
import {
  channelNameOf,
  createVideoProvider,
  LOCAL_VIDEO_AUDIENCE,
  VIDEO_TOKEN_TTL_SECONDS,
} from '@/video/video-provider.ts';

// agora-token ships its token parser only as CommonJS internals.
type ParsedAgoraToken = {
  from_string(token: string): boolean;
  verifySignature(certificate: string): boolean;
  appId: Uint8Array;
  services: Array<{ __channel_name: Uint8Array; __uid: Uint8Array; __privileges: Record<number, number> }>;
};
const { AccessToken2 } = createRequire(import.meta.url)('agora-token/src/AccessToken2') as {
  AccessToken2: new () => ParsedAgoraToken;
};

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');

const streamId = '7d1f0c56-4d3e-4a8e-9b47-3a2d9f1e2c11';
const room = { streamId, channelName: channelNameOf(streamId) };
const seller = { id: 'b5c3b0de-1111-4a2a-9c9c-0d1e2f3a4b5c', name: 'Bola Stores' };
const buyer = { id: 'c7a1e2f3-2222-4b3b-8d8d-1e2f3a4b5c6d', name: 'Ada' };

describe('LiveKit tokens', () => {
  const config = {
    provider: 'livekit' as const,
    url: 'wss://kasuwa.livekit.cloud',
    apiKey: 'APIkasuwaKey',
    apiSecret: 'a-livekit-secret-that-is-long-enough-for-hs256',
  };
  const provider = createVideoProvider(config, 'unused');
  const verifier = new TokenVerifier(config.apiKey, config.apiSecret);

  it('lets the seller publish to the stream’s room only', async () => {
    const claims = await verifier.verify(await provider.publisherToken(room, seller));
    expect(claims.sub).toBe(`seller-${seller.id}`);
    expect(claims.name).toBe('Bola Stores');
    expect(claims.iss).toBe(config.apiKey);
    expect(claims.video).toMatchObject({
      roomJoin: true,
      room: `kasuwa-${streamId}`,
      canPublish: true,
      canSubscribe: true,
    });
    expect((claims.exp ?? 0) - (claims.nbf ?? 0)).toBe(VIDEO_TOKEN_TTL_SECONDS);
  });

  it('lets a viewer watch but not publish, each anonymous viewer with an identity of its own', async () => {
    const named = decodeJwt(String(await provider.viewerToken(room, buyer)));
    expect(named.sub).toBe(`buyer-${buyer.id}`);
    expect(named.video).toMatchObject({ roomJoin: true, room: room.channelName, canPublish: false });
    const a = decodeJwt(String(await provider.viewerToken(room, null)));
    const b = decodeJwt(String(await provider.viewerToken(room, null)));
    expect(a.sub).toMatch(/^viewer-/);
    expect(a.sub).not.toBe(b.sub);
    expect(provider.serverUrl).toBe(config.url);
  });

  it('signs with the configured secret', async () => {
    const forged = new TokenVerifier(config.apiKey, 'another-secret-another-secret-another');
    await expect(forged.verify(await provider.publisherToken(room, seller))).rejects.toThrow();
  });
});

describe('Agora tokens', () => {
  const appId = '0123456789abcdef0123456789abcdef';
  const appCertificate = 'fedcba9876543210fedcba9876543210';
  const provider = createVideoProvider({ provider: 'agora', appId, appCertificate }, 'unused');

  const parse = (token: string | null) => {
    const parsed = new AccessToken2();
    expect(parsed.from_string(String(token))).toBe(true);
    return parsed;
  };

  it('gives the seller a publishing RTC token for the stream’s channel', async () => {
    const token = await provider.publisherToken(room, seller);
    expect(token.startsWith('007')).toBe(true);
    const parsed = parse(token);
    expect(text(parsed.appId)).toBe(appId);
    expect(parsed.verifySignature(appCertificate)).toBe(true);
    expect(parsed.verifySignature('00000000000000000000000000000000')).toBe(false);
    const [rtc] = parsed.services;
    expect(text(rtc?.__channel_name)).toBe(`kasuwa-${streamId}`);
    expect(text(rtc?.__uid)).toBe('');
    // Join, and publish audio, video and data.
    expect(Object.keys(rtc?.__privileges ?? {}).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('gives viewers a token that may join but not publish', async () => {
    const parsed = parse(await provider.viewerToken(room, null));
    const [rtc] = parsed.services;
    expect(text(rtc?.__channel_name)).toBe(room.channelName);
    expect(Object.keys(rtc?.__privileges ?? {})).toEqual(['1']);
  });
});

describe('the local provider (default)', () => {
  const secret = 'a-test-secret-of-at-least-thirty-two-chars';
  const iceServers = [{ urls: 'stun:stun.example.ng:3478' }];
  const provider = createVideoProvider({ provider: 'local', iceServers }, secret);

  it('signs a publisher token for the room and needs no viewer token', async () => {
    const { payload } = await jwtVerify(
      await provider.publisherToken(room, seller),
      new TextEncoder().encode(secret),
      { audience: LOCAL_VIDEO_AUDIENCE },
    );
    expect(payload).toMatchObject({ sub: seller.id, room: room.channelName, role: 'publisher' });
    expect(await provider.viewerToken(room, buyer)).toBeNull();
    expect(provider.iceServers).toEqual(iceServers);
    expect(provider.serverUrl).toBeNull();
  });
});
