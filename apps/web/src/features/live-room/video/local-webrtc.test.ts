import { webrtcSocketEvents } from '@kasuwa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLocal, WATCH_RETRY_MS, watchLocal } from '@/features/live-room/video/local-webrtc';
import type { VideoStatus, VideoStream } from '@/features/live-room/video/video-provider';
import { DATA_SAVER_VIDEO, STANDARD_VIDEO, type VideoProfile } from '@/lib/data-saver';
import { fakeCameraStream, fakeTrackOf } from '@/test/fake-media';
import { createFakePeer, FakePeer, FakeRelay } from '@/test/fake-webrtc';

const stream: VideoStream = {
  _id: '7a0c6a4e-3a51-4d8e-9a53-2d0e1c4b5f60',
  channelName: 'show-1',
  agoraToken: null,
  videoProvider: 'local',
  videoServerUrl: null,
};

const ice = [{ urls: 'stun:stun.example.ng:3478' }];

beforeEach(() => {
  vi.useFakeTimers();
  FakePeer.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the relay deliver and the peers negotiate. */
const settle = () => vi.advanceTimersByTimeAsync(10);

function studio(relay: FakeRelay, camera = fakeCameraStream(), profile?: VideoProfile) {
  const socket = relay.socket('seller-socket');
  relay.seller = socket;
  const publication = publishLocal(
    stream,
    camera,
    { signalling: socket, iceServers: ice, ...(profile ? { profile } : {}) },
    createFakePeer,
  );
  return { socket, publication, camera };
}

/** The connections the studio made (the ones sending tracks), in order. */
const publisherPeers = () => FakePeer.all.filter((p) => p.tracks.length > 0);
const videoEncodings = (peer: FakePeer | undefined) =>
  peer?.senders.find((s) => s.track?.kind === 'video')?.encodings;

function viewer(relay: FakeRelay, id: string) {
  const socket = relay.socket(id);
  const video = document.createElement('video');
  const statuses: VideoStatus[] = [];
  const session = watchLocal(
    stream,
    video,
    { signalling: socket, iceServers: ice, onStatus: (s) => statuses.push(s) },
    createFakePeer,
  );
  return { socket, video, statuses, session };
}

describe('local WebRTC provider', () => {
  it("plays the studio's camera on a watch page, after offer, answer and ICE candidates", async () => {
    const relay = new FakeRelay();
    const { camera } = studio(relay);
    const watcher = viewer(relay, 'viewer-1');
    await settle();

    expect(watcher.video.srcObject).toBe(camera);
    expect(watcher.statuses).toEqual(['waiting', 'connecting', 'playing']);
    const [publisherPeer, viewerPeer] = FakePeer.all;
    expect(publisherPeer?.connectionState).toBe('connected');
    expect(viewerPeer?.connectionState).toBe('connected');
    // The STUN/TURN servers given are the ones both peers use.
    expect(publisherPeer?.config.iceServers).toEqual(ice);
    expect(viewerPeer?.config.iceServers).toEqual(ice);
  });

  it('moves viewers to a studio that takes the show over, at once', async () => {
    const relay = new FakeRelay();
    const first = studio(relay);
    const watcher = viewer(relay, 'viewer-1');
    await settle();
    expect(watcher.video.srcObject).toBe(first.camera);

    // The seller opens the studio in another window: it publishes, the first one stops.
    const secondCamera = fakeCameraStream('cam-2');
    const second = publishLocal(
      stream,
      secondCamera,
      { signalling: relay.socket('second-studio'), iceServers: ice },
      createFakePeer,
    );
    first.publication.stop();
    await settle();

    expect(watcher.video.srcObject).toBe(secondCamera);
    expect(second.viewerIds()).toEqual(['viewer-1']);
    expect(first.publication.viewerIds()).toEqual([]);
    const [firstPeer, firstViewerPeer, secondPeer, viewerPeer] = FakePeer.all;
    expect(firstPeer?.connectionState).toBe('closed');
    expect(firstViewerPeer?.connectionState).toBe('closed');
    expect(secondPeer?.connectionState).toBe('connected');
    expect(viewerPeer?.connectionState).toBe('connected');
    // At once, not at the viewer's next retry.
    expect(watcher.socket.emitted.filter((e) => e.event === webrtcSocketEvents.watch)).toHaveLength(1);
  });

  it('keeps one connection per viewer and closes only the one whose viewer left', async () => {
    const relay = new FakeRelay();
    const { publication } = studio(relay);
    const first = viewer(relay, 'viewer-1');
    const second = viewer(relay, 'viewer-2');
    await settle();
    expect(publication.viewerIds().sort()).toEqual(['viewer-1', 'viewer-2']);
    expect(first.video.srcObject).not.toBeNull();
    expect(second.video.srcObject).not.toBeNull();

    relay.viewerLeft(stream._id, 'viewer-1');
    await settle();

    expect(publication.viewerIds()).toEqual(['viewer-2']);
    const publisherPeers = FakePeer.all.filter((p) => p.tracks.length > 0);
    expect(publisherPeers.map((p) => p.connectionState)).toEqual(['closed', 'connected']);
  });

  it('switches camera for every viewer without a new offer', async () => {
    const relay = new FakeRelay();
    const { publication } = studio(relay);
    viewer(relay, 'viewer-1');
    viewer(relay, 'viewer-2');
    await settle();
    const publisherPeers = FakePeer.all.filter((p) => p.tracks.length > 0);

    const back = fakeCameraStream('cam-2', 'mic-2');
    await publication.replaceStream(back);

    for (const peer of publisherPeers) {
      expect(peer.senders.map((s) => s.track)).toEqual(back.getTracks());
      expect(peer.offersMade).toHaveLength(1);
    }
  });

  it('plays as soon as the seller starts publishing: the studio is handed the waiting viewer', async () => {
    const relay = new FakeRelay();
    const watcher = viewer(relay, 'viewer-1');
    await settle();
    expect(watcher.statuses).toEqual(['waiting']);

    studio(relay);
    await settle();

    expect(watcher.socket.emitted.filter((e) => e.event === webrtcSocketEvents.watch)).toHaveLength(1);
    expect(watcher.statuses.at(-1)).toBe('playing');
  });

  it('keeps asking until the seller starts publishing, then plays', async () => {
    const relay = new FakeRelay();
    // The studio is not handed the viewer (its ask was lost): the viewer's own retry brings it.
    relay.handOverWaiting = false;
    const watcher = viewer(relay, 'viewer-1');
    await settle();
    expect(watcher.statuses).toEqual(['waiting']);

    studio(relay);
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS);
    await settle();

    const asks = watcher.socket.emitted.filter((e) => e.event === webrtcSocketEvents.watch);
    expect(asks).toHaveLength(2);
    expect(watcher.statuses.at(-1)).toBe('playing');
  });

  it('asks again under its new socket id after the socket reconnects', async () => {
    const relay = new FakeRelay();
    const { publication } = studio(relay);
    const watcher = viewer(relay, 'viewer-1');
    await settle();

    relay.sockets.delete('viewer-1');
    watcher.socket.id = 'viewer-1b';
    relay.sockets.set('viewer-1b', watcher.socket);
    watcher.socket.deliver('connect');
    await settle();

    expect(publication.viewerIds()).toContain('viewer-1b');
    expect(watcher.statuses.at(-1)).toBe('playing');
  });

  it('ignores the signalling of other shows', async () => {
    const relay = new FakeRelay();
    const { socket, publication } = studio(relay);
    socket.deliver(webrtcSocketEvents.viewer, { streamId: 'another-show', viewerId: 'viewer-9' });
    await settle();
    expect(publication.viewerIds()).toEqual([]);
    expect(FakePeer.all).toHaveLength(0);
  });

  it('stops cleanly: connections closed, listeners removed, the video emptied', async () => {
    const relay = new FakeRelay();
    const { socket, publication } = studio(relay);
    const watcher = viewer(relay, 'viewer-1');
    await settle();

    watcher.session.stop();
    publication.stop();

    expect(FakePeer.all.every((p) => p.connectionState === 'closed')).toBe(true);
    expect(watcher.video.srcObject).toBeNull();
    expect(socket.listenerCount(webrtcSocketEvents.viewer)).toBe(0);
    expect(watcher.socket.listenerCount(webrtcSocketEvents.signal)).toBe(0);
    // No more asking once stopped.
    const asked = watcher.socket.emitted.length;
    await vi.advanceTimersByTimeAsync(WATCH_RETRY_MS * 3);
    expect(watcher.socket.emitted).toHaveLength(asked);
  });
});

describe('local WebRTC provider: data-saver and data used', () => {
  it("keeps each viewer's video under the profile: its frame rate, its bitrate, scaled to its lines", async () => {
    const relay = new FakeRelay();
    const camera = fakeCameraStream();
    // A camera that gave 540 lines where 270 were asked for.
    const track = fakeTrackOf(camera.getVideoTracks()[0]);
    if (track) track.height = 540;
    studio(relay, camera, DATA_SAVER_VIDEO);
    viewer(relay, 'viewer-1');
    await settle();

    const [peer] = publisherPeers();
    expect(peer?.connectionState).toBe('connected');
    expect(videoEncodings(peer)).toEqual([
      { maxBitrate: 300_000, maxFramerate: 15, scaleResolutionDownBy: 2 },
    ]);
    // The microphone is left as the browser sends it.
    expect(peer?.senders.find((s) => s.track?.kind === 'audio')?.encodings).toEqual([]);
  });

  it('sends every viewer at a new profile when data-saver is switched during the show', async () => {
    const relay = new FakeRelay();
    const { publication } = studio(relay, fakeCameraStream(), STANDARD_VIDEO);
    viewer(relay, 'viewer-1');
    viewer(relay, 'viewer-2');
    await settle();
    expect(publisherPeers().map((p) => videoEncodings(p)?.[0]?.maxFramerate)).toEqual([30, 30]);

    await publication.setProfile?.(DATA_SAVER_VIDEO);
    for (const peer of publisherPeers()) {
      expect(videoEncodings(peer)).toEqual([
        // The fake camera gives 720 lines: scaled down to 270.
        { maxBitrate: 300_000, maxFramerate: 15, scaleResolutionDownBy: 720 / 270 },
      ]);
    }
  });

  it("counts the bytes of every viewer's connection, keeping a closed one's last count", async () => {
    const relay = new FakeRelay();
    const { publication } = studio(relay);
    viewer(relay, 'viewer-1');
    viewer(relay, 'viewer-2');
    await settle();
    expect(await publication.bytesUsed?.()).toBe(0);

    const [first, second] = publisherPeers();
    if (!first || !second) throw new Error('two connections expected');
    first.wire = { sent: 4_000_000, received: 50_000 };
    second.wire = { sent: 3_000_000, received: 40_000 };
    expect(await publication.bytesUsed?.()).toBe(7_090_000);

    // Viewer 1 leaves: its connection closes with 4.05 MB counted, and still counts.
    relay.viewerLeft(stream._id, 'viewer-1');
    await settle();
    expect(first.connectionState).toBe('closed');
    second.wire = { sent: 5_000_000, received: 60_000 };
    expect(await publication.bytesUsed?.()).toBe(4_050_000 + 5_060_000);
  });
});
