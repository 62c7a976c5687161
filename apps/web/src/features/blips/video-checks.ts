import {
  BLIP_VIDEO_MIME_TYPES,
  MAX_BLIP_DURATION_SECONDS,
  MAX_BLIP_VIDEO_BYTES,
} from '@kasuwa/contracts/limits';

/*
 * What the browser can tell about a chosen video before a byte is uploaded: its type and size from
 * the file, its length from loading it. The server checks again by content; these spare a seller
 * on mobile data a 50 MB upload that would be refused.
 */

const MB = 1024 * 1024;
const EXTENSIONS = ['.mp4', '.m4v', '.webm', '.mov'];

/** '0:42', '1:05'. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** '12.4 MB', '870 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The problem with a file judged by its type and size, or null when it may be a blip. */
export function checkVideoFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  // Some Android file pickers give no type; the extension is then the best the browser knows.
  const typeKnown = file.type !== '';
  const allowed = typeKnown
    ? (BLIP_VIDEO_MIME_TYPES as readonly string[]).includes(file.type)
    : EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
  if (!allowed) return 'Choose an MP4, WebM or MOV video.';
  if (file.size === 0) return 'This file is empty. Choose another video.';
  if (file.size > MAX_BLIP_VIDEO_BYTES) {
    return `This video is ${formatFileSize(file.size)}. Blips can be at most ${MAX_BLIP_VIDEO_BYTES / MB} MB — trim it or record a shorter one.`;
  }
  return null;
}

/** The problem with a video's length, or null when it fits. */
export function checkDuration(seconds: number): string | null {
  // A phone may stamp 60.02 s on a one-minute clip: half a second of slack keeps it, and the
  // server, which reads the length from the file, has the last word.
  if (seconds > MAX_BLIP_DURATION_SECONDS + 0.5) {
    return `This video is ${formatDuration(seconds)} long. Blips can be at most ${MAX_BLIP_DURATION_SECONDS} seconds.`;
  }
  return null;
}
