import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_SAVER_POLL_FACTOR,
  isDataSaverOn,
  pollEvery,
  setDataSaver,
  studioVideoProfile,
  useDataSaver,
} from '@/lib/data-saver';

function browserSaveData(value: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', {
    value: value === undefined ? undefined : { saveData: value },
    configurable: true,
  });
}

afterEach(() => {
  localStorage.clear();
  browserSaveData(undefined);
});

describe('data-saver', () => {
  it('is on by default when the browser asks to save data, and off otherwise', () => {
    expect(isDataSaverOn()).toBe(false);
    browserSaveData(true);
    expect(isDataSaverOn()).toBe(true);
  });

  it("follows the seller's choice over the browser's, and the switch updates the screen at once", () => {
    browserSaveData(true);
    const { result } = renderHook(() => useDataSaver());
    expect(result.current).toBe(true);
    act(() => setDataSaver(false));
    expect(result.current).toBe(false);
    expect(isDataSaverOn()).toBe(false);
  });

  it('makes the dashboard poll less often while on', () => {
    const every = pollEvery(60_000);
    expect(every()).toBe(60_000);
    setDataSaver(true);
    expect(every()).toBe(60_000 * DATA_SAVER_POLL_FACTOR);
  });

  it('has the studio send 480×270 at 15 fps while on, 720p at 30 fps otherwise', () => {
    expect(studioVideoProfile()).toMatchObject({ width: 1280, height: 720, frameRate: 30 });
    setDataSaver(true);
    expect(studioVideoProfile()).toEqual({ width: 480, height: 270, frameRate: 15, maxBitrate: 300_000 });
  });
});
