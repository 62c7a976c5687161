import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, HttpError } from '@/lib/errors.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, receiveFiles } from '@/uploads/multipart-files.ts';

export const RETURN_PHOTO_FIELD = 'photo';
export const MAX_RETURN_PHOTO_BYTES = 10 * 1024 * 1024;
/** Long side of a stored return photo: enough to see damage on a phone, small enough for 4G. */
const MAX_SIDE = 1600;
/** A photo link works this long; every answer about the return gives fresh ones. */
const LINK_SECONDS = 12 * 60 * 60;
const PREFIX = '/api/media/returns/';

/**
 * Links to return photos. The photos are private (only the buyer who sent them and the return's
 * seller may see them), but `<img>` tags send no bearer token and a buyer's browser holds no media
 * cookie; so each answer that shows a photo to one of them carries a link signed by the server
 * that expires, like a storage service's presigned URL. Nobody else is ever given one.
 */
export function returnPhotoLinks(secret: string, clock: Clock) {
  const key = createHmac('sha256', secret).update('kasuwa return photo links').digest();
  const sign = (id: string, expires: number) =>
    createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
  return {
    urlOf(id: string): string {
      // Rounded to the hour, so a screen that refetches keeps the same URL (and the browser's cache).
      const hour = Math.floor(clock.now().getTime() / 3_600_000) * 3600;
      const expires = hour + LINK_SECONDS;
      return `${PREFIX}${id}.webp?expires=${expires}&signature=${sign(id, expires)}`;
    },
    verify(id: string, expires: number, signature: string): boolean {
      if (!Number.isInteger(expires) || expires * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ReturnPhotoLinks = ReturnType<typeof returnPhotoLinks>;

/**
 * One photo from a multipart request, checked by its content (an image within the pixel cap) and
 * re-encoded as WebP without metadata (GPS included), stored privately under the buyer. A file
 * that is not an image is a 400, the same as any other bad input to this route.
 */
export async function storeReturnPhoto(
  request: FastifyRequest,
  storage: FileStorage,
  buyerId: string,
): Promise<{ id: string; storageKey: string }> {
  const files = await receiveFiles(request, {
    fields: [RETURN_PHOTO_FIELD],
    maxBytes: MAX_RETURN_PHOTO_BYTES,
    scratchDir: storage.scratchDir,
    label: 'a return photo',
  });
  try {
    const [file] = files;
    if (!file) throw new BadRequestError(`Send the photo in the multipart field "${RETURN_PHOTO_FIELD}"`);
    let data: Buffer;
    try {
      data = await renderImageWithin(file, MAX_SIDE);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 415) throw new BadRequestError(err.message);
      throw err;
    }
    const id = randomUUID();
    const storageKey = `private/returns/${buyerId}/${id}.webp`;
    await storage.putBuffer(storageKey, data);
    return { id, storageKey };
  } finally {
    await discard(files);
  }
}
