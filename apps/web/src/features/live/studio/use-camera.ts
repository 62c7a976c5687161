import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { STANDARD_VIDEO, type VideoProfile } from '@/lib/data-saver';

/**
 * The studio's camera and microphone: a getUserMedia preview, the devices to choose from, and the
 * mute and camera toggles. Toggling only disables the track (viewers see black and hear silence)
 * so going back on needs no new permission and no renegotiation with viewers.
 */

/** What we use of navigator.mediaDevices; a fake in tests. */
export type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'> &
  Partial<Pick<MediaDevices, 'addEventListener' | 'removeEventListener'>>;

export type CameraProblem = 'denied' | 'no-camera' | 'in-use' | 'unsupported' | 'failed';

export const cameraProblems: Record<CameraProblem, { title: string; text: string }> = {
  denied: {
    title: 'Camera and microphone are blocked',
    text: 'Allow camera and microphone for this site in your browser settings (the camera icon in the address bar), then tap Try again.',
  },
  'no-camera': {
    title: 'No camera found',
    text: 'Connect a camera, or open the studio on your phone, then tap Try again.',
  },
  'in-use': {
    title: 'Your camera is busy',
    text: 'Another app is using the camera or microphone. Close it, then tap Try again.',
  },
  unsupported: {
    title: 'This browser cannot use the camera here',
    text: 'Open the studio in an up-to-date Chrome, Safari or Firefox, over a secure (https) address.',
  },
  failed: {
    title: 'The camera could not start',
    text: 'Tap Try again. If it keeps failing, restart your browser.',
  },
};

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'no-camera';
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return 'in-use';
  return 'failed';
}

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface CameraState {
  stream: MediaStream | null;
  problem: CameraProblem | null;
  starting: boolean;
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  cameraId: string | null;
  microphoneId: string | null;
  micOn: boolean;
  cameraOn: boolean;
}

const browserDevices = (): MediaDevicesLike | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;

function options(devices: MediaDeviceInfo[], kind: MediaDeviceKind, fallback: string): DeviceOption[] {
  return devices
    .filter((d) => d.kind === kind && d.deviceId !== '')
    .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
}

const stopAll = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** The camera's constraints for a profile: its size and frame rate as ideals, the frame rate also as a ceiling. */
export function videoConstraints(profile: VideoProfile): MediaTrackConstraints {
  return {
    width: { ideal: profile.width },
    height: { ideal: profile.height },
    frameRate: { ideal: profile.frameRate, max: profile.frameRate },
  };
}

/**
 * `profile` (lib/data-saver's studioVideoProfile) is the size and frame rate captured: a lighter
 * camera with data-saver on. A change while the camera runs is applied to its track, not by
 * starting it again.
 */
export function useCamera(
  mediaDevices: MediaDevicesLike | undefined = browserDevices(),
  profile: VideoProfile = STANDARD_VIDEO,
) {
  const [state, setState] = useState<CameraState>({
    stream: null,
    problem: null,
    starting: true,
    cameras: [],
    microphones: [],
    cameraId: null,
    microphoneId: null,
    micOn: true,
    cameraOn: true,
  });
  const streamRef = useRef<MediaStream | null>(null);
  const toggles = useRef({ micOn: true, cameraOn: true });
  const request = useRef(0);
  // Read when the camera starts, so a profile change does not restart it (see the effect below).
  const profileRef = useRef(profile);
  profileRef.current = profile;

  const refreshDevices = useCallback(async () => {
    if (!mediaDevices) return;
    try {
      const devices = await mediaDevices.enumerateDevices();
      setState((s) => ({
        ...s,
        cameras: options(devices, 'videoinput', 'Camera'),
        microphones: options(devices, 'audioinput', 'Microphone'),
      }));
    } catch {
      // The pickers stay as they were; the preview itself is unaffected.
    }
  }, [mediaDevices]);

  const start = useCallback(
    async (choice: { cameraId?: string | null; microphoneId?: string | null } = {}) => {
      const id = ++request.current;
      if (!mediaDevices) {
        setState((s) => ({ ...s, starting: false, problem: 'unsupported' }));
        return;
      }
      setState((s) => ({ ...s, starting: true }));
      try {
        const stream = await mediaDevices.getUserMedia({
          video: choice.cameraId
            ? { deviceId: { exact: choice.cameraId }, ...videoConstraints(profileRef.current) }
            : { facingMode: 'user', ...videoConstraints(profileRef.current) },
          audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
        });
        if (id !== request.current) {
          stopAll(stream);
          return;
        }
        for (const track of stream.getAudioTracks()) track.enabled = toggles.current.micOn;
        for (const track of stream.getVideoTracks()) track.enabled = toggles.current.cameraOn;
        // The new camera is running before the old one stops, so the preview never goes blank.
        stopAll(streamRef.current);
        streamRef.current = stream;
        const deviceOf = (track: MediaStreamTrack | undefined) => track?.getSettings().deviceId ?? null;
        setState((s) => ({
          ...s,
          stream,
          problem: null,
          starting: false,
          cameraId: deviceOf(stream.getVideoTracks()[0]) ?? choice.cameraId ?? null,
          microphoneId: deviceOf(stream.getAudioTracks()[0]) ?? choice.microphoneId ?? null,
        }));
        // Device names are only readable once permission is granted.
        await refreshDevices();
      } catch (error) {
        if (id !== request.current) return;
        setState((s) => ({ ...s, starting: false, problem: problemOf(error) }));
      }
    },
    [mediaDevices, refreshDevices],
  );

  useEffect(() => {
    void start();
    const onChange = () => void refreshDevices();
    mediaDevices?.addEventListener?.('devicechange', onChange);
    return () => {
      request.current += 1;
      mediaDevices?.removeEventListener?.('devicechange', onChange);
      stopAll(streamRef.current);
      streamRef.current = null;
    };
  }, [mediaDevices, start, refreshDevices]);

  const { width, height, frameRate, maxBitrate } = profile;
  useEffect(() => {
    const constraints = videoConstraints({ width, height, frameRate, maxBitrate });
    for (const track of streamRef.current?.getVideoTracks() ?? []) {
      // A camera that cannot change keeps what it gives; the encoder still keeps under the profile.
      void track.applyConstraints?.(constraints).catch(() => {});
    }
  }, [width, height, frameRate, maxBitrate]);

  const toggleMic = useCallback(() => {
    toggles.current.micOn = !toggles.current.micOn;
    for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = toggles.current.micOn;
    setState((s) => ({ ...s, micOn: toggles.current.micOn }));
  }, []);

  const toggleCamera = useCallback(() => {
    toggles.current.cameraOn = !toggles.current.cameraOn;
    for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = toggles.current.cameraOn;
    setState((s) => ({ ...s, cameraOn: toggles.current.cameraOn }));
  }, []);

  const chooseCamera = useCallback(
    (cameraId: string) => start({ cameraId, microphoneId: state.microphoneId }),
    [start, state.microphoneId],
  );
  const chooseMicrophone = useCallback(
    (microphoneId: string) => start({ cameraId: state.cameraId, microphoneId }),
    [start, state.cameraId],
  );
  const retry = useCallback(() => start({}), [start]);

  /** Ends the preview for good (the show is over). */
  const release = useCallback(() => {
    request.current += 1;
    stopAll(streamRef.current);
    streamRef.current = null;
    setState((s) => ({ ...s, stream: null }));
  }, []);

  // One object while nothing changed: the studio's memoised camera parts are then not redrawn by a
  // bid or a comment (issue 20).
  return useMemo(
    () => ({ ...state, toggleMic, toggleCamera, chooseCamera, chooseMicrophone, retry, release }),
    [state, toggleMic, toggleCamera, chooseCamera, chooseMicrophone, retry, release],
  );
}

export type Camera = ReturnType<typeof useCamera>;
