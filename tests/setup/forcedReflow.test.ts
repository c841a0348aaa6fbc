import { describe, expect, it } from 'vitest';
// Lighthouse 12.8's own trace engine, as its forced-reflow insight runs it.
import * as Warnings from '@paulirish/trace_engine/models/trace/handlers/WarningsHandler.js';
import { forcedReflows, mainThreadOf, reflowVerdicts, type TraceEvent } from '../perf/reflow.mjs';

/**
 * `npm run perf` reports forced reflow twice: as Lighthouse's insight counts it, and on the page's main thread alone
 * (tests/perf/reflow.mjs). These synthetic traces hold both rules, and show that the insight's engine takes a main-thread
 * layout for a forced reflow when a worker thread streams a script at that moment.
 */
const MAIN = { pid: 7, tid: 1 };
const WORKER = { pid: 7, tid: 9 };
const names: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 1, args: { name: 'CrRendererMain' } },
  { name: 'ParseHTML', ph: 'X', ts: 1, dur: 1, pid: 7, tid: 1 },
];
const x = (name: string, ts: number, durMs: number, thread = MAIN): TraceEvent => ({ name, ph: 'X', ts, dur: durMs * 1000, ...thread });

/** What Lighthouse's engine flags in these events (it judges a task's passes when the next task begins: one is added). */
function lighthouseFlags(events: TraceEvent[]): number {
  Warnings.reset();
  const next = x('RunTask', Math.max(...events.map((e) => e.ts + (e.dur ?? 0))) + 1000, 1);
  for (const e of [...events, next].sort((a, b) => a.ts - b.ts)) Warnings.handleEvent(e as never);
  return (Warnings.data().perWarning.get('FORCED_REFLOW') ?? []).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
}

describe('forced reflow in a trace (npm run perf)', () => {
  it('the main thread is the renderer thread that parsed the HTML', () => {
    expect(mainThreadOf(names)).toEqual(MAIN);
  });

  it("a browser page's renderer is not the page's, however much HTML it parsed", () => {
    const ui = { pid: 3, tid: 1 };
    const page = (url: string, thread: { pid: number; tid: number }, ts: number): TraceEvent => ({
      name: 'ParseHTML',
      ph: 'X',
      ts,
      dur: 1,
      ...thread,
      args: { beginData: { url } },
    });
    const trace: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', ts: 0, pid: 3, tid: 1, args: { name: 'CrRendererMain' } },
      names[0],
      page('chrome://new-tab-page/', ui, 1),
      page('chrome://new-tab-page/', ui, 2),
      page('chrome://new-tab-page/', ui, 3),
      page('http://127.0.0.1:5000/courses', MAIN, 4),
    ];
    expect(mainThreadOf(trace)).toEqual(MAIN);
  });

  it('a layout a script forces, 30 ms or more in a task, is flagged by both rules and by Lighthouse', () => {
    const trace = [...names, x('RunTask', 1000, 60), x('FunctionCall', 2000, 50), x('Layout', 10_000, 35)];
    expect(reflowVerdicts(trace)).toEqual({ everyThreadMs: 35, crossThreadMs: 0, crossThreadCauses: [], mainThreadMs: 35 });
    expect(lighthouseFlags(trace)).toBe(35);
  });

  it('under 30 ms in each task is not, however many tasks', () => {
    const trace = [
      ...names,
      x('RunTask', 1000, 30),
      x('FunctionCall', 2000, 25),
      x('Layout', 3000, 20),
      x('RunTask', 40_000, 30),
      x('FunctionCall', 41_000, 25),
      x('UpdateLayoutTree', 42_000, 20),
    ];
    expect(reflowVerdicts(trace)).toMatchObject({ everyThreadMs: 0, mainThreadMs: 0 });
    expect(lighthouseFlags(trace)).toBe(0);
  });

  it("the parser's own layout is not forced, but Lighthouse flags it while a worker thread streams a script", () => {
    const quiet = [...names, x('RunTask', 1000, 60), x('ParseHTML', 1500, 10), x('Layout', 12_000, 40)];
    expect(lighthouseFlags(quiet)).toBe(0);
    const streaming = [...quiet, x('v8.parseOnBackgroundWaiting', 500, 80, WORKER)];
    expect(lighthouseFlags(streaming)).toBe(40);
    expect(forcedReflows(streaming).map((r) => [r.event.name, r.inside.name, r.sameThread])).toEqual([
      ['Layout', 'v8.parseOnBackgroundWaiting', false],
    ]);
    expect(reflowVerdicts(streaming)).toEqual({
      everyThreadMs: 40,
      crossThreadMs: 40,
      crossThreadCauses: ['v8.parseOnBackgroundWaiting'],
      mainThreadMs: 0,
    });
  });
});
