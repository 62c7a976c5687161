/**
 * One event of a Chromium trace (the Trace Event Format), as the trace readers of bench/ use it;
 * `Args` is what a reader expects in its events' `args`.
 */
export type TraceEvent<Args = Record<string, unknown>> = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event: without the time the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string };
  args?: Args;
};
