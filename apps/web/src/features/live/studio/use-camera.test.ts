import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MediaDevicesLike, useCamera } from '@/features/live/studio/use-camera';
import { DATA_SAVER_VIDEO, STANDARD_VIDEO } from '@/lib/data-saver';
import { fakeMediaDevices, fakeTrackOf } from '@/test/fake-media';

/* The camera alone: the device pickers, switching devices, and letting go of the camera. */

const states = (stream: MediaStream | null) =>
  (stream?.getTracks() ?? []).map((t) => `${t.kind} ${fakeTrackOf(t)?.deviceId} ${t.readyState}`);

describe('useCamera', () => {
  it('names the cameras and microphones once permission is given', async () => {
    const { mediaDevices } = fakeMediaDevices();
    const { result } = renderHook(() => useCamera(mediaDevices));
    await waitFor(() => expect(result.current.cameras).toHaveLength(2));
    expect(result.current.cameras).toEqual([
      { deviceId: 'cam-1', label: 'Front camera' },
      { deviceId: 'cam-2', label: 'Back camera' },
    ]);
    expect(result.current.microphones).toEqual([{ deviceId: 'mic-1', label: 'Built-in microphone' }]);
    expect(result.current).toMatchObject({ cameraId: 'cam-1', microphoneId: 'mic-1', problem: null });
  });

  it('starts the chosen camera before stopping the old one, keeping the microphone and its mute', async () => {
    const fake = fakeMediaDevices();
    const seenAtRequest: string[][] = [];
    let current: MediaStream | null = null;
    const mediaDevices: MediaDevicesLike = {
      ...fake.mediaDevices,
      getUserMedia: (constraints) => {
        seenAtRequest.push(states(current));
        return fake.mediaDevices.getUserMedia(constraints);
      },
    };
    const { result } = renderHook(() => useCamera(mediaDevices));
    await waitFor(() => expect(result.current.stream).not.toBeNull());
    const first = result.current.stream;
    current = first;
    act(() => result.current.toggleMic());

    await act(() => result.current.chooseCamera('cam-2'));
    const second = result.current.stream;
    expect(second).not.toBe(first);
    // The old camera was still running when the new one was asked for: the preview never went blank.
    expect(seenAtRequest[1]).toEqual(['video cam-1 live', 'audio mic-1 live']);
    expect(states(first)).toEqual(['video cam-1 ended', 'audio mic-1 ended']);
    expect(states(second)).toEqual(['video cam-2 live', 'audio mic-1 live']);
    expect(fake.requests[1]).toMatchObject({
      video: { deviceId: { exact: 'cam-2' } },
      audio: { deviceId: { exact: 'mic-1' } },
    });
    // Muted before the switch, muted after it.
    expect(second?.getAudioTracks()[0]?.enabled).toBe(false);
    expect(result.current).toMatchObject({ cameraId: 'cam-2', micOn: false });
  });

  it('stops a camera that answers after the studio let go of it', async () => {
    const fake = fakeMediaDevices();
    let answer: (stream: MediaStream) => void = () => {};
    const got: { stream: MediaStream | null } = { stream: null };
    const mediaDevices: MediaDevicesLike = {
      ...fake.mediaDevices,
      getUserMedia: async (constraints) => {
        got.stream = await fake.mediaDevices.getUserMedia(constraints);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    };
    const { result } = renderHook(() => useCamera(mediaDevices));
    await waitFor(() => expect(got.stream).not.toBeNull());
    const late = got.stream;
    if (!late) throw new Error('the camera was not asked for');

    act(() => result.current.release());
    await act(async () => answer(late));
    expect(states(late)).toEqual(['video cam-1 ended', 'audio mic-1 ended']);
    expect(result.current.stream).toBeNull();
  });

  it('asks for a lighter camera with data-saver on, and lightens the running one when it is switched on', async () => {
    const fake = fakeMediaDevices();
    const { result, rerender } = renderHook(({ profile }) => useCamera(fake.mediaDevices, profile), {
      initialProps: { profile: DATA_SAVER_VIDEO },
    });
    await waitFor(() => expect(result.current.stream).not.toBeNull());
    expect(fake.requests[0]?.video).toMatchObject({
      width: { ideal: 480 },
      height: { ideal: 270 },
      frameRate: { ideal: 15, max: 15 },
    });

    rerender({ profile: STANDARD_VIDEO });
    const track = fakeTrackOf(result.current.stream?.getVideoTracks()[0]);
    expect(track?.applied).toEqual([
      { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30, max: 30 } },
    ]);
    // The same camera, not a new one.
    expect(fake.requests).toHaveLength(1);
    expect(track?.readyState).toBe('live');
  });
});
