import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { type ReceivedFile, UnsupportedMediaTypeError } from '@/uploads/multipart-files.ts';

export type VideoType = { ext: 'mp4' | 'webm' | 'mov'; mime: 'video/mp4' | 'video/webm' | 'video/quicktime' };

const VIDEO_TYPES: Record<string, VideoType> = {
  mp4: { ext: 'mp4', mime: 'video/mp4' },
  // An .m4v is an MP4 with Apple's brand; browsers play it as video/mp4.
  m4v: { ext: 'mp4', mime: 'video/mp4' },
  webm: { ext: 'webm', mime: 'video/webm' },
  mov: { ext: 'mov', mime: 'video/quicktime' },
};

/** The video's container by its magic bytes; the name and the browser's claim are ignored. */
export async function sniffVideo(file: ReceivedFile): Promise<VideoType> {
  const found = await fileTypeFromFile(file.scratchPath);
  const type = found ? VIDEO_TYPES[found.ext] : undefined;
  if (!type) {
    throw new UnsupportedMediaTypeError(
      `${file.field} must be an MP4, WebM or MOV video; this file's content is ${found ? found.mime : 'not a recognised video'}`,
    );
  }
  return type;
}

/**
 * The video's length in seconds, or null when it cannot be told. music-metadata reads the length
 * of MP4/MOV files from their audio track and of WebM files from the header, so a silent phone clip
 * or a browser recording (MediaRecorder writes WebM without a duration) would go unmeasured: for
 * those the container's own clock is read (the movie header of MP4/MOV, block timestamps of WebM).
 */
export async function videoDurationSeconds(filePath: string, type: VideoType): Promise<number | null> {
  try {
    const meta = await parseFile(filePath, { duration: true, skipCovers: true });
    const seconds = meta.format.duration;
    if (seconds !== undefined && Number.isFinite(seconds) && seconds > 0) return seconds;
  } catch {
    // A file music-metadata cannot parse may still carry a readable clock below.
  }
  const handle = await fs.open(filePath, 'r');
  try {
    return type.ext === 'webm' ? await webmDuration(handle) : await movieHeaderDuration(handle);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

type Handle = fs.FileHandle;

async function readAt(handle: Handle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** ISO BMFF (MP4, MOV): the duration and time scale of `moov/mvhd`, wherever `moov` sits. */
async function movieHeaderDuration(handle: Handle): Promise<number | null> {
  const { size: fileSize } = await handle.stat();
  const findBox = async (start: number, end: number, type: string) => {
    let at = start;
    while (at + 8 <= end) {
      const header = await readAt(handle, at, 16);
      if (header.length < 8) return null;
      let size = header.readUInt32BE(0);
      let headerSize = 8;
      if (size === 1) {
        size = Number(header.readBigUInt64BE(8));
        headerSize = 16;
      } else if (size === 0) {
        size = end - at;
      }
      if (size < headerSize) return null;
      if (header.toString('latin1', 4, 8) === type) return { at, body: at + headerSize, end: at + size };
      at += size;
    }
    return null;
  };
  const moov = await findBox(0, fileSize, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const body = await readAt(handle, mvhd.body, 32);
  const version = body[0];
  const [timeScale, duration] =
    version === 1
      ? [body.readUInt32BE(20), Number(body.readBigUInt64BE(24))]
      : [body.readUInt32BE(12), body.readUInt32BE(16)];
  return timeScale > 0 && duration > 0 ? duration / timeScale : null;
}

// Matroska/WebM element ids (with their length marker, as written in the file).
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const BLOCK_GROUP = 0xa0;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const CONTAINERS = new Set([SEGMENT, INFO, CLUSTER, BLOCK_GROUP]);

/** An EBML variable-length number: its value (marker kept for ids), its length, and "unknown size". */
function readVint(buf: Buffer, at: number, keepMarker: boolean) {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const readUint = (buf: Buffer) => buf.reduce((n, byte) => n * 256 + byte, 0);

/**
 * Walks the WebM element tree in file order (entering the segment, info, clusters and block
 * groups, skipping every payload) and takes the header's duration, or else the last block's
 * timestamp. Live recordings write the segment and clusters with "unknown size", which this
 * handles by reading on into their children.
 */
async function webmDuration(handle: Handle): Promise<number | null> {
  const { size: fileSize } = await handle.stat();
  let timecodeScale = 1_000_000;
  let headerDuration: number | null = null;
  let clusterTimecode = 0;
  let lastTimecode = 0;
  let at = 0;
  for (let steps = 0; at < fileSize && steps < 2_000_000; steps++) {
    const head = await readAt(handle, at, 12);
    const id = readVint(head, 0, true);
    if (!id) break;
    const size = readVint(head, id.length, false);
    if (!size) break;
    const body = at + id.length + size.length;
    if (CONTAINERS.has(id.value)) {
      at = body;
      continue;
    }
    if (size.unknown) break;
    if (id.value === TIMECODE_SCALE) timecodeScale = readUint(await readAt(handle, body, size.value));
    else if (id.value === DURATION) {
      const raw = await readAt(handle, body, size.value);
      headerDuration = size.value === 4 ? raw.readFloatBE(0) : size.value === 8 ? raw.readDoubleBE(0) : null;
    } else if (id.value === CLUSTER_TIMECODE) {
      clusterTimecode = readUint(await readAt(handle, body, size.value));
    } else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const block = await readAt(handle, body, 12);
      const track = readVint(block, 0, false);
      if (track && block.length >= track.length + 2) {
        lastTimecode = Math.max(lastTimecode, clusterTimecode + block.readInt16BE(track.length));
      }
    }
    at = body + size.value;
  }
  const ticks = headerDuration !== null && headerDuration > 0 ? headerDuration : lastTimecode;
  const seconds = (ticks * timecodeScale) / 1e9;
  return seconds > 0 ? seconds : null;
}
