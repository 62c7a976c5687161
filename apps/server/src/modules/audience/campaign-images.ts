import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, HttpError } from '@/lib/errors.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, receiveFiles } from '@/uploads/multipart-files.ts';

export const CAMPAIGN_IMAGE_FIELD = 'image';
const MAX_BYTES = 10 * 1024 * 1024;
/** Long side of a stored campaign image: sharp on a phone's inbox, light on 4G. */
const MAX_SIDE = 1200;
/** `<sellerId>/<uuid>.webp`: what a campaign stores and its media route serves. */
export const CAMPAIGN_IMAGE_KEY = /^([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/;
export const campaignStorageKey = (key: string) => `campaigns/${key}`;

/**
 * One image from a multipart request, checked by its content (an image within the pixel cap, 400
 * otherwise) and re-encoded as WebP without metadata. Campaign images are public: they go to
 * buyers' inboxes and e-mails, under an unguessable name.
 */
export async function storeCampaignImage(
  request: FastifyRequest,
  storage: FileStorage,
  sellerId: string,
): Promise<string> {
  const files = await receiveFiles(request, {
    fields: [CAMPAIGN_IMAGE_FIELD],
    maxBytes: MAX_BYTES,
    scratchDir: storage.scratchDir,
    label: 'a campaign image',
  });
  try {
    const [file] = files;
    if (!file) throw new BadRequestError(`Send the image in the multipart field "${CAMPAIGN_IMAGE_FIELD}"`);
    let data: Buffer;
    try {
      data = await renderImageWithin(file, MAX_SIDE);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 415) throw new BadRequestError(err.message);
      throw err;
    }
    const key = `${sellerId}/${randomUUID()}.webp`;
    await storage.putBuffer(campaignStorageKey(key), data);
    return key;
  } finally {
    await discard(files);
  }
}
