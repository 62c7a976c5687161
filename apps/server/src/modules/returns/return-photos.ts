import type { FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { signedPhotoLinks, storePrivatePhoto } from '@/uploads/private-photos.ts';

export const RETURN_PHOTO_FIELD = 'photo';
export const MAX_RETURN_PHOTO_BYTES = 10 * 1024 * 1024;
/** Long side of a stored return photo: enough to see damage on a phone, small enough for 4G. */
const MAX_SIDE = 1600;
const PREFIX = '/api/media/returns/';

/** Signed, expiring links to return photos (uploads/private-photos.ts). */
export const returnPhotoLinks = (secret: string, clock: Clock) =>
  signedPhotoLinks(secret, clock, 'return', PREFIX);
export type ReturnPhotoLinks = ReturnType<typeof returnPhotoLinks>;

/** One return photo, checked by its content and re-encoded, stored privately under the buyer. */
export const storeReturnPhoto = (request: FastifyRequest, storage: FileStorage, buyerId: string) =>
  storePrivatePhoto(request, storage, {
    field: RETURN_PHOTO_FIELD,
    maxBytes: MAX_RETURN_PHOTO_BYTES,
    maxSide: MAX_SIDE,
    label: 'a return photo',
    keyOf: (id) => `private/returns/${buyerId}/${id}.webp`,
  });
