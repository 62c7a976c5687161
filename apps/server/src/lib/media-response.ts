import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { parseByteRange, sliceStream } from '@/lib/byte-range.ts';

export interface MediaFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Sends a stored public media file (a blip video, a show's cover or preview): the whole file, or
 * the one byte range `Range` asks for (206) so phones can seek in a video, or 416 for a range past
 * its end. Every stored file has a fresh name, so its content never changes and caches keep it.
 */
export function sendMediaFile(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  file: MediaFile,
  /** `private` for a file only its owner may see (a draft's blip): no shared cache keeps it. */
  cache: 'public' | 'private' = 'public',
) {
  const range = parseByteRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    file.stream.destroy();
    return reply
      .code(416)
      .header('Content-Range', `bytes */${file.size}`)
      .send({ message: `Range not satisfiable: the file has ${file.size} bytes` });
  }
  reply
    .header('Content-Type', file.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', `${cache}, max-age=31536000, immutable`);
  if (!range) return reply.header('Content-Length', file.size).send(file.stream);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(sliceStream(file.stream, range));
}

/**
 * Sends a stored image (a product photo, an avatar, a banner, a category picture, or one of their
 * sizes): WebP unless the file says otherwise (an AVIF size), whole, cached for good like the media
 * above — by shared caches too when it is public, only by the viewer's browser when it is not (a
 * draft's photo shown to its seller).
 */
export function sendStoredImage(
  reply: FastifyReply,
  file: { stream: Readable; size: number; contentType?: string },
  cache: 'public' | 'private' = 'public',
) {
  return reply
    .header('Content-Type', file.contentType ?? 'image/webp')
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', `${cache}, max-age=31536000, immutable`)
    .send(file.stream);
}
