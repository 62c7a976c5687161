import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import { BadRequestError, HttpError } from '@/lib/errors.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, receiveFiles } from '@/uploads/multipart-files.ts';

/** A photo link works this long; every answer that shows the photo gives a fresh one. */
const LINK_SECONDS = 12 * 60 * 60;

/**
 * Links to private photos (a return's, a conversation's). Only the two sides may see them, but `<img>`
 * tags send no bearer token and a buyer's browser holds no media cookie; so each answer that shows a
 * photo carries a link signed by the server that expires, like a storage service's presigned URL.
 * `purpose` keeps one kind's signatures from opening another's; `prefix` is where the route serves them.
 */
export function signedPhotoLinks(secret: string, clock: Clock, purpose: string, prefix: string) {
  const key = createHmac('sha256', secret).update(`kasuwa ${purpose} photo links`).digest();
  const sign = (id: string, expires: number) =>
    createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
  return {
    urlOf(id: string): string {
      // Rounded to the hour, so a screen that refetches keeps the same URL (and the browser's cache).
      const hour = Math.floor(clock.now().getTime() / 3_600_000) * 3600;
      const expires = hour + LINK_SECONDS;
      return `${prefix}${id}.webp?expires=${expires}&signature=${sign(id, expires)}`;
    },
    verify(id: string, expires: number, signature: string): boolean {
      if (!Number.isInteger(expires) || expires * 1000 < clock.now().getTime()) return false;
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type SignedPhotoLinks = ReturnType<typeof signedPhotoLinks>;

/**
 * One photo from a multipart request, checked by its content (decoded as an image within the pixel
 * cap; anything else is a 400, the same as any other bad input) and re-encoded as WebP of at most
 * `maxSide` pixels without metadata (GPS included), stored privately at `keyOf(id)`.
 */
export async function storePrivatePhoto(
  request: FastifyRequest,
  storage: FileStorage,
  options: { field: string; maxBytes: number; maxSide: number; label: string; keyOf: (id: string) => string },
): Promise<{ id: string; storageKey: string }> {
  const files = await receiveFiles(request, {
    fields: [options.field],
    maxBytes: options.maxBytes,
    scratchDir: storage.scratchDir,
    label: options.label,
  });
  try {
    const [file] = files;
    if (!file) throw new BadRequestError(`Send the photo in the multipart field "${options.field}"`);
    let data: Buffer;
    try {
      data = await renderImageWithin(file, options.maxSide);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 415) throw new BadRequestError(err.message);
      throw err;
    }
    const id = randomUUID();
    const storageKey = options.keyOf(id);
    await storage.putBuffer(storageKey, data);
    return { id, storageKey };
  } finally {
    await discard(files);
  }
}
