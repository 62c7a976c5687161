import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { textProblem } from '@kasuwa/contracts';
import type { FastifyRequest } from 'fastify';
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

/** Per file field: its size cap and how the 413 message names it ("a video", "each document"). */
export type FileFieldLimit = { maxBytes: number; label: string };

export type FormOptions = {
  files: Readonly<Record<string, FileFieldLimit>>;
  /** Text fields the form may carry, with their maximum length in characters. */
  text?: Readonly<Record<string, number>>;
  scratchDir: string;
};

export type ReceivedForm = { files: ReceivedFile[]; text: Record<string, string> };

class FieldTooLarge extends Error {}

export const MALFORMED_MULTIPART_MESSAGE =
  'The upload could not be read: send it as multipart/form-data whose boundary matches the body';

/**
 * The multipart parser (busboy) reports a wrong or missing boundary, a body cut short or a broken
 * part header as a plain Error without a status. Those are the client's mistakes (400), unlike a
 * storage failure (which carries a system call) or one of ours (a status of its own).
 */
function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof HttpError || err instanceof FieldTooLarge) return false;
  const e = err as Error & { syscall?: string; statusCode?: number };
  return e.syscall === undefined && e.statusCode === undefined;
}

/** Counts the bytes going through and fails as soon as there are more than `max`. */
function byteCap(max: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new FieldTooLarge());
      else done(null, chunk);
    },
  });
}

/**
 * Streams the multipart files of a form into the scratch folder, never holding a whole file in
 * memory, and collects its text fields. A file over its field's cap stops the upload with 413; an
 * unexpected field is a 400. On any failure every scratch file already written is removed, so
 * nothing half-written remains.
 */
export async function receiveForm(request: FastifyRequest, options: FormOptions): Promise<ReceivedForm> {
  const received: ReceivedFile[] = [];
  const text: Record<string, string> = {};
  const fileFields = Object.keys(options.files);
  const largest = Math.max(...Object.values(options.files).map((l) => l.maxBytes));
  const tooLarge = (field: string) => {
    const limit = options.files[field];
    return new PayloadTooLargeError(
      limit
        ? `${field} is too large: ${limit.label} can be at most ${megabytes(limit.maxBytes)}`
        : `The file is too large: at most ${megabytes(largest)}`,
    );
  };
  try {
    if (!request.isMultipart()) {
      throw new UnsupportedMediaTypeError('Send the files as multipart/form-data');
    }
    // One byte over the largest cap: busboy would otherwise cut the file at exactly the cap and keep
    // reading (and dropping) the rest of a huge body before saying it was too large; one byte more
    // trips byteCap below while the upload is still streaming, and the 413 goes out at once.
    for await (const part of request.parts({ limits: { fileSize: largest + 1 } })) {
      if (part.type !== 'file') {
        const maxLength = options.text?.[part.fieldname];
        if (maxLength === undefined) {
          throw new BadRequestError(`Unknown field: ${part.fieldname}`);
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // The accepted-text rule of the contracts, which the JSON routes get from plugins/text-guard.ts.
        const problem = textProblem(value);
        if (problem) throw new BadRequestError(`${part.fieldname} ${problem}`);
        if (value.length > maxLength) {
          throw new BadRequestError(`${part.fieldname} must be at most ${maxLength} characters`);
        }
        text[part.fieldname] = value;
        continue;
      }
      const limit = options.files[part.fieldname];
      if (!limit) {
        part.file.resume();
        throw new BadRequestError(`Unknown file field: ${part.fieldname}. Expected ${fileFields.join(', ')}`);
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
        await pipeline(part.file, byteCap(limit.maxBytes), createWriteStream(scratchPath, { mode: 0o600 }));
      } catch (err) {
        if (err instanceof FieldTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw tooLarge(part.fieldname);
        }
        throw err;
      }
      if (part.file.truncated) throw tooLarge(part.fieldname);
      const file = received.at(-1);
      if (file) file.size = (await fs.stat(scratchPath)).size;
    }
    for (const file of received) {
      if (file.size === 0) throw new BadRequestError(`${file.field} is empty`);
    }
    return { files: received, text };
  } catch (err) {
    await discard(received);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError(`The file is too large: at most ${megabytes(largest)}`);
    }
    if (isMalformedMultipart(err)) throw new BadRequestError(MALFORMED_MULTIPART_MESSAGE);
    throw err;
  }
}

/** receiveForm for forms of files only, all with the same cap. */
export async function receiveFiles(
  request: FastifyRequest,
  options: { fields: readonly string[]; maxBytes: number; scratchDir: string; label: string },
): Promise<ReceivedFile[]> {
  const files = Object.fromEntries(
    options.fields.map((field) => [field, { maxBytes: options.maxBytes, label: options.label }]),
  );
  return (await receiveForm(request, { files, scratchDir: options.scratchDir })).files;
}

export async function discard(files: readonly ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.scratchPath, { force: true })));
}
