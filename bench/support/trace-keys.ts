// Where a slow key's time went: reads a Chromium trace (STUDIO_INP_TRACE of bench/studio-inp.bench.ts)
// and, for each key press (keydown) whose interaction took over THRESHOLD ms, lists the renderer main
// thread's work inside it: each task overlapping it, split into script, style, layout, paint and
// garbage collection, with the script's biggest entry points (a socket message, a timer, the key
// itself, React's scheduler). Then the same split summed over the whole trace.
//   node --import tsx bench/support/trace-keys.ts /tmp/studio.json [threshold ms, 50]
import { readFileSync } from 'node:fs';
import type { TraceEvent as ChromeTraceEvent } from './trace-event';

type TraceEvent = ChromeTraceEvent<{ name?: string; data?: Record<string, unknown> }>;

const [file, thresholdArg] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-keys.ts <trace.json> [threshold ms]');
const THRESHOLD = Number(thresholdArg ?? 50);
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

// The page's main thread: CrRendererMain of the renderer that reported the event timings.
const mains = new Map<string, string>();
for (const e of events)
  if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    mains.set(`${e.pid}:${e.tid}`, `${e.pid}:${e.tid}`);
const timings = events.filter((e) => e.name === 'EventTiming' && (e.ph === 'b' || e.ph === 'e'));
const timingPid = timings[0]?.pid;
const main = [...mains.keys()].find((k) => Number(k.split(':')[0]) === timingPid);
if (!main) throw new Error('no renderer main thread with event timings in this trace');
const onMain = events
  .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

const kindOf = (name: string): string | null => {
  if (
    /^(FunctionCall|EvaluateScript|v8\.callFunction|V8\.Execute|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|v8\.run)/.test(
      name,
    )
  )
    return 'script';
  if (/^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation)/.test(name)) return 'style';
  if (/^(Layout|UpdateLayout)$/.test(name)) return 'layout';
  if (
    /^(PrePaint|Paint|PaintImage|Layerize|Commit|UpdateLayer|CompositeLayers|RasterTask|Decode|IntersectionObserverController)/.test(
      name,
    )
  )
    return 'paint';
  if (/GC|GarbageCollect/.test(name)) return 'gc';
  return null;
};

/** A task's time by kind, each nested event counted once under its outermost classified ancestor. */
function split(task: TraceEvent, inner: TraceEvent[]) {
  const by: Record<string, number> = {};
  const entries: Record<string, number> = {};
  let coveredUntil = -1;
  for (const e of inner) {
    if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + (task.dur ?? 0)) continue;
    const kind = kindOf(e.name);
    if (e.ts < coveredUntil) continue;
    if (!kind) {
      if (!/RunTask|LatencyInfo|mojo|SimpleWatcher|EpollEvent|Microtask/.test(e.name))
        entries[`(${e.name})`] = (entries[`(${e.name})`] ?? 0) + (e.dur ?? 0) / 1000;
      continue;
    }
    coveredUntil = e.ts + (e.dur ?? 0);
    by[kind] = (by[kind] ?? 0) + (e.dur ?? 0) / 1000;
    if (kind === 'script') {
      const d = e.args?.data ?? {};
      const what = `${e.name}${d.type ? ` ${d.type}` : ''}${d.functionName ? ` ${d.functionName}` : ''}`;
      entries[what] = (entries[what] ?? 0) + (e.dur ?? 0) / 1000;
    }
  }
  return { by, entries };
}

const fmt = (r: Record<string, number>) =>
  Object.entries(r)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');

// Each interaction: its keydown's event timing (start ts in µs, duration in ms).
const begun = new Map<string, TraceEvent>();
type Key = { ts: number; duration: number; type: string; id: number };
const keys: Key[] = [];
for (const e of timings) {
  const id = e.id ?? e.id2?.local ?? '';
  if (e.ph === 'b') begun.set(id, e);
  else {
    const b = begun.get(id);
    const d = b?.args?.data ?? {};
    if (b && typeof d.interactionId === 'number' && d.interactionId > 0)
      keys.push({ ts: b.ts, duration: (e.ts - b.ts) / 1000, type: String(d.type), id: d.interactionId });
  }
}
// The outermost tasks only (Chromium nests ThreadControllerImpl::RunTask in RunTask and the other way).
const tasks: TraceEvent[] = [];
for (const e of onMain) {
  if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
  const last = tasks.at(-1);
  if (last && e.ts < last.ts + (last.dur ?? 0)) continue;
  tasks.push(e);
}
const slow = keys.filter((k) => k.type === 'keydown' && k.duration > THRESHOLD);
process.stdout.write(
  `${keys.filter((k) => k.type === 'keydown').length} keydowns, ${slow.length} over ${THRESHOLD} ms\n`,
);
for (const k of slow) {
  const end = k.ts + k.duration * 1000;
  process.stdout.write(`\nkeydown ${k.id}: ${k.duration.toFixed(0)} ms\n`);
  for (const t of tasks) {
    if (t.ts + (t.dur ?? 0) < k.ts || t.ts > end) continue;
    const { by, entries } = split(t, onMain);
    process.stdout.write(
      `  +${((t.ts - k.ts) / 1000).toFixed(0).padStart(4)} ms task ${((t.dur ?? 0) / 1000).toFixed(1)} ms: ${fmt(by)}` +
        `${Object.keys(entries).length ? ` | ${fmt(entries)}` : ''}\n`,
    );
  }
}
const total: Record<string, number> = {};
const entries: Record<string, number> = {};
for (const t of tasks) {
  const s = split(t, onMain);
  for (const [k, v] of Object.entries(s.by)) total[k] = (total[k] ?? 0) + v;
  for (const [k, v] of Object.entries(s.entries)) entries[k] = (entries[k] ?? 0) + v;
}
const span = ((onMain.at(-1)?.ts ?? 0) - (onMain[0]?.ts ?? 0)) / 1e6;
process.stdout.write(
  `\nwhole trace (${span.toFixed(1)} s), main thread ms: ${fmt(total)}\n  script by entry: ${fmt(entries)}\n`,
);

// The JavaScript profile (category disabled-by-default-v8.cpu_profiler): inside the slow keys'
// windows, the functions most often on the stack (inclusive), by name. With the minified build the
// names are the minifier's; `npx vite build --minify false` in apps/web gives React components' own.
type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url: string } };
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let clock = 0;
for (const e of events) {
  const data = e.args?.data as
    | {
        startTime?: number;
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      }
    | undefined;
  if (e.pid !== timingPid || !data) continue;
  if (e.name === 'Profile' && data.startTime !== undefined) clock = data.startTime;
  if (e.name !== 'ProfileChunk') continue;
  for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  const deltas = data.timeDeltas ?? [];
  (data.cpuProfile?.samples ?? []).forEach((id, i) => {
    clock += deltas[i] ?? 0;
    samples.push({ ts: clock, node: id });
  });
}
if (samples.length > 0) {
  const inWindow = (ts: number) => slow.some((k) => ts >= k.ts && ts <= k.ts + k.duration * 1000);
  const inclusive: Record<string, number> = {};
  const self: Record<string, number> = {};
  let counted = 0;
  for (const s of samples) {
    if (!inWindow(s.ts)) continue;
    counted += 1;
    const seen = new Set<string>();
    let n = nodes.get(s.node);
    const leaf = n ? `${n.callFrame.functionName || '(anonymous)'}` : '?';
    self[leaf] = (self[leaf] ?? 0) + 1;
    while (n) {
      const name = n.callFrame.functionName || '(anonymous)';
      if (!seen.has(name)) inclusive[name] = (inclusive[name] ?? 0) + 1;
      seen.add(name);
      n = n.parent === undefined ? undefined : nodes.get(n.parent);
    }
  }
  const top = (r: Record<string, number>) =>
    Object.entries(r)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([k, v]) => `${k} ${((100 * v) / counted).toFixed(0)}%`)
      .join(', ');
  process.stdout.write(
    `\nprofile samples in the slow keys: ${counted}\n  inclusive: ${top(inclusive)}\n  self: ${top(self)}\n`,
  );
}
