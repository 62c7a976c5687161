import { webrtcSocketEvents } from '@kasuwa/contracts';
import type { PeerConnectionLike } from '@/features/live-room/video/local-webrtc';
import type { SignallingChannel } from '@/features/live-room/video/video-provider';

/**
 * Two (or more) WebRTC peers that really negotiate with each other in memory, and a socket.io
 * relay that behaves like the server's: `webrtc_watch` becomes `webrtc_viewer` for the seller,
 * `webrtc_signal` goes to the socket `to` with `from` filled in. A pair of peers connects only once
 * each holds the other's description and at least one of its ICE candidates, and the viewer's
 * peer then receives the tracks the publisher added.
 */

type Listener = (payload: unknown) => void;

export class FakeSocket implements SignallingChannel {
  private handlers = new Map<string, Set<Listener>>();
  readonly emitted: { event: string; payload: unknown }[] = [];
  constructor(
    private readonly relay: FakeRelay,
    public id: string,
  ) {}
  emit(event: string, payload?: unknown) {
    this.emitted.push({ event, payload });
    this.relay.receive(this, event, payload);
    return true;
  }
  on(event: string, handler: Listener) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(handler);
    return this;
  }
  off(event: string, handler: Listener) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  deliver(event: string, payload?: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }
  listenerCount(event: string) {
    return this.handlers.get(event)?.size ?? 0;
  }
}

export class FakeRelay {
  readonly sockets = new Map<string, FakeSocket>();
  seller: FakeSocket | null = null;

  socket(id: string) {
    const socket = new FakeSocket(this, id);
    this.sockets.set(id, socket);
    return socket;
  }

  /** Sockets that asked for the video, as the server's watch room. */
  readonly watching = new Set<string>();
  /** Whether `webrtc_publish` hands the studio the waiting viewers (false: their asks were lost). */
  handOverWaiting = true;

  /** Delivered on a later task, as a network would. */
  receive(from: FakeSocket, event: string, payload: unknown) {
    const body = payload as { streamId?: string; to?: string };
    setTimeout(() => {
      if (event === webrtcSocketEvents.watch) {
        this.watching.add(from.id);
        this.seller?.deliver(webrtcSocketEvents.viewer, { streamId: body.streamId, viewerId: from.id });
      } else if (event === webrtcSocketEvents.publish) {
        // The publishing studio (the server checks its claim) is handed every waiting viewer.
        this.seller = from;
        if (!this.handOverWaiting) return;
        for (const viewerId of this.watching) {
          from.deliver(webrtcSocketEvents.viewer, { streamId: body.streamId, viewerId });
        }
      } else if (event === webrtcSocketEvents.signal && body.to) {
        this.sockets.get(body.to)?.deliver(webrtcSocketEvents.signal, { ...body, from: from.id });
      }
    }, 0);
  }

  /** What the server does when a viewer's socket goes away. */
  viewerLeft(streamId: string, viewerId: string) {
    this.sockets.delete(viewerId);
    this.watching.delete(viewerId);
    setTimeout(() => this.seller?.deliver(webrtcSocketEvents.viewerLeft, { streamId, viewerId }), 0);
  }
}

type Handlers = {
  icecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void)[];
  track: ((event: { track: MediaStreamTrack; streams: readonly MediaStream[] }) => void)[];
  connectionstatechange: (() => void)[];
};

let counter = 0;

export class FakePeer implements PeerConnectionLike {
  static readonly all: FakePeer[] = [];
  static reset() {
    FakePeer.all.length = 0;
  }

  readonly name = `peer-${++counter}`;
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  readonly received: RTCIceCandidateInit[] = [];
  readonly offersMade: number[] = [];
  readonly tracks: { track: MediaStreamTrack; stream: MediaStream }[] = [];
  readonly senders: FakeSender[] = [];
  /** What getStats() reports as bytes on the wire, sent and received; null: no stats (a browser without). */
  wire: { sent: number; received: number } | null = { sent: 0, received: 0 };
  private handlers: Handlers = { icecandidate: [], track: [], connectionstatechange: [] };

  constructor(readonly config: RTCConfiguration) {
    FakePeer.all.push(this);
  }

  addEventListener(type: 'icecandidate', listener: Handlers['icecandidate'][number]): void;
  addEventListener(type: 'track', listener: Handlers['track'][number]): void;
  addEventListener(type: 'connectionstatechange', listener: () => void): void;
  addEventListener(type: keyof Handlers, listener: (event: never) => void): void {
    (this.handlers[type] as ((event: never) => void)[]).push(listener);
  }

  addTrack(track: MediaStreamTrack, stream: MediaStream) {
    this.tracks.push({ track, stream });
    const sender = new FakeSender(track, this);
    this.senders.push(sender);
    return sender;
  }
  async getStats(): Promise<RTCStatsReport> {
    if (this.connectionState === 'closed') throw new Error('closed');
    const entries = new Map<string, Record<string, unknown>>();
    if (this.wire) {
      entries.set('T01', {
        id: 'T01',
        type: 'transport',
        bytesSent: this.wire.sent,
        bytesReceived: this.wire.received,
      });
      // An RTP entry, which must not be counted again on top of its transport.
      entries.set('OT01V', { id: 'OT01V', type: 'outbound-rtp', bytesSent: this.wire.sent });
    }
    return entries as unknown as RTCStatsReport;
  }
  getSenders() {
    return this.senders;
  }
  async createOffer(): Promise<RTCSessionDescriptionInit> {
    this.offersMade.push(Date.now());
    return { type: 'offer', sdp: `sdp:${this.name}` };
  }
  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'answer', sdp: `sdp:${this.name}` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    // Gathering: one candidate, then the end-of-candidates null, on later tasks.
    setTimeout(() => {
      if (this.connectionState === 'closed') return;
      const init = { candidate: `candidate:${this.name}`, sdpMid: '0', sdpMLineIndex: 0 };
      for (const h of this.handlers.icecandidate) h({ candidate: { toJSON: () => init } });
      for (const h of this.handlers.icecandidate) h({ candidate: null });
    }, 0);
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.tryConnect();
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new Error('addIceCandidate before setRemoteDescription');
    this.received.push(candidate);
    this.tryConnect();
  }
  close() {
    this.setState('closed');
  }

  private remote(): FakePeer | undefined {
    const name = this.remoteDescription?.sdp?.replace('sdp:', '');
    return FakePeer.all.find((p) => p.name === name);
  }

  private tryConnect() {
    const other = this.remote();
    if (!other || this.connectionState !== 'new' || other.connectionState !== 'new') return;
    const knows = (a: FakePeer, b: FakePeer) =>
      a.remoteDescription?.sdp === `sdp:${b.name}` &&
      a.received.some((c) => c.candidate === `candidate:${b.name}`);
    if (!knows(this, other) || !knows(other, this)) return;
    for (const [receiver, sender] of [
      [this, other],
      [other, this],
    ] as const) {
      for (const { track, stream } of sender.tracks) {
        for (const h of receiver.handlers.track) h({ track, streams: [stream] });
      }
    }
    this.setState('connected');
    other.setState('connected');
  }

  setState(state: RTCPeerConnectionState) {
    if (this.connectionState === state) return;
    this.connectionState = state;
    for (const h of this.handlers.connectionstatechange) h();
  }
}

/**
 * An RTCRtpSender: its track, and its one encoding, which (as in browsers) exists only once the
 * offer is made.
 */
export class FakeSender {
  encodings: RTCRtpEncodingParameters[] = [];
  constructor(
    public track: MediaStreamTrack | null,
    private readonly peer: FakePeer,
  ) {}
  async replaceTrack(next: MediaStreamTrack | null) {
    this.track = next;
  }
  getParameters(): RTCRtpSendParameters {
    const encodings = this.peer.localDescription ? (this.encodings.length ? this.encodings : [{}]) : [];
    return {
      transactionId: 't',
      encodings: encodings.map((e) => ({ ...e })),
      codecs: [],
      headerExtensions: [],
      rtcp: {},
    };
  }
  async setParameters(parameters: RTCRtpSendParameters) {
    this.encodings = parameters.encodings;
  }
}

export const createFakePeer = (config: RTCConfiguration) => new FakePeer(config);
