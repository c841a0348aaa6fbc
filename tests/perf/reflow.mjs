// Forced reflows in a Chromium trace, counted the way Lighthouse 12's forced-reflow insight counts them, and on the
// page's main thread alone.
//
// Why both: the insight's trace engine (@paulirish/trace_engine, handlers/WarningsHandler.js) keeps ONE stack of
// events over every thread of the trace. A main-thread style or layout pass that runs while a worker thread streams
// a script (`v8.parseOnBackgroundParsing`, `v8.parseOnBackgroundWaiting`: any event whose name starts with v8 counts
// as script there) is taken to run inside that script, has no stack to name, and is reported as "[unattributed]"
// forced reflow once a task's passes reach 30 ms. No script of the page asked for it.

/** Forced reflow is flagged when a task's passes inside script reach this (WarningsHandler's FORCED_REFLOW_THRESHOLD). */
export const FORCED_REFLOW_US = 30_000;

const SCRIPT_EVENTS = new Set([
  'RunMicrotasks',
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'EventDispatch',
  'V8Console::runTask',
]);
/** The trace engine's isJSInvocationEvent. */
export const isScriptEvent = (name) => SCRIPT_EVENTS.has(name) || name.startsWith('v8') || name.startsWith('V8');
const isReflow = (name) => name === 'Layout' || name === 'UpdateLayoutTree';

/**
 * The renderer's main thread for the page: the CrRendererMain thread that parsed most HTML of a web page. A trace
 * can hold a browser UI renderer too (a chrome:// page's Lit components once outnumbered the page's own parses in
 * perf:trace): HTML parsed from another scheme does not count where the parser names its document.
 */
export function mainThreadOf(events) {
  const renderers = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const parsed = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    const url = e.args?.beginData?.url;
    if (renderers.has(key) && e.name === 'ParseHTML' && (url === undefined || /^https?:/.test(url)))
      parsed.set(key, (parsed.get(key) ?? 0) + 1);
  }
  const best = [...parsed].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!best) return null;
  const [pid, tid] = best.split(':').map(Number);
  return { pid, tid };
}

/**
 * The style and layout passes that would be flagged: each pass that starts inside a script event, summed per task,
 * all of a task's flagged once the sum reaches FORCED_REFLOW_US. With `thread` ({pid, tid}) only that thread's events
 * are looked at; without it, every thread's, in one stack, as the insight does. Each pass comes with the script
 * event it was found inside and whether that event ran on the pass's own thread.
 */
export function forcedReflows(events, thread) {
  const complete = events
    .filter((e) => e.ph === 'X' && typeof e.ts === 'number' && (!thread || (e.pid === thread.pid && e.tid === thread.tid)))
    .sort((a, b) => a.ts - b.ts);
  const all = [];
  const scripts = [];
  const flagged = [];
  let inTask = [];
  const end = (e) => e.ts + (e.dur ?? 0);
  const settle = (stack, e) => {
    while (stack.length && e.ts > end(stack.at(-1))) stack.pop();
  };
  const closeTask = () => {
    if (inTask.reduce((sum, r) => sum + (r.event.dur ?? 0), 0) >= FORCED_REFLOW_US) flagged.push(...inTask);
    inTask = [];
  };
  for (const e of complete) {
    settle(all, e);
    all.push(e);
    settle(scripts, e);
    if (isScriptEvent(e.name)) scripts.push(e);
    if (scripts.length && isReflow(e.name)) {
      const inside = scripts.at(-1);
      inTask.push({ event: e, inside, sameThread: inside.pid === e.pid && inside.tid === e.tid });
      continue;
    }
    if (all.length === 1) closeTask();
  }
  closeTask();
  return flagged;
}

/** What a run's trace says: the reflow time the insight's rule flags, how much of it another thread's event "caused", and the main thread's own. */
export function reflowVerdicts(events) {
  const ms = (list) => list.reduce((sum, r) => sum + (r.event.dur ?? 0), 0) / 1000;
  const everyThread = forcedReflows(events);
  const main = mainThreadOf(events);
  return {
    everyThreadMs: ms(everyThread),
    crossThreadMs: ms(everyThread.filter((r) => !r.sameThread)),
    crossThreadCauses: [...new Set(everyThread.filter((r) => !r.sameThread).map((r) => r.inside.name))],
    mainThreadMs: main ? ms(forcedReflows(events, main)) : null,
  };
}
