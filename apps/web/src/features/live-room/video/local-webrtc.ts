// size: both halves of one protocol (the studio publishing, a watch page playing) and their connection bookkeeping, kept side by side
import {
  type WebrtcSignalPayload,
  webrtcSignalPayload,
  webrtcSocketEvents,
  webrtcViewerEvent,
} from '@kasuwa/contracts';
import {
  bytesOfStats,
  type Publication,
  type VideoOptions,
  type VideoProviderClient,
  type VideoSession,
  type VideoStatus,
  type VideoStream,
} from '@/features/live-room/video/video-provider';
import type { VideoProfile } from '@/lib/data-saver';

/**
 * The local provider: plain WebRTC, peer to peer. The studio keeps one RTCPeerConnection per
 * viewer and sends each the camera; a watch page keeps one. Signalling goes over the live socket
 * (socket-events.ts, `webrtcSocketEvents`): a viewer asks with `webrtc_watch`, the server hands
 * the studio `webrtc_viewer`, the studio offers, the viewer answers, both trade ICE candidates,
 * and the server only relays between the two sockets.
 *
 * The seller's uplink carries one copy of the video per viewer, so this suits a handful of viewers
 * per show; LiveKit or Agora (a media server) carry larger audiences.
 */

/** What we use of RTCPeerConnection, so tests can connect two fakes instead. */
export interface PeerConnectionLike {
  readonly connectionState: RTCPeerConnectionState;
  readonly remoteDescription: RTCSessionDescriptionInit | null;
  addEventListener(
    type: 'icecandidate',
    listener: (event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void,
  ): void;
  addEventListener(
    type: 'track',
    listener: (event: { track: MediaStreamTrack; streams: readonly MediaStream[] }) => void,
  ): void;
  addEventListener(type: 'connectionstatechange', listener: () => void): void;
  addTrack(track: MediaStreamTrack, stream: MediaStream): unknown;
  getSenders(): readonly SenderLike[];
  /** The connection's stats (bytes on the wire, for the studio's "Data used this show"). */
  getStats?(): Promise<RTCStatsReport>;
  createOffer(): Promise<RTCSessionDescriptionInit>;
  createAnswer(): Promise<RTCSessionDescriptionInit>;
  setLocalDescription(description: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  close(): void;
}

/** What we use of RTCRtpSender: swapping its track, and its encoding (the data-saver profile). */
export interface SenderLike {
  readonly track: MediaStreamTrack | null;
  replaceTrack(t: MediaStreamTrack | null): Promise<void>;
  getParameters?(): RTCRtpSendParameters;
  setParameters?(parameters: RTCRtpSendParameters): Promise<void>;
}

export type CreatePeer = (config: RTCConfiguration) => PeerConnectionLike;

/**
 * Keeps a connection's video encoder under the profile: its frame rate and bitrate, and, when the
 * camera gave more lines than the profile's (it may ignore the size asked for), scaled down to them.
 * Browsers have the encoding to change once the offer is made (before it, `encodings` is empty).
 */
export async function encodeAt(pc: PeerConnectionLike, profile: VideoProfile): Promise<void> {
  for (const sender of pc.getSenders()) {
    const track = sender.track;
    if (track?.kind !== 'video' || !sender.getParameters || !sender.setParameters) continue;
    const parameters = sender.getParameters();
    if (!parameters.encodings?.length) continue;
    const height = track.getSettings?.().height;
    const scaleResolutionDownBy = height && height > profile.height ? height / profile.height : 1;
    parameters.encodings = parameters.encodings.map((encoding) => ({
      ...encoding,
      maxBitrate: profile.maxBitrate,
      maxFramerate: profile.frameRate,
      scaleResolutionDownBy,
    }));
    await sender.setParameters(parameters).catch(() => {});
  }
}

const browserPeer: CreatePeer = (config) => new RTCPeerConnection(config);

/** How often a watch page that is not receiving asks again (the seller may have gone live since). */
export const WATCH_RETRY_MS = 4_000;

type Signal = WebrtcSignalPayload;

function parseSignal(raw: unknown, streamId: string): Signal | null {
  const parsed = webrtcSignalPayload.safeParse(raw);
  return parsed.success && parsed.data.streamId === streamId && parsed.data.from ? parsed.data : null;
}

function candidateJson(candidate: { toJSON(): RTCIceCandidateInit }): NonNullable<Signal['candidate']> {
  const json = candidate.toJSON();
  return {
    candidate: json.candidate ?? '',
    sdpMid: json.sdpMid ?? null,
    sdpMLineIndex: json.sdpMLineIndex ?? null,
  };
}

function description(init: RTCSessionDescriptionInit): Signal['description'] {
  if ((init.type !== 'offer' && init.type !== 'answer') || init.sdp === undefined) {
    throw new Error('WebRTC produced an unexpected session description');
  }
  return { type: init.type, sdp: init.sdp };
}

/**
 * Candidates can arrive before the description they belong to (they travel separately); they are
 * held until the remote description is set.
 */
class CandidateQueue {
  private held: RTCIceCandidateInit[] = [];
  constructor(private readonly pc: PeerConnectionLike) {}

  async add(candidate: RTCIceCandidateInit) {
    if (this.pc.remoteDescription) await this.pc.addIceCandidate(candidate).catch(() => {});
    else this.held.push(candidate);
  }

  async flush() {
    const held = this.held;
    this.held = [];
    for (const candidate of held) await this.pc.addIceCandidate(candidate).catch(() => {});
  }
}

/**
 * The studio's side: answers every `webrtc_viewer` with an offer carrying the camera. The server
 * sends those only to the studio holding the show (`studio_claim`), so a second studio of the same
 * seller never competes for a viewer.
 */
export function publishLocal(
  stream: VideoStream,
  mediaStream: MediaStream,
  {
    signalling,
    iceServers = [],
    onStatus,
    profile: initialProfile,
  }: Pick<VideoOptions, 'signalling' | 'iceServers' | 'onStatus' | 'profile'>,
  createPeer: CreatePeer = browserPeer,
): Publication & { viewerIds(): string[] } {
  const streamId = stream._id;
  const peers = new Map<string, { pc: PeerConnectionLike; candidates: CandidateQueue }>();
  let current = mediaStream;
  let profile = initialProfile;
  let stopped = false;
  // Bytes of each open connection at its last count, and of the connections closed since (their
  // last count: a closed connection has no stats to ask).
  const counted = new Map<PeerConnectionLike, number>();
  let closedBytes = 0;

  const drop = (viewerId: string, pc?: PeerConnectionLike) => {
    const peer = peers.get(viewerId);
    if (!peer || (pc && peer.pc !== pc)) return;
    peers.delete(viewerId);
    closedBytes += counted.get(peer.pc) ?? 0;
    counted.delete(peer.pc);
    peer.pc.close();
  };

  async function offerTo(viewerId: string) {
    // A viewer asking again (its retry, or a reload keeping its socket) starts afresh.
    drop(viewerId);
    const pc = createPeer({ iceServers });
    const candidates = new CandidateQueue(pc);
    peers.set(viewerId, { pc, candidates });
    for (const track of current.getTracks()) pc.addTrack(track, current);
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (candidate)
        signalling.emit(webrtcSocketEvents.signal, {
          streamId,
          to: viewerId,
          candidate: candidateJson(candidate),
        });
    });
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') drop(viewerId, pc);
    });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    if (profile) await encodeAt(pc, profile);
    if (peers.get(viewerId)?.pc !== pc) return;
    signalling.emit(webrtcSocketEvents.signal, { streamId, to: viewerId, description: description(offer) });
  }

  const onViewer = (raw: unknown) => {
    const parsed = webrtcViewerEvent.safeParse(raw);
    if (stopped || !parsed.success || parsed.data.streamId !== streamId) return;
    offerTo(parsed.data.viewerId).catch(() => drop(parsed.data.viewerId));
  };

  const onSignal = (raw: unknown) => {
    const signal = parseSignal(raw, streamId);
    const peer = signal?.from ? peers.get(signal.from) : undefined;
    if (!signal || !peer) return;
    if (signal.description?.type === 'answer') {
      peer.pc
        .setRemoteDescription(signal.description)
        .then(() => peer.candidates.flush())
        .catch(() => signal.from && drop(signal.from, peer.pc));
    }
    if (signal.candidate) void peer.candidates.add(signal.candidate);
  };

  const onViewerLeft = (raw: unknown) => {
    const parsed = webrtcViewerEvent.safeParse(raw);
    if (parsed.success && parsed.data.streamId === streamId) drop(parsed.data.viewerId);
  };

  signalling.on(webrtcSocketEvents.viewer, onViewer);
  signalling.on(webrtcSocketEvents.signal, onSignal);
  signalling.on(webrtcSocketEvents.viewerLeft, onViewerLeft);
  // Listening now: the server hands over the viewers already waiting (this studio may have just
  // taken the show from another window, whose viewers then switch to this one at once).
  signalling.emit(webrtcSocketEvents.publish, { streamId });
  onStatus?.('playing');

  return {
    viewerIds: () => [...peers.keys()],
    async replaceStream(next) {
      current = next;
      const replacing: Promise<void>[] = [];
      for (const { pc } of peers.values()) {
        for (const sender of pc.getSenders()) {
          const kind = sender.track?.kind;
          const track = next.getTracks().find((t) => t.kind === kind);
          if (kind && track) replacing.push(sender.replaceTrack(track).catch(() => {}));
        }
      }
      await Promise.all(replacing);
    },
    async setProfile(next) {
      profile = next;
      await Promise.all([...peers.values()].map(({ pc }) => encodeAt(pc, next)));
    },
    async bytesUsed() {
      const open = [...peers.values()].map(({ pc }) => pc);
      await Promise.all(
        open.map(async (pc) => {
          const report = await pc.getStats?.().catch(() => undefined);
          // Not one dropped while its stats were read (its count is already in closedBytes).
          if (report && [...peers.values()].some((p) => p.pc === pc)) counted.set(pc, bytesOfStats([report]));
        }),
      );
      let total = closedBytes;
      for (const pc of open) total += counted.get(pc) ?? 0;
      return total;
    },
    stop() {
      stopped = true;
      signalling.off(webrtcSocketEvents.viewer, onViewer);
      signalling.off(webrtcSocketEvents.signal, onSignal);
      signalling.off(webrtcSocketEvents.viewerLeft, onViewerLeft);
      for (const viewerId of [...peers.keys()]) drop(viewerId);
    },
  };
}

/**
 * A watch page's side: asks for the video, answers the studio's offer and plays what arrives. It
 * asks again every few seconds while nothing plays (the seller may go live, or come back after a
 * reload, later), and at once after its socket reconnects (its id, which the studio knew, changed).
 */
export function watchLocal(
  stream: VideoStream,
  video: HTMLVideoElement,
  { signalling, iceServers = [], onStatus }: Pick<VideoOptions, 'signalling' | 'iceServers' | 'onStatus'>,
  createPeer: CreatePeer = browserPeer,
  retryMs = WATCH_RETRY_MS,
): VideoSession {
  const streamId = stream._id;
  let peer: { pc: PeerConnectionLike; from: string; candidates: CandidateQueue } | null = null;
  // Candidates from a sender whose offer has not arrived yet.
  let early: { from: string; candidate: RTCIceCandidateInit }[] = [];
  let status: VideoStatus | null = null;
  let staleChecks = 0;
  let stopped = false;

  const report = (next: VideoStatus) => {
    if (next === status) return;
    status = next;
    onStatus?.(next);
  };

  const closePeer = () => {
    peer?.pc.close();
    peer = null;
  };

  const askToWatch = () => {
    if (stopped) return;
    signalling.emit(webrtcSocketEvents.watch, { streamId });
  };

  async function answer(from: string, offer: NonNullable<Signal['description']>) {
    closePeer();
    const pc = createPeer({ iceServers });
    const candidates = new CandidateQueue(pc);
    peer = { pc, from, candidates };
    report('connecting');
    pc.addEventListener('track', ({ track, streams }) => {
      const source = streams[0] ?? new MediaStream([track]);
      if (video.srcObject !== source) video.srcObject = source;
      void video.play?.().catch(() => {});
    });
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (candidate)
        signalling.emit(webrtcSocketEvents.signal, {
          streamId,
          to: from,
          candidate: candidateJson(candidate),
        });
    });
    pc.addEventListener('connectionstatechange', () => {
      if (peer?.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        staleChecks = 0;
        report('playing');
      } else if (pc.connectionState === 'disconnected' || pc.connectionState === 'failed') {
        report('reconnecting');
      }
    });
    await pc.setRemoteDescription(offer);
    const mine = early.filter((e) => e.from === from);
    early = early.filter((e) => e.from !== from);
    for (const e of mine) await candidates.add(e.candidate);
    const local = await pc.createAnswer();
    await pc.setLocalDescription(local);
    if (peer?.pc !== pc) return;
    signalling.emit(webrtcSocketEvents.signal, { streamId, to: from, description: description(local) });
  }

  const onSignal = (raw: unknown) => {
    const signal = parseSignal(raw, streamId);
    if (stopped || !signal?.from) return;
    const from = signal.from;
    if (signal.description?.type === 'offer') {
      answer(from, signal.description).catch(() => {
        closePeer();
        report('reconnecting');
      });
    }
    if (signal.candidate) {
      if (peer && peer.from === from) void peer.candidates.add(signal.candidate);
      else early.push({ from, candidate: signal.candidate });
    }
  };

  const onReconnect = () => {
    closePeer();
    askToWatch();
  };

  // Nothing playing: ask again, at once when there is no connection, after a few checks while one
  // is negotiating or 'disconnected' (Chrome can take half a minute to call a lost one 'failed').
  const retry = setInterval(() => {
    const state = peer?.pc.connectionState;
    if (state === 'connected') {
      staleChecks = 0;
      return;
    }
    staleChecks += 1;
    const patience = state === undefined || state === 'failed' || state === 'closed' ? 1 : 3;
    if (staleChecks < patience) return;
    staleChecks = 0;
    if (peer) report('reconnecting');
    closePeer();
    askToWatch();
  }, retryMs);

  signalling.on(webrtcSocketEvents.signal, onSignal);
  signalling.on('connect', onReconnect);
  report('waiting');
  askToWatch();

  return {
    stop() {
      stopped = true;
      clearInterval(retry);
      signalling.off(webrtcSocketEvents.signal, onSignal);
      signalling.off('connect', onReconnect);
      closePeer();
      video.srcObject = null;
    },
  };
}

export const localWebrtcProvider: VideoProviderClient = {
  name: 'local',
  publish: async (stream, mediaStream, options) => publishLocal(stream, mediaStream, options),
  watch: async (stream, video, options) => watchLocal(stream, video, options),
};
