import { MAX_PRODUCT_IMAGE_BYTES } from '@kasuwa/contracts/limits';
import { toast } from '@/lib/toast';

/*
 * The checks a picked photo passes before it is uploaded, the same for the product's photos and a
 * variant's: the server judges the content again, these only spare a phone a useless upload.
 */

export const PHOTO_TYPES_TEXT = 'JPG, PNG or WebP, at most 10 MB each';

export const isImageFile = (file: File) =>
  file.type.startsWith('image/') || /\.(jpe?g|png|webp|gif|avif|heic|heif)$/i.test(file.name);

/**
 * The files to upload: photos within the size cap, as many as there is `room` for. Whatever is
 * left out is said in a toast; `full` words the one for going over the limit.
 */
export function acceptPhotoFiles(
  files: File[],
  room: number,
  full: { title: string; description: string },
): File[] {
  const images = files.filter(isImageFile);
  if (images.length < files.length) toast.error('Only photos can be added', 'Choose JPG, PNG or WebP images');
  const tooBig = images.filter((file) => file.size > MAX_PRODUCT_IMAGE_BYTES);
  if (tooBig.length > 0) toast.error('Photo too large', 'Each photo can be at most 10 MB');
  const fitting = images.filter((file) => file.size <= MAX_PRODUCT_IMAGE_BYTES);
  const accepted = fitting.slice(0, Math.max(0, room));
  if (fitting.length > accepted.length) toast.warning(full.title, full.description);
  return accepted;
}
