import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import {
  PayloadTooLargeError,
  type ReceivedFile,
  UnsupportedMediaTypeError,
} from '@/uploads/multipart-files.ts';

/** Images above this many pixels are refused before they are decoded (a small file can unpack huge). */
export const MAX_IMAGE_PIXELS = 40_000_000;
const IMAGE_MIMES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

/** Checks by content that the file is an image within the pixel cap, before anything decodes it. */
export async function assertImage(file: ReceivedFile): Promise<void> {
  const found = await fileTypeFromFile(file.scratchPath);
  if (!found || !IMAGE_MIMES.has(found.mime)) {
    throw new UnsupportedMediaTypeError(
      `${file.field} must be an image (JPG, PNG, WebP, GIF, AVIF or TIFF); this file's content is ${found ? found.mime : 'not an image'}`,
    );
  }
  let meta: Metadata;
  try {
    meta = await sharp(file.scratchPath).metadata();
  } catch {
    throw new UnsupportedMediaTypeError(`${file.field} could not be read as an image`);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new PayloadTooLargeError(`${file.field} is too large: images can be at most 40 megapixels`);
  }
}

// sharp writes no metadata unless asked (withMetadata), so EXIF, GPS and ICC comments are dropped.
const encode = (file: ReceivedFile) =>
  sharp(file.scratchPath, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false }).rotate();

export type ImageVariant = { suffix: string; width: number; height: number };

/**
 * Checks the content is an image, then re-encodes it as WebP in each size: whatever was hidden in
 * the original (scripts, trailing data) is gone, EXIF (GPS location included) is dropped, and the
 * orientation the camera recorded is applied first.
 */
export async function renderImageVariants(
  file: ReceivedFile,
  variants: readonly ImageVariant[],
): Promise<Array<{ suffix: string; data: Buffer }>> {
  await assertImage(file);
  try {
    return await Promise.all(
      variants.map(async (v) => ({
        suffix: v.suffix,
        data: await encode(file)
          .resize(v.width, v.height, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new UnsupportedMediaTypeError(`${file.field} could not be read as an image`);
  }
}

/**
 * Like renderImageVariants, but keeps the picture's proportions: the long side is brought down to
 * `maxSide` pixels (never enlarged). For product photos, where cropping would cut the product.
 */
export async function renderImageWithin(file: ReceivedFile, maxSide: number): Promise<Buffer> {
  await assertImage(file);
  try {
    return await encode(file)
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMediaTypeError(`${file.field} could not be read as an image`);
  }
}
