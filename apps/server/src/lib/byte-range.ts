import { Readable } from 'node:stream';

export type ByteRange = { start: number; end: number };

/**
 * The one byte range a `Range: bytes=…` header asks for, against a file of `size` bytes: null to
 * send the whole file (no header, another unit, several ranges or a malformed one — RFC 9110 lets
 * a server ignore those), 'unsatisfiable' for a range wholly past the end (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * The bytes start..end (inclusive) of a stream that begins at byte 0. The source is read up to
 * `end` and then closed, so a phone seeking near the start of a video does not read the rest.
 */
export function sliceStream(source: Readable, { start, end }: ByteRange): Readable {
  async function* slice() {
    let position = 0;
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      const chunkEnd = position + buffer.length;
      if (chunkEnd > start) {
        yield buffer.subarray(Math.max(0, start - position), Math.min(buffer.length, end + 1 - position));
      }
      position = chunkEnd;
      // Leaving the loop closes the source.
      if (position > end) break;
    }
  }
  return Readable.from(slice());
}
