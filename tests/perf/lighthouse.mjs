// Runs inside `firebase emulators:exec` (see run.mjs). Prints and writes a Markdown table of medians.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { HOSTING_URL, ROOT } from '../../emulators/lib.mjs';

const BASE = HOSTING_URL;
// The four pages a phone buyer meets first (the phone issue's gate); PERF_PAGES="/a /b" measures others.
const PAGES = process.env.PERF_PAGES
  ? process.env.PERF_PAGES.split(/\s+/).filter(Boolean)
  : ['/', '/courses', '/pricing', '/courses/machine-learning-with-python'];
const RUNS = Number(process.env.PERF_RUNS ?? 3);
// Lighthouse's mobile preset slows this machine's CPU 4x. PERF_CPU_SLOWDOWN overrides the multiplier, to
// compare with a slower machine: 4 x (this machine's benchmark / the other's), as Lighthouse's
// throttling docs calibrate it (e.g. 8 here at benchmark ~3900 stands for 4x on a ~1950 machine).
// The default is 8x: a low-end phone, the gate the site is held to (PERF_CPU_SLOWDOWN=4 is Lighthouse's preset).
const CPU_SLOWDOWN = Number(process.env.PERF_CPU_SLOWDOWN ?? 8);
if (!(CPU_SLOWDOWN >= 1)) throw new Error(`PERF_CPU_SLOWDOWN must be a number >= 1, got ${process.env.PERF_CPU_SLOWDOWN}`);
const CONFIG = {
  extends: 'lighthouse:default',
  settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } },
};
const OUT = join(ROOT, 'perf-report');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, CONFIG);
    // Lighthouse sometimes fails to record the load (NO_NAVSTART and the like): no scores, run it again.
    if (result.lhr.runtimeError) return { error: result.lhr.runtimeError.code };
    const { categories, audits } = result.lhr;
    return {
      performance: categories.performance.score * 100,
      accessibility: categories.accessibility.score * 100,
      bestPractices: categories['best-practices'].score * 100,
      seo: categories.seo.score * 100,
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      bytes: audits['total-byte-weight'].numericValue,
      // Every script the page downloaded (transfer size), and the main thread's time by category.
      js: (audits['network-requests'].details?.items ?? [])
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      mainThread: Object.fromEntries((audits['mainthread-work-breakdown'].details?.items ?? []).map((item) => [item.group, item.duration])),
      benchmark: result.lhr.environment.benchmarkIndex,
      failing: Object.values(audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

const rows = [];
const benchmarks = [];
const loadAtStart = loadavg()[0];
/**
 * Simulated throttling multiplies what this machine measured, so a run during which the machine was
 * busy (a shared VM's stolen CPU, another job) scores the machine, not the page. Lighthouse measures the
 * CPU at the start of each run: a run whose benchmark is under BUSY of the best one seen is set aside and
 * run again (at most RETRIES extra runs per page), and the report says how many were.
 */
const BUSY = 0.85;
const RETRIES = Number(process.env.PERF_RETRIES ?? 4);
let bestBenchmark = 0;
let setAside = 0;
const failedRuns = [];
for (const path of PAGES) {
  const runs = [];
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + RETRIES; attempt++) {
    const run = await audit(`${BASE}${path}`);
    if (run.error) {
      failedRuns.push(`${path}: ${run.error}`);
      continue;
    }
    benchmarks.push(run.benchmark);
    bestBenchmark = Math.max(bestBenchmark, run.benchmark);
    if (run.benchmark < BUSY * bestBenchmark && attempt < RUNS + RETRIES - 1) {
      setAside++;
      continue;
    }
    runs.push(run);
  }
  if (runs.length === 0) throw new Error(`Lighthouse recorded no run of ${path} (${failedRuns.join(', ')})`);
  const m = (key) => median(runs.map((r) => r[key]));
  const categories = [...new Set(runs.flatMap((r) => Object.keys(r.mainThread)))];
  const mainThread = Object.fromEntries(categories.map((group) => [group, median(runs.map((r) => r.mainThread[group] ?? 0))]));
  rows.push({
    path,
    js: m('js'),
    mainThread,
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    lcp: m('lcp'),
    cls: m('cls'),
    tbt: m('tbt'),
    tbtRuns: runs.map((r) => r.tbt),
    bytes: m('bytes'),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  });
}

// The issue's targets for every public page, on an idle machine.
const TARGETS = { performance: 95, tbt: 150, cls: 0.02, other: 100 };
const misses = (r) =>
  [
    r.performance < TARGETS.performance && `performance ${r.performance.toFixed(0)}`,
    r.tbt > TARGETS.tbt && `TBT ${r.tbt.toFixed(0)} ms`,
    r.cls > TARGETS.cls && `CLS ${r.cls.toFixed(3)}`,
    ...['accessibility', 'bestPractices', 'seo'].map((key) => r[key] < TARGETS.other && `${key} ${r[key].toFixed(0)}`),
  ].filter(Boolean);

const table = [
  `Lighthouse ${RUNS} runs per page, mobile, simulated throttling with the CPU slowed ${CPU_SLOWDOWN}x (PERF_CPU_SLOWDOWN; Lighthouse's preset is 4x), medians (${new Date().toISOString()})`,
  '',
  // Simulated throttling scales what this machine measured, so its speed and load move the scores.
  `Machine: Lighthouse CPU benchmark median ${median(benchmarks).toFixed(0)} (range ${Math.min(...benchmarks).toFixed(0)} to ${Math.max(...benchmarks).toFixed(0)}), load average ${loadAtStart.toFixed(2)} at start; ${setAside} run(s) set aside as taken while the machine was busy (benchmark under ${BUSY * 100}% of the best, ${bestBenchmark.toFixed(0)})${failedRuns.length ? `; ${failedRuns.length} run(s) Lighthouse could not record, run again (${failedRuns.join(', ')})` : ''}.`,
  '',
  // JS is what Lighthouse saw transferred: compressed bodies plus each response's headers.
  '| Page | Performance | Accessibility | Best practices | SEO | LCP | CLS | TBT | TBT per run | JS (transfer) | Total bytes | Targets |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.path} | ${r.performance.toFixed(0)} | ${r.accessibility.toFixed(0)} | ${r.bestPractices.toFixed(0)} | ${r.seo.toFixed(0)} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${r.tbt.toFixed(0)} ms | ${r.tbtRuns.map((ms) => ms.toFixed(0)).join(', ')} | ${(r.js / 1024).toFixed(1)} KB | ${(r.bytes / 1024).toFixed(0)} KB | ${misses(r).length ? `missed: ${misses(r).join(', ')}` : 'met'} |`,
  ),
  '',
  `Targets (performance >= ${TARGETS.performance}, TBT <= ${TARGETS.tbt} ms, CLS <= ${TARGETS.cls}, accessibility/best practices/SEO ${TARGETS.other}): met on ${rows.filter((r) => misses(r).length === 0).length} of ${rows.length} pages.`,
  '',
  'Main-thread time by category (ms, medians):',
  '',
  ...rows.map(
    (r) =>
      `- ${r.path}: ${Object.entries(r.mainThread)
        .sort((a, b) => b[1] - a[1])
        .map(([group, ms]) => `${group} ${ms.toFixed(0)}`)
        .join(', ')}`,
  ),
  '',
  ...rows.filter((r) => r.failing.length).map((r) => `- ${r.path}: audits below 0.9: ${r.failing.join(', ')}`),
].join('\n');

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'lighthouse.md'), `${table}\n`);
console.log(`\n${table}\n\nWritten to perf-report/lighthouse.md`);
