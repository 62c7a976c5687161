import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { BadRequestError, HttpError } from '@/lib/errors.ts';

/** A file received from a multipart form, waiting in the scratch folder until it is checked. */
export type ReceivedFile = { field: string; scratchPath: string; originalName: string; size: number };

export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A name fit to show and to put in a Content-Disposition header: no paths, no control characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .slice(0, 120)
    .trim();
  return clean || 'file';
}

/**
 * Streams the multipart files of `fields` into the scratch folder, never holding a whole file in
 * memory. A file over `maxBytes` stops the upload with 413; a field outside `fields` is a 400. On
 * any failure every scratch file already written is removed, so nothing half-written remains.
 */
export async function receiveFiles(
  request: FastifyRequest,
  options: { fields: readonly string[]; maxBytes: number; scratchDir: string; label: string },
): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    if (!request.isMultipart()) {
      throw new UnsupportedMediaTypeError('Send the files as multipart/form-data');
    }
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes } })) {
      if (part.type !== 'file') continue;
      if (!options.fields.includes(part.fieldname)) {
        part.file.resume();
        throw new BadRequestError(
          `Unknown file field: ${part.fieldname}. Expected ${options.fields.join(', ')}`,
        );
      }
      if (received.some((file) => file.field === part.fieldname)) {
        part.file.resume();
        throw new BadRequestError(`Send one file for ${part.fieldname}`);
      }
      const scratchPath = path.join(options.scratchDir, `up-${randomUUID()}`);
      received.push({
        field: part.fieldname,
        scratchPath,
        originalName: displayName(part.filename),
        size: 0,
      });
      try {
        await pipeline(part.file, createWriteStream(scratchPath, { mode: 0o600 }));
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(
            `${part.fieldname} is too large: ${options.label} can be at most ${megabytes(options.maxBytes)}`,
          );
        }
        throw err;
      }
      if (part.file.truncated) {
        throw new PayloadTooLargeError(
          `${part.fieldname} is too large: ${options.label} can be at most ${megabytes(options.maxBytes)}`,
        );
      }
      const file = received.at(-1);
      if (file) file.size = (await fs.stat(scratchPath)).size;
    }
    for (const file of received) {
      if (file.size === 0) throw new BadRequestError(`${file.field} is empty`);
    }
    return received;
  } catch (err) {
    await discard(received);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError(
        `The file is too large: ${options.label} can be at most ${megabytes(options.maxBytes)}`,
      );
    }
    throw err;
  }
}

export async function discard(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.scratchPath, { force: true })));
}

/** What the content says the file is, by its magic bytes; the name and the browser's claim are ignored. */
const DOCUMENT_TYPES: Record<string, { mime: string; ext: string }> = {
  pdf: { mime: 'application/pdf', ext: 'pdf' },
  // Word 97-2003 (.doc) files are OLE2 compound files; file-type reports the container.
  cfb: { mime: 'application/msword', ext: 'doc' },
  doc: { mime: 'application/msword', ext: 'doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx' },
  jpg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
};

export async function sniffDocument(file: ReceivedFile): Promise<{ mime: string; ext: string }> {
  const found = await fileTypeFromFile(file.scratchPath);
  const type = found ? DOCUMENT_TYPES[found.ext] : undefined;
  if (!type) {
    throw new UnsupportedMediaTypeError(
      `${file.field} must be a PDF, Word document (doc, docx), JPG or PNG file; this file's content is ${found ? found.mime : 'not a recognised document'}`,
    );
  }
  return type;
}

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
  try {
    return await Promise.all(
      variants.map(async (v) => ({
        suffix: v.suffix,
        data: await sharp(file.scratchPath, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
          .rotate()
          .resize(v.width, v.height, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch {
    throw new UnsupportedMediaTypeError(`${file.field} could not be read as an image`);
  }
}
