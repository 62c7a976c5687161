import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, HttpError } from '@/lib/errors.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, receiveFiles } from '@/uploads/multipart-files.ts';

export const MESSAGE_PHOTO_FIELD = 'photo';
export const MAX_MESSAGE_PHOTO_BYTES = 10 * 1024 * 1024;
/** Long side of a stored chat photo: sharp on a phone, small on 4G. */
const MAX_SIDE = 1600;
const LINK_SECONDS = 12 * 60 * 60;
const PREFIX = '/api/media/messages/';

export const messagePhotoKey = (photoId: string) => `private/messages/${photoId}.webp`;

/**
 * Signed, expiring links to chat photos, as return photos have (modules/returns/return-photos.ts):
 * the photos are private to the conversation's two sides, and `<img>` tags send no bearer token, so
 * every answer that shows a photo carries a link only the server can make.
 */
export function messagePhotoLinks(secret: string, clock: Clock) {
  const key = createHmac('sha256', secret).update('kasuwa message photo links').digest();
  const sign = (id: string, expires: number) =>
    createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
  return {
    urlOf(id: string): string {
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
export type MessagePhotoLinks = ReturnType<typeof messagePhotoLinks>;

/**
 * One photo from a multipart request, checked by its content (decoded as an image within the pixel
 * cap; anything else is a 400) and re-encoded as WebP without metadata, stored privately.
 */
export async function storeMessagePhoto(request: FastifyRequest, storage: FileStorage): Promise<string> {
  const files = await receiveFiles(request, {
    fields: [MESSAGE_PHOTO_FIELD],
    maxBytes: MAX_MESSAGE_PHOTO_BYTES,
    scratchDir: storage.scratchDir,
    label: 'a photo',
  });
  try {
    const [file] = files;
    if (!file) throw new BadRequestError(`Send the photo in the multipart field "${MESSAGE_PHOTO_FIELD}"`);
    let data: Buffer;
    try {
      data = await renderImageWithin(file, MAX_SIDE);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 415) throw new BadRequestError(err.message);
      throw err;
    }
    const id = randomUUID();
    await storage.putBuffer(messagePhotoKey(id), data);
    return id;
  } finally {
    await discard(files);
  }
}
