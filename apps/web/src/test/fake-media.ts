/**
 * Cameras and microphones for tests: happy-dom has no getUserMedia and cannot make tracks, so
 * these stand in for MediaStream, MediaStreamTrack and navigator.mediaDevices.
 */

let nextId = 1;

export class FakeTrack {
  readonly id = `track-${nextId++}`;
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  /** The lines the camera gives (a video track), as getSettings() reports them. */
  height: number | undefined;
  /** Every applyConstraints() call, in order. */
  readonly applied: MediaTrackConstraints[] = [];
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label: string,
    readonly deviceId: string,
  ) {
    this.height = kind === 'video' ? 720 : undefined;
  }
  stop() {
    this.readyState = 'ended';
  }
  getSettings() {
    return { deviceId: this.deviceId, ...(this.height === undefined ? {} : { height: this.height }) };
  }
  async applyConstraints(constraints: MediaTrackConstraints) {
    this.applied.push(constraints);
  }
}

/**
 * The one cast of the fakes: the code under test takes MediaStreamTrack, of which it uses only
 * what FakeTrack implements. happy-dom's MediaStream holds them as they are.
 */
export const asTrack = (track: FakeTrack) => track as unknown as MediaStreamTrack;

/** happy-dom's MediaStream lacks getTracks(), which browsers have. */
class TestMediaStream extends MediaStream {
  override getTracks(): MediaStreamTrack[] {
    return [...this.getVideoTracks(), ...this.getAudioTracks()];
  }
}

export const fakeStream = (tracks: FakeTrack[]): MediaStream => new TestMediaStream(tracks.map(asTrack));
/** The fake behind a track the code under test handed back. */
export const fakeTrackOf = (track: MediaStreamTrack | null | undefined) =>
  track as unknown as FakeTrack | null;

export function fakeCameraStream(camera = 'cam-1', microphone = 'mic-1'): MediaStream {
  return fakeStream([
    new FakeTrack('video', `Camera ${camera}`, camera),
    new FakeTrack('audio', `Mic ${microphone}`, microphone),
  ]);
}

export type FakeDevice = { kind: MediaDeviceKind; deviceId: string; label: string };

export const twoCameras: FakeDevice[] = [
  { kind: 'videoinput', deviceId: 'cam-1', label: 'Front camera' },
  { kind: 'videoinput', deviceId: 'cam-2', label: 'Back camera' },
  { kind: 'audioinput', deviceId: 'mic-1', label: 'Built-in microphone' },
];

/**
 * navigator.mediaDevices with the given devices; `failWith` makes getUserMedia reject with a
 * DOMException of that name (NotAllowedError for a refused permission, NotFoundError for no camera).
 */
export function fakeMediaDevices(devices: FakeDevice[] = twoCameras, failWith?: string) {
  const requests: MediaStreamConstraints[] = [];
  return {
    requests,
    mediaDevices: {
      async getUserMedia(constraints: MediaStreamConstraints = {}): Promise<MediaStream> {
        requests.push(constraints);
        if (failWith) throw new DOMException('refused', failWith);
        const pick = (c: boolean | MediaTrackConstraints | undefined, kind: MediaDeviceKind) => {
          if (!c) return null;
          const wanted =
            typeof c === 'object' && typeof c.deviceId === 'object' && 'exact' in c.deviceId
              ? c.deviceId.exact
              : undefined;
          return (
            devices.find((d) => d.kind === kind && (wanted === undefined || d.deviceId === wanted)) ?? null
          );
        };
        const camera = pick(constraints.video, 'videoinput');
        const microphone = pick(constraints.audio, 'audioinput');
        if (constraints.video && !camera) throw new DOMException('no camera', 'NotFoundError');
        const tracks = [
          camera && new FakeTrack('video', camera.label, camera.deviceId),
          microphone && new FakeTrack('audio', microphone.label, microphone.deviceId),
        ].filter((t) => t !== null);
        return fakeStream(tracks);
      },
      async enumerateDevices(): Promise<MediaDeviceInfo[]> {
        return devices.map((d) => ({ ...d, groupId: 'g', toJSON: () => d }));
      },
      addEventListener() {},
      removeEventListener() {},
    },
  };
}
