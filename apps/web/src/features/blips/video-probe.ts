/**
 * Loads a chosen video in a <video> element to learn its length and to grab a poster frame: the
 * server needs no video decoder for the poster, and the seller sees what buyers will see.
 */
export interface VideoProbe {
  durationSeconds: number;
  /** A JPEG of the frame at about half a second, or null when the browser would not draw it. */
  poster: Blob | null;
}

export type ProbeVideo = (file: File) => Promise<VideoProbe>;

export class VideoProbeError extends Error {
  override readonly name = 'VideoProbeError';
}

const UNREADABLE = 'This video cannot be played in this browser. Choose an MP4 or WebM video.';
/** Long enough for a phone to open a 50 MB file, short enough that a broken one does not hang. */
const PROBE_TIMEOUT_MS = 20_000;
/** The poster's long side: sharp enough for a grid card, small enough for a 4G upload. */
const POSTER_MAX_SIDE = 720;
export const POSTER_AT_SECONDS = 0.5;

function once(video: HTMLVideoElement, event: keyof HTMLMediaElementEventMap): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new VideoProbeError(UNREADABLE));
    }, PROBE_TIMEOUT_MS);
    const done = () => {
      cleanup();
      resolve();
    };
    const failed = () => {
      cleanup();
      reject(new VideoProbeError(UNREADABLE));
    };
    const cleanup = () => {
      clearTimeout(timer);
      video.removeEventListener(event, done);
      video.removeEventListener('error', failed);
    };
    video.addEventListener(event, done);
    video.addEventListener('error', failed);
  });
}

async function seek(video: HTMLVideoElement, seconds: number) {
  const seeked = once(video, 'seeked');
  video.currentTime = seconds;
  await seeked;
}

/**
 * WebM files written by MediaRecorder (Chrome, Android) carry no duration: the element reports
 * Infinity until it is asked to seek past the end, which makes it scan the file.
 */
async function knownDuration(video: HTMLVideoElement): Promise<number> {
  if (Number.isFinite(video.duration)) return video.duration;
  await seek(video, Number.MAX_SAFE_INTEGER);
  const duration = video.duration;
  if (!Number.isFinite(duration)) throw new VideoProbeError(UNREADABLE);
  return duration;
}

function drawFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const scale = Math.min(1, POSTER_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
}

export const probeVideo: ProbeVideo = async (file) => {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata');
    video.src = url;
    await loaded;
    if (video.videoWidth === 0 || video.videoHeight === 0) {
      throw new VideoProbeError('This file has no picture. Choose a video.');
    }
    const durationSeconds = await knownDuration(video);
    let poster: Blob | null = null;
    try {
      await seek(video, Math.min(POSTER_AT_SECONDS, durationSeconds / 2));
      poster = await drawFrame(video);
    } catch {
      // The poster is optional: the server accepts a blip without one and the grid shows a placeholder.
      poster = null;
    }
    return { durationSeconds, poster };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
};
