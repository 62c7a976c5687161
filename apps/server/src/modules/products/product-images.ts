import { randomUUID } from 'node:crypto';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_FIELD,
  type ProductImageUploadResponse,
  parseSizedImagePath,
} from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, NotFoundError } from '@/lib/errors.ts';
import type { ProductPhotosRepository } from '@/modules/products/product-photos.repository.ts';
import type { FileStorage } from '@/storage/file-storage.ts';
import type { ImageSizes } from '@/uploads/image-sizes.ts';
import { renderImageWithin } from '@/uploads/images.ts';
import { discard, type ReceivedFile, receiveFiles } from '@/uploads/multipart-files.ts';

/** Long side of a stored product photo: sharp on a phone screen and in a zoomed view, small enough for 4G. */
export const PRODUCT_IMAGE_MAX_SIDE = 1600;

const URL_PREFIX = '/api/media/products/';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** The only image URLs a product may carry: `/api/media/products/<seller id>/<image id>.webp`. */
const PRODUCT_IMAGE_URL = new RegExp(`^${URL_PREFIX}(${UUID})/(${UUID})\\.webp$`);

const keyOf = (sellerId: string, imageId: string) => `public/products/${sellerId}/${imageId}.webp`;

/** Every image URL a product body carries: its own and those of each variant level. */
export function imageUrlsOf(product: {
  images?: readonly string[] | undefined;
  variants?:
    | readonly {
        images: readonly string[];
        subVariants: readonly {
          images: readonly string[];
          subSubVariants: readonly { images: readonly string[] }[];
        }[];
      }[]
    | undefined;
}): string[] {
  const urls = [...(product.images ?? [])];
  for (const v of product.variants ?? []) {
    urls.push(...v.images);
    for (const s of v.subVariants) {
      urls.push(...s.images);
      for (const x of s.subSubVariants) urls.push(...x.images);
    }
  }
  return urls;
}

/** Product photos: upload (checked, re-encoded, stored under the seller), ownership checks, reads. */
export function productImages({
  storage,
  photos,
  sizes,
}: {
  storage: FileStorage;
  /** Which photos buyers may see; absent only where nothing is served (benchmarks of uploads). */
  photos: Pick<ProductPhotosRepository, 'isPublic'>;
  /** The photo's sizes (uploads/image-sizes.ts): queued at upload, served at `<id>.w<width>.<format>`. */
  sizes: Pick<ImageSizes, 'open' | 'schedule'>;
}) {
  return {
    async upload(sellerId: string, request: FastifyRequest): Promise<ProductImageUploadResponse> {
      const files = await receiveFiles(request, {
        fields: [PRODUCT_IMAGE_FIELD],
        maxBytes: MAX_PRODUCT_IMAGE_BYTES,
        scratchDir: storage.scratchDir,
        label: 'a product image',
      });
      try {
        const [file] = files;
        if (!file)
          throw new BadRequestError(`Send the photo in the multipart field "${PRODUCT_IMAGE_FIELD}"`);
        return await this.storeReceived(sellerId, file, randomUUID());
      } finally {
        await discard(files);
      }
    },

    /**
     * The upload pipeline after the bytes have arrived, whether by a multipart form or a resumable
     * (tus) upload: checked by content, re-encoded, stored as `imageId`, its sizes queued. Run twice
     * for one `imageId` (a resumable upload whose answer was lost), it answers the stored photo.
     */
    async storeReceived(
      sellerId: string,
      file: ReceivedFile,
      imageId: string,
    ): Promise<ProductImageUploadResponse> {
      const key = keyOf(sellerId, imageId);
      if (!(await storage.exists(key))) {
        const data = await renderImageWithin(file, PRODUCT_IMAGE_MAX_SIDE);
        await storage.putBuffer(key, data);
        await sizes.schedule(key);
      }
      return {
        message: 'Image uploaded successfully',
        image: { url: `${URL_PREFIX}${sellerId}/${imageId}.webp` },
      };
    },

    /**
     * Refuses any URL that is not a photo this seller uploaded here: another seller's photo, an
     * outside address (which would let a product page load, and track buyers through, any site),
     * or a well-formed URL whose file does not exist.
     */
    async assertOwnUploads(sellerId: string, urls: readonly string[]): Promise<void> {
      const unique = [...new Set(urls)];
      const keys: string[] = [];
      for (const url of unique) {
        const match = PRODUCT_IMAGE_URL.exec(url);
        if (!match || match[1] !== sellerId) {
          throw new BadRequestError(
            `images: ${url.slice(0, 100)} is not a photo you uploaded; upload it with POST /api/products/images first`,
          );
        }
        keys.push(keyOf(sellerId, match[2] ?? ''));
      }
      const present = await Promise.all(keys.map((key) => storage.exists(key)));
      const missing = unique.find((_, i) => !present[i]);
      if (missing) throw new BadRequestError(`images: ${missing} was not found; upload the photo again`);
    },

    /**
     * A stored product photo, or one of its sizes (`<id>.w320.avif`), by its URL path below
     * /api/media/products/, for its seller (`owner`) or, once public (product-photos.repository.ts),
     * for anyone; otherwise the same 404 as a missing photo, so a draft's photo URL tells a stranger
     * nothing (issue 18). A size follows its photo's rule.
     */
    async open(sellerId: string, file: string, viewer: { owner: boolean }) {
      const sized = parseSizedImagePath(file);
      const url = `${URL_PREFIX}${sellerId}/${sized ? sized.original : file}`;
      const match = PRODUCT_IMAGE_URL.exec(url);
      if (!match) throw new NotFoundError('Image');
      if (!viewer.owner && !(await photos.isPublic(sellerId, url))) throw new NotFoundError('Image');
      const key = keyOf(sellerId, match[2] ?? '');
      const found = sized ? await sizes.open(key, sized.width, sized.format) : await storage.read(key);
      if (!found) throw new NotFoundError('Image');
      // The owner's answer may be a photo nobody else may see: only the owner's browser keeps it.
      return { ...found, cache: viewer.owner ? ('private' as const) : ('public' as const) };
    },
  };
}
export type ProductImages = ReturnType<typeof productImages>;
