import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameQueue } from '@/lib/frame-queue';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('frameQueue', () => {
  it('hands over everything that arrived before a frame once, in order, at that frame', () => {
    const delivered: string[][] = [];
    const queue = frameQueue<string>((items) => delivered.push(items));
    queue.push('bid 1');
    queue.push('comment');
    queue.push('bid 2');
    expect(delivered).toEqual([]); // not before the frame
    vi.advanceTimersByTime(16);
    expect(delivered).toEqual([['bid 1', 'comment', 'bid 2']]);
    queue.drawn();

    queue.push('bid 3');
    vi.advanceTimersByTime(16);
    expect(delivered).toEqual([['bid 1', 'comment', 'bid 2'], ['bid 3']]);
    queue.drawn();
    vi.advanceTimersByTime(500);
    expect(delivered).toHaveLength(2); // nothing handed over twice
  });

  it('holds what arrives while a batch is being drawn, then hands it all over at the next frame', () => {
    const delivered: string[][] = [];
    const queue = frameQueue<string>((items) => delivered.push(items));
    queue.push('bid 1');
    vi.advanceTimersByTime(16);
    queue.push('bid 2');
    vi.advanceTimersByTime(32);
    queue.push('bid 3');
    vi.advanceTimersByTime(32);
    expect(delivered).toEqual([['bid 1']]); // the first is still being drawn
    queue.drawn();
    expect(delivered).toEqual([['bid 1']]); // not in the middle of a frame
    vi.advanceTimersByTime(16);
    expect(delivered).toEqual([['bid 1'], ['bid 2', 'bid 3']]);
  });

  it('stops waiting for a batch never reported drawn after a second', () => {
    const delivered: string[][] = [];
    const queue = frameQueue<string>((items) => delivered.push(items));
    queue.push('bid 1');
    vi.advanceTimersByTime(16);
    queue.push('bid 2');
    vi.advanceTimersByTime(900);
    expect(delivered).toEqual([['bid 1']]);
    vi.advanceTimersByTime(150);
    expect(delivered).toEqual([['bid 1'], ['bid 2']]);
  });

  it('in a page drawing no frames (in the background), hands them over 100 ms after the first', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const delivered: string[][] = [];
    const queue = frameQueue<string>((items) => delivered.push(items));
    queue.push('bid 1');
    vi.advanceTimersByTime(60);
    queue.push('bid 2');
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(40);
    expect(delivered).toEqual([['bid 1', 'bid 2']]);
  });

  it('drops what waits when cancelled', () => {
    const delivered: string[][] = [];
    const queue = frameQueue<string>((items) => delivered.push(items));
    queue.push('bid 1');
    queue.cancel();
    vi.advanceTimersByTime(2_000);
    expect(delivered).toEqual([]);
  });
});
