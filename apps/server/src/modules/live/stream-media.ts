import { randomUUID } from 'node:crypto';
import {
  IMAGE_CONTENT_TYPES,
  MAX_STREAM_COVER_IMAGE_BYTES,
  MAX_STREAM_VIDEO_BYTES,
  STREAM_COVER_IMAGE_FIELD,
  STREAM_VIDEO_FIELD,
  type StreamMediaUploadResponse,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { type ImageSizes, splitSizedKey } from '@/uploads/image-sizes.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, type ReceivedFile, receiveForm } from '@/uploads/multipart-files.ts';
import { sniffVideo, videoDurationSeconds } from '@/uploads/videos.ts';

/** Long side of a stored cover: sharp on a full-width phone card and a desktop hero. */
export const STREAM_COVER_MAX_SIDE = 1920;

const URL_PREFIX = '/api/media/streams/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const FILE = new RegExp(`^(${UUID})/(${UUID})\\.(webp|mp4|webm|mov)$`);
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const keyOf = (sellerId: string, fileId: string, ext: string) =>
  `public/streams/${sellerId}/${fileId}.${ext}`;

/**
 * A show's cover image and preview video: received one per request, checked by content (images
 * re-encoded as WebP without metadata; videos sniffed by their magic bytes and measured), stored
 * under the seller, and only ever referenced by the seller who uploaded them.
 */
export function streamMedia({
  storage,
  sizes,
}: {
  storage: FileStorage;
  /** The covers' sizes (uploads/image-sizes.ts): queued at upload, served at `<id>.w<width>.<format>`. */
  sizes: Pick<ImageSizes, 'open' | 'schedule'>;
}) {
  const parse = (path: string) => {
    const match = FILE.exec(path);
    return match ? { sellerId: match[1] ?? '', fileId: match[2] ?? '', ext: match[3] ?? '' } : null;
  };

  /**
   * A received cover image, by a multipart form or a resumable (tus) upload: checked by content,
   * re-encoded, stored as `fileId`, its sizes queued. Run twice for one `fileId` (a resumable
   * upload whose answer was lost), it answers the stored cover.
   */
  const storeCover = async (
    sellerId: string,
    file: ReceivedFile,
    fileId: string,
  ): Promise<StreamMediaUploadResponse> => {
    const key = keyOf(sellerId, fileId, 'webp');
    if (!(await storage.exists(key))) {
      const data = await renderImageWithin(file, STREAM_COVER_MAX_SIDE);
      await storage.putBuffer(key, data);
      await sizes.schedule(key);
    }
    return {
      message: 'Cover image uploaded successfully',
      media: { url: `${URL_PREFIX}${sellerId}/${fileId}.webp`, kind: 'image', durationSeconds: null },
    };
  };

  return {
    storeCover,

    async upload(sellerId: string, request: FastifyRequest): Promise<StreamMediaUploadResponse> {
      const { files } = await receiveForm(request, {
        files: {
          [STREAM_COVER_IMAGE_FIELD]: { maxBytes: MAX_STREAM_COVER_IMAGE_BYTES, label: 'a cover image' },
          [STREAM_VIDEO_FIELD]: { maxBytes: MAX_STREAM_VIDEO_BYTES, label: 'a preview video' },
        },
        scratchDir: storage.scratchDir,
      });
      try {
        const [file, extra] = files;
        if (!file || extra) {
          throw new BadRequestError(
            `Send one file per request: a "${STREAM_COVER_IMAGE_FIELD}" image or a "${STREAM_VIDEO_FIELD}"`,
          );
        }
        const fileId = randomUUID();
        if (file.field === STREAM_COVER_IMAGE_FIELD) return await storeCover(sellerId, file, fileId);
        const type = await sniffVideo(file);
        const seconds = await videoDurationSeconds(file.scratchPath, type);
        await storage.putFile(keyOf(sellerId, fileId, type.ext), file.scratchPath);
        return {
          message: 'Video uploaded successfully',
          media: {
            url: `${URL_PREFIX}${sellerId}/${fileId}.${type.ext}`,
            kind: 'video',
            durationSeconds: seconds === null ? null : Math.round(seconds * 10) / 10,
          },
        };
      } finally {
        await discard(files);
      }
    },

    /**
     * Refuses a cover or video that is not this seller's own upload of that kind: an outside
     * address (which would let a watch page load, and track buyers through, any site), another
     * seller's file, or one that does not exist.
     */
    async assertOwn(
      sellerId: string,
      media: { coverImage?: string | undefined; video?: string | undefined },
    ): Promise<void> {
      const checks: Array<[field: string, url: string, kinds: string[]]> = [];
      if (media.coverImage !== undefined) checks.push(['coverImage', media.coverImage, ['webp']]);
      if (media.video !== undefined) checks.push(['video', media.video, ['mp4', 'webm', 'mov']]);
      for (const [field, url, kinds] of checks) {
        const parsed = url.startsWith(URL_PREFIX) ? parse(url.slice(URL_PREFIX.length)) : null;
        if (!parsed || parsed.sellerId !== sellerId || !kinds.includes(parsed.ext)) {
          throw new BadRequestError(
            `${field}: ${url.slice(0, 100)} is not a file you uploaded; upload it with POST /api/streams/media first`,
          );
        }
        if (!(await storage.exists(keyOf(parsed.sellerId, parsed.fileId, parsed.ext)))) {
          throw new BadRequestError(`${field}: the file was not found; upload it again`);
        }
      }
    },

    /** A stored cover (or one of its sizes, `<id>.w320.avif`) or video by its path below /api/media/streams/. */
    async open(path: string) {
      const sized = splitSizedKey(`public/streams/${path}`);
      if (sized) {
        const cover = parse(sized.original.slice('public/streams/'.length));
        const found = cover ? await sizes.open(sized.original, sized.width, sized.format) : null;
        if (!found) throw new NotFoundError('File');
        return { ...found, contentType: IMAGE_CONTENT_TYPES[sized.format] };
      }
      const parsed = parse(path);
      const found = parsed ? await storage.read(keyOf(parsed.sellerId, parsed.fileId, parsed.ext)) : null;
      if (!parsed || !found) throw new NotFoundError('File');
      return { ...found, contentType: CONTENT_TYPES[parsed.ext] ?? 'application/octet-stream' };
    },
  };
}
export type StreamMedia = ReturnType<typeof streamMedia>;
