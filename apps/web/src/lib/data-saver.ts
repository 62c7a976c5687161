import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '@/lib/storage';

/**
 * Data-saver: the seller's choice to spend fewer megabytes. Stored on the device (it belongs to the
 * phone and its data plan, not the account); until the seller chooses, it follows the browser's own
 * data-saver (`navigator.connection.saveData`, which is what sends the `Save-Data` header).
 *
 * While on: blips do not play until tapped, images come at their smallest fitting size, the studio
 * publishes at a lower resolution and frame rate, and the dashboard's polling slows down
 * (`pollEvery`).
 */
export const DATA_SAVER_KEY = 'dataSaver';

/** How much slower the dashboard polls with data-saver on. */
export const DATA_SAVER_POLL_FACTOR = 4;

type Choice = 'on' | 'off';
const isChoice = (value: unknown): value is Choice => value === 'on' || value === 'off';

interface NetworkInformationLike {
  saveData?: boolean;
}

/** What the browser says about data-saver (Chrome on Android: Settings → Lite mode / Data saver). */
export function browserAsksToSaveData(): boolean {
  const connection = (
    globalThis.navigator as (Navigator & { connection?: NetworkInformationLike }) | undefined
  )?.connection;
  return connection?.saveData === true;
}

const listeners = new Set<() => void>();

export function isDataSaverOn(): boolean {
  const choice = readStored(DATA_SAVER_KEY, isChoice);
  return choice === null ? browserAsksToSaveData() : choice === 'on';
}

/** Whether the seller has chosen, or the browser's setting is in force. */
export function dataSaverChosen(): boolean {
  return readStored(DATA_SAVER_KEY, isChoice) !== null;
}

export function setDataSaver(on: boolean): void {
  writeStored(DATA_SAVER_KEY, on ? 'on' : 'off');
  for (const listener of listeners) listener();
}

// Another tab's choice, too: one window listener for every subscriber (a list subscribes per image).
const onStorage = (event: StorageEvent) => {
  if (event.key !== DATA_SAVER_KEY) return;
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, isDataSaverOn, () => false);
}

/** A TanStack Query `refetchInterval` that polls DATA_SAVER_POLL_FACTOR times less often with data-saver on. */
export const pollEvery = (ms: number) => () => (isDataSaverOn() ? ms * DATA_SAVER_POLL_FACTOR : ms);

/**
 * What the studio captures and sends: its camera's size and frame rate, and the most the video
 * may take of the uplink (bits per second; the video providers' encoders keep under it).
 */
export interface VideoProfile {
  width: number;
  height: number;
  frameRate: number;
  maxBitrate: number;
}

/** 720p at 30 fps, about 1.5 Mbit/s: what a phone's front camera gives and 4G carries. */
export const STANDARD_VIDEO: VideoProfile = {
  width: 1280,
  height: 720,
  frameRate: 30,
  maxBitrate: 1_500_000,
};
/** 480×270 at 15 fps under 300 kbit/s: about a fifth of the data (a 1-hour show ≈ 135 MB, not 675). */
export const DATA_SAVER_VIDEO: VideoProfile = { width: 480, height: 270, frameRate: 15, maxBitrate: 300_000 };

/** What the studio publishes: the usual camera, or a lighter one with data-saver on. */
export function studioVideoProfile(saver: boolean = isDataSaverOn()): VideoProfile {
  return saver ? DATA_SAVER_VIDEO : STANDARD_VIDEO;
}
