/**
 * Collects what arrives between two frames and hands it over once, just before the next frame is
 * drawn, and not again until the caller says the last batch has been drawn (`drawn`): on a busy
 * show (issue 20: 20 bids and 5 comments a second) the screen is then redrawn once for all that
 * arrived meanwhile, never restarted by each new event while it is being drawn. A page in the
 * background draws no frames; there a timer hands them over instead (`fallbackMs` after the
 * first), so nothing waits for the page to be shown again. A batch never reported drawn holds the
 * next one back for at most `drawnWithinMs`.
 */
export interface FrameQueue<T> {
  push(item: T): void;
  /** The last batch handed over is on screen: the next may go at the next frame. */
  drawn(): void;
  /** Drops what is waiting and stops (unmounting). */
  cancel(): void;
}

export function frameQueue<T>(
  deliver: (items: T[]) => void,
  { fallbackMs = 100, drawnWithinMs = 1_000 }: { fallbackMs?: number; drawnWithinMs?: number } = {},
): FrameQueue<T> {
  let waiting: T[] = [];
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Set while a batch handed over has not been drawn: the timer that stops waiting for it. */
  let drawing: ReturnType<typeof setTimeout> | null = null;
  const hasFrames = typeof requestAnimationFrame === 'function';

  const unschedule = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
  };
  const flush = () => {
    unschedule();
    if (waiting.length === 0 || drawing !== null) return;
    const items = waiting;
    waiting = [];
    drawing = setTimeout(drawn, drawnWithinMs);
    deliver(items);
  };
  const schedule = () => {
    if (timer !== null || drawing !== null || waiting.length === 0) return;
    timer = setTimeout(flush, hasFrames ? fallbackMs : 0);
    if (hasFrames) frame = requestAnimationFrame(flush);
  };
  function drawn() {
    if (drawing !== null) clearTimeout(drawing);
    drawing = null;
    schedule();
  }
  return {
    push(item) {
      waiting.push(item);
      schedule();
    },
    drawn,
    cancel() {
      unschedule();
      if (drawing !== null) clearTimeout(drawing);
      drawing = null;
      waiting = [];
    },
  };
}
