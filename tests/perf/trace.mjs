// `npm run perf:trace -- /pricing [more paths]`: where a page's long tasks go, on the site `npm start` serves.
// Loads each page in Chromium at 8x CPU with the performance trace and V8's sampling profiler on, and prints every
// main-thread task over 50 ms (what Total Blocking Time counts) with what it spent its time on and its hottest
// functions. Lighthouse says how long the main thread was blocked; this says by what (issue 60 found the time-zone
// formatter and the preload loop with it). PERF_BASE changes the site, PERF_CPU_SLOWDOWN the multiplier.
import { chromium } from '@playwright/test';
import { HOSTING_URL } from '../../emulators/lib.mjs';
import { findChromium } from '../../tools/chromium.mjs';
import { mainThreadOf } from './reflow.mjs';

const BASE = process.env.PERF_BASE ?? HOSTING_URL;
const CPU = Number(process.env.PERF_CPU_SLOWDOWN ?? 8);
/** Tasks longer than this are listed (PERF_LONG_MS; at PERF_CPU_SLOWDOWN=1, 7 ms shows what Lighthouse's 8x simulation makes long). */
const LONG_MS = Number(process.env.PERF_LONG_MS ?? 50);
const LONG_US = LONG_MS * 1000;
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'];
/** What a task's time is reported by: the trace's own event names. */
const KINDS = [
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'v8.compileModule',
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'RunMicrotasks',
  'MinorGC',
  'MajorGC',
];

async function trace(browser, path) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  const cdp = await page.context().newCDPSession(page);
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${BASE}${path}`, { waitUntil: 'load' });
  // Hydration, the idle-time work and the first lazy sections happen in the seconds after load.
  await page.waitForTimeout(8000);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await page.close();
  return events;
}

/** Samples of V8's profiler as [time (µs), "function file:line"], on the main thread. */
function samples(events, pid, tid) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map();
  const ids = [];
  const deltas = [];
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
    for (const node of chunk.args.data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    ids.push(...(chunk.args.data.cpuProfile?.samples ?? []));
    deltas.push(...(chunk.args.data.timeDeltas ?? []));
  }
  let at = profile.args.data.startTime;
  return ids.map((id, i) => {
    at += deltas[i];
    const frame = nodes.get(id)?.callFrame ?? {};
    return [at, `${frame.functionName || '(anonymous)'} ${(frame.url ?? '').split('/').pop()}:${frame.lineNumber ?? ''}`];
  });
}

function report(path, events) {
  const { tid, pid } = mainThreadOf(events) ?? {};
  const mine = events.filter((e) => e.tid === tid && e.ph === 'X');
  const start = Math.min(...mine.filter((e) => e.name === 'ParseHTML').map((e) => e.ts));
  const profile = samples(events, pid, tid);
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > LONG_US);
  const lines = [
    `${path}: ${tasks.length} task(s) over ${LONG_MS} ms at ${CPU}x CPU, ${tasks.reduce((sum, t) => sum + t.dur / 1000 - LONG_MS, 0).toFixed(0)} ms over ${LONG_MS} in all`,
  ];
  // Forced layouts: a style or layout pass that ran inside a script (a layout read after a style write in the same
  // task), which is what Lighthouse's forced-reflow insight counts. The event's own stack, or the script it ran in.
  const SCRIPT = new Set([
    'FunctionCall',
    'EvaluateScript',
    'v8.evaluateModule',
    'TimerFire',
    'FireAnimationFrame',
    'EventDispatch',
    'RunMicrotasks',
    'FireIdleCallback',
  ]);
  const scripts = mine.filter((e) => SCRIPT.has(e.name));
  for (const e of mine) {
    if ((e.name !== 'Layout' && e.name !== 'UpdateLayoutTree') || e.dur < Number(process.env.PERF_FORCED_US ?? 1000)) continue;
    const within = scripts.filter((s) => s.ts <= e.ts && s.ts + s.dur >= e.ts + e.dur).sort((a, b) => a.dur - b.dur)[0];
    if (!within) continue;
    const frame = e.args?.beginData?.stackTrace?.[0] ?? within.args?.data?.stackTrace?.[0];
    const where = frame
      ? `${frame.functionName || '(anonymous)'} ${String(frame.url ?? '')
          .split('/')
          .pop()}:${frame.lineNumber ?? ''}`
      : `${within.name} ${String(within.args?.data?.url ?? within.args?.data?.functionName ?? '')
          .split('/')
          .pop()}`;
    const hot =
      profile
        .filter(([at]) => at >= e.ts - 2000 && at <= e.ts)
        .map(([, fn]) => fn)
        .pop() ?? '';
    lines.push(
      `  forced ${e.name} at ${((e.ts - start) / 1000).toFixed(0)} ms, ${(e.dur / 1000).toFixed(1)} ms, in ${where} (last sample: ${hot})`,
    );
  }
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const kinds = {};
    for (const e of mine)
      if (e !== task && e.ts >= task.ts && e.ts + e.dur <= end && KINDS.includes(e.name))
        kinds[e.name] = (kinds[e.name] ?? 0) + e.dur / 1000;
    const hot = {};
    for (const [at, fn] of profile)
      if (at >= task.ts && at <= end && !/^\((program|idle|garbage collector)\)/.test(fn)) hot[fn] = (hot[fn] ?? 0) + 1;
    const top = (record, n, unit) =>
      Object.entries(record)
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, value]) => `${name} ${value.toFixed(0)}${unit}`)
        .join(', ');
    lines.push(`  at ${((task.ts - start) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms: ${top(kinds, 4, ' ms')}`);
    if (Object.keys(hot).length) lines.push(`    hottest (samples): ${top(hot, 4, '')}`);
  }
  return lines.join('\n');
}

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/courses', '/pricing', '/courses/machine-learning-with-python'];
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
try {
  for (const path of paths) console.log(report(path, await trace(browser, path)));
} finally {
  await browser.close();
}
