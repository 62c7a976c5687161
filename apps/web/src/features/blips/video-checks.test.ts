import { describe, expect, it } from 'vitest';
import { uploadFailureMessage } from '@/features/blips/blips-api';
import { checkDuration, checkVideoFile, formatDuration } from '@/features/blips/video-checks';
import { ApiError } from '@/lib/api-client';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = MB) => ({ name, type, size });

describe('checking a chosen video file', () => {
  it('accepts MP4, WebM and QuickTime up to 50 MB', () => {
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 50 * MB))).toBeNull();
    expect(checkVideoFile(file('a.webm', 'video/webm'))).toBeNull();
    expect(checkVideoFile(file('a.mov', 'video/quicktime'))).toBeNull();
  });

  it('judges by the name when the phone gives no type', () => {
    expect(checkVideoFile(file('VID_2026.MP4', ''))).toBeNull();
    expect(checkVideoFile(file('notes.txt', ''))).toBe('Choose an MP4, WebM or MOV video.');
  });

  it('refuses other types, empty files and files over 50 MB, saying how big they are', () => {
    expect(checkVideoFile(file('a.avi', 'video/x-msvideo'))).toBe('Choose an MP4, WebM or MOV video.');
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 0))).toBe('This file is empty. Choose another video.');
    expect(checkVideoFile(file('a.mp4', 'video/mp4', 50 * MB + 1))).toMatch(
      /^This video is 50\.0 MB\. Blips can be at most 50 MB/,
    );
  });

  it('refuses a video longer than 60 seconds, with half a second of slack for rounding', () => {
    expect(checkDuration(60.4)).toBeNull();
    expect(checkDuration(61)).toBe('This video is 1:01 long. Blips can be at most 60 seconds.');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(125.4)).toBe('2:05');
  });
});

describe('an upload failure, in words', () => {
  it("is the server's message when it sent one", () => {
    const error = new ApiError({
      status: 415,
      kind: 'http',
      body: { message: 'Not a video' },
      message: 'Not a video',
    });
    expect(uploadFailureMessage(error)).toBe('Not a video');
  });

  it('names the limit when a proxy answered 413 or 415 without a message', () => {
    const tooBig = new ApiError({
      status: 413,
      kind: 'http',
      body: '<html>',
      message: 'The request failed (error 413).',
    });
    expect(uploadFailureMessage(tooBig)).toBe('This video is too large. Blips can be at most 50 MB.');
    const wrongType = new ApiError({ status: 415, kind: 'http', message: 'x' });
    expect(uploadFailureMessage(wrongType)).toMatch(/MP4, WebM or MOV/);
  });
});
