import type { FastifyRequest } from 'fastify';
import type { Clock } from '@/lib/clock.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { signedPhotoLinks, storePrivatePhoto } from '@/uploads/private-photos.ts';

export const MESSAGE_PHOTO_FIELD = 'photo';
export const MAX_MESSAGE_PHOTO_BYTES = 10 * 1024 * 1024;
/** Long side of a stored chat photo: sharp on a phone, small on 4G. */
const MAX_SIDE = 1600;
const PREFIX = '/api/media/messages/';

export const messagePhotoKey = (photoId: string) => `private/messages/${photoId}.webp`;

/** Signed, expiring links to chat photos (uploads/private-photos.ts), as return photos have. */
export const messagePhotoLinks = (secret: string, clock: Clock) =>
  signedPhotoLinks(secret, clock, 'message', PREFIX);
export type MessagePhotoLinks = ReturnType<typeof messagePhotoLinks>;

/** One chat photo, checked by its content and re-encoded, stored privately; answers its id. */
export async function storeMessagePhoto(request: FastifyRequest, storage: FileStorage): Promise<string> {
  const { id } = await storePrivatePhoto(request, storage, {
    field: MESSAGE_PHOTO_FIELD,
    maxBytes: MAX_MESSAGE_PHOTO_BYTES,
    maxSide: MAX_SIDE,
    label: 'a photo',
    keyOf: messagePhotoKey,
  });
  return id;
}
