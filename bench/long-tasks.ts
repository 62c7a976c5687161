// What the dashboard's Total Blocking Time is made of: each route loaded cold in Playwright's Chromium
// (a phone's screen, no service worker, the demo seller's stored session, no throttling), traced with
// V8's sampling profiler, and every main-thread task longer than LONG_TASKS_MIN ms (default 12: on
// Lighthouse's 4× CPU such a task is over its 50 ms) printed with where its time went — the
// functions that ran most in it (self time) and the browser's own work (style, layout, parsing).
// Beside them, TBT estimated as Lighthouse's simulation counts it: Σ max(0, 4 × task − 50 ms) over
// the tasks after the first contentful paint. The machine's load shows in every duration: compare
// builds interleaved (WEB_DIST=<a built apps/web/dist> serves another build). The server runs at
// nice 19 (LONG_TASKS_SERVER_NICE), as a phone does not share its cores with it.
//   TSX_TSCONFIG_PATH=apps/server/tsconfig.json node --import tsx bench/long-tasks.ts [route...]
// LONG_TASKS_RUNS=<n> loads each route n times (the figures of every load, then the median TBT).
import { execFileSync } from 'node:child_process';
import { chromium, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { startBuiltServer } from './support/built-server';
import { demoLogin, storeDemoSession } from './support/demo-session';
import type { TraceEvent as ChromeTraceEvent } from './support/trace-event';

const ROUTES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/dashboard/home', '/dashboard/products', '/dashboard/orders'];
const MIN_MS = Number(process.env.LONG_TASKS_MIN ?? 12);
const RUNS = Math.max(1, Number(process.env.LONG_TASKS_RUNS ?? 1));
const QUIET = process.env.LONG_TASKS_QUIET === '1';
// LONG_TASKS_INCLUSIVE=<n>: also the n app functions with the most time on the stack (a build with
// `vite build --minify false` names them).
const INCLUSIVE = Number(process.env.LONG_TASKS_INCLUSIVE ?? 0);
// LONG_TASKS_BY_FILE=1: also the sampled CPU after FCP by script file (self time, the file's hash left off).
const BY_FILE = process.env.LONG_TASKS_BY_FILE === '1';

type TraceEvent = ChromeTraceEvent<
  Record<string, unknown> & {
    data?: {
      url?: string;
      frame?: string;
      startTime?: number;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  }
>;

const load = () =>
  execFileSync('uptime')
    .toString()
    .trim()
    .replace(/^.*load average: /, 'load ');

const short = (url: string) => url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '') || '(page)';

type CpuProfile = {
  nodes: {
    id: number;
    parent?: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

function analyse(events: TraceEvent[], profile: CpuProfile) {
  // The renderer's main thread: the one named CrRendererMain of the process that ran the page's tasks.
  const names = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const main = names.find((n) => n.pid === fcp?.pid) ?? names[0];
  if (!main || !fcp) throw new Error('no renderer main thread or no first contentful paint in the trace');
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const nav = events.filter((e) => e.name === 'navigationStart' && e.ts <= fcp.ts).at(-1) ?? fcp;
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 0);

  // The sampling profiler's samples (CDP's Profiler, every 100 µs), on the trace's clock.
  const samples: { ts: number; frame: string }[] = [];
  const nodes = new Map<number, { frame: string; parent?: number }>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const where = f.url ? ` ${short(f.url)}:${f.lineNumber + 1}` : '';
    nodes.set(n.id, { frame: `${f.functionName || '(anonymous)'}${where}`, parent: n.parent });
  }
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    samples.push({ ts: t, frame: String(id) });
  });
  const frameOf = (id: string) => nodes.get(Number(id))?.frame ?? '?';
  samples.sort((a, b) => a.ts - b.ts);

  /** The samples between two times, each with the time it stands for (the gap since the one before). */
  function* sampled(from: number, to: number) {
    let previous: number | undefined;
    for (const s of samples) {
      if (s.ts < from || s.ts >= to) continue;
      const dt = previous === undefined ? 0.1 : Math.min((s.ts - previous) / 1000, 1);
      previous = s.ts;
      const frame = frameOf(s.frame);
      if (frame.startsWith('(idle)') || frame.startsWith('(root)')) continue;
      yield { frame, dt, leaf: s.frame };
    }
  }
  /** Adds `dt` to each of the app's own functions on a sample's stack (not React's, the router's or the runtime's). */
  const addAppFrames = (leaf: string, dt: number, into: Map<string, number>) => {
    const seen = new Set<string>();
    for (let n = nodes.get(Number(leaf)); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      if (seen.has(n.frame) || / (react|rolldown-runtime)-/.test(n.frame) || !n.frame.includes('.js:'))
        continue;
      seen.add(n.frame);
      into.set(n.frame, (into.get(n.frame) ?? 0) + dt);
    }
  };

  const work = (task: TraceEvent) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (e) =>
        onMain(e) &&
        e.ph === 'X' &&
        e.ts >= task.ts &&
        e.ts < end &&
        [
          'UpdateLayoutTree',
          'Layout',
          'ParseHTML',
          'Paint',
          'v8.compileModule',
          'EvaluateScript',
          'v8.evaluateModule',
          'MajorGC',
          'MinorGC',
          'FunctionCall',
          'TimerFire',
          'FireAnimationFrame',
          'RunMicrotasks',
          'EventDispatch',
          'XHRReadyStateChange',
        ].includes(e.name),
    );
    const kinds = new Map<string, number>();
    for (const e of inside) {
      if (
        [
          'FunctionCall',
          'TimerFire',
          'RunMicrotasks',
          'EventDispatch',
          'v8.evaluateModule',
          'EvaluateScript',
          'FireAnimationFrame',
        ].includes(e.name)
      ) {
        // Only the outermost script entry, and where it came from.
        const outer = inside.find(
          (o) =>
            o !== e &&
            o.ts <= e.ts &&
            o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) &&
            o.name !== 'Layout' &&
            o.name !== 'UpdateLayoutTree',
        );
        if (outer) continue;
        const url = e.args?.data?.url;
        const key = `${e.name}${url ? ` ${short(url)}` : ''}`;
        kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      } else kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const { frame, dt, leaf } of sampled(task.ts, end)) {
      self.set(frame, (self.get(frame) ?? 0) + dt);
      addAppFrames(leaf, dt, inclusive);
    }
    if (kinds.size === 0) {
      // Nothing the list above names: the task's own direct events, by name.
      for (const e of events) {
        if (!onMain(e) || e.ph !== 'X' || e === task || e.ts < task.ts || e.ts >= end) continue;
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    return { kinds, self, inclusive };
  };

  const fcpMs = (fcp.ts - nav.ts) / 1000;
  const long = tasks.filter((t) => (t.dur ?? 0) / 1000 >= MIN_MS);
  let tbt = 0;
  let cpuTbt = 0;
  let cpuMs = 0;
  // The main thread's CPU after FCP by the browser's kinds of work (thread time, so the machine's
  // other work does not count); scripting is the rest of the tasks' CPU.
  const byKind = new Map<string, number>();
  const kindOf: Record<string, string> = {
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    Paint: 'paint',
    PrePaint: 'paint',
    ParseHTML: 'parse HTML',
    ParseAuthorStyleSheet: 'parse CSS',
    MajorGC: 'GC',
    MinorGC: 'GC',
    'v8.compile': 'compile',
    'v8.compileModule': 'compile',
  };
  for (const e of events) {
    const kind = kindOf[e.name];
    if (!kind || !onMain(e) || e.ph !== 'X' || e.ts < fcp.ts) continue;
    byKind.set(kind, (byKind.get(kind) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
  }
  for (const t of tasks) {
    if (t.ts < fcp.ts) continue;
    tbt += Math.max(0, (4 * (t.dur ?? 0)) / 1000 - 50);
    cpuTbt += Math.max(0, (4 * (t.tdur ?? t.dur ?? 0)) / 1000 - 50);
    cpuMs += (t.tdur ?? t.dur ?? 0) / 1000;
  }
  // The profiler's samples after FCP, by the script file their function is in (self time).
  const byFile = new Map<string, number>();
  const appAfterFcp = new Map<string, number>();
  for (const { frame, dt, leaf } of sampled(fcp.ts, Number.POSITIVE_INFINITY)) {
    const file =
      / ([^ ]+\.js):\d+$/.exec(frame)?.[1]?.replace(/-[\w-]{8}\.js$/, '') ?? frame.replace(/ .*$/, '');
    byFile.set(file, (byFile.get(file) ?? 0) + dt);
    addAppFrames(leaf, dt, appAfterFcp);
  }
  let named = 0;
  for (const ms of byKind.values()) named += ms;
  byKind.set('script and the rest', Math.max(0, cpuMs - named));
  return {
    fcpMs,
    tbt,
    cpuTbt,
    cpuMs,
    byKind,
    byFile,
    appAfterFcp,
    long: long.map((t) => ({
      at: (t.ts - nav.ts) / 1000,
      ms: (t.dur ?? 0) / 1000,
      cpu: (t.tdur ?? 0) / 1000,
      afterFcp: t.ts >= fcp.ts,
      ...work(t),
    })),
  };
}

const server = await startBuiltServer({ nice: Number(process.env.LONG_TASKS_SERVER_NICE ?? 19) });
const { base } = server;
try {
  const login = await demoLogin(base);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  for (const route of ROUTES) {
    const tbts: number[] = [];
    const cpuTbts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ ...devices['Moto G4'], serviceWorkers: 'block' });
      if (route !== '/login') {
        const setup = await context.newPage();
        await storeDemoSession(setup, base, login);
        await setup.close();
      }
      const page = await context.newPage();
      const before = load();
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'v8.execute'],
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      await context.close();
      const { fcpMs, tbt, cpuTbt, cpuMs, byKind, byFile, appAfterFcp, long } = analyse(
        trace.traceEvents,
        profile,
      );
      tbts.push(tbt);
      cpuTbts.push(cpuTbt);
      process.stdout.write(
        `${route} run ${run + 1} (${before}): FCP ${fcpMs.toFixed(0)} ms; ${long.length} tasks ≥ ${MIN_MS} ms;` +
          ` TBT estimate (4×, after FCP) ${tbt.toFixed(0)} ms; from the thread's CPU time ${cpuTbt.toFixed(0)} ms` +
          ` (main thread busy ${cpuMs.toFixed(0)} ms of CPU after FCP:` +
          ` ${[...byKind]
            .sort((a, b) => b[1] - a[1])
            .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
            .join(', ')})\n`,
      );
      if (BY_FILE)
        process.stdout.write(
          `  sampled after FCP, by file (self): ${[...byFile]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 16)
            .map(([f, ms]) => `${f} ${ms.toFixed(0)}`)
            .join(', ')}\n` +
            [...appAfterFcp]
              .sort((a, b) => b[1] - a[1])
              .slice(0, INCLUSIVE)
              .map(([f, ms]) => `      (in) ${ms.toFixed(1)} ms ${f}\n`)
              .join(''),
        );
      if (QUIET) continue;
      for (const t of long) {
        const kinds = [...t.kinds].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 1);
        const self = [...t.self].sort((a, b) => b[1] - a[1]).slice(0, 8);
        const app = [...t.inclusive].sort((a, b) => b[1] - a[1]).slice(0, INCLUSIVE);
        process.stdout.write(
          `  at ${t.at.toFixed(0)} ms${t.afterFcp ? '' : ' (before FCP)'}: ${t.ms.toFixed(1)} ms (CPU ${t.cpu.toFixed(1)}) — ` +
            `${kinds.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}\n` +
            self.map(([f, ms]) => `      ${ms.toFixed(1)} ms ${f}\n`).join('') +
            app.map(([f, ms]) => `      (in) ${ms.toFixed(1)} ms ${f}\n`).join(''),
        );
      }
    }
    if (RUNS > 1) {
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]?.toFixed(0);
      process.stdout.write(
        `${route}: TBT estimates ${tbts.map((t) => t.toFixed(0)).join(', ')} ms, median ${med(tbts)} ms;` +
          ` from CPU time ${cpuTbts.map((t) => t.toFixed(0)).join(', ')} ms, median ${med(cpuTbts)} ms\n`,
      );
    }
  }
  await browser.close();
} finally {
  await server.stop();
}
