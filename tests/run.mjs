// `npm test`: every kind of test, stopping at the first red, ending with "N passed, N failed".
//   type checks -> lint -> unit/component (vitest) -> build -> API + rules (vitest) and e2e (Playwright)
//   inside `firebase emulators:exec`.   `--load` runs the load test instead (npm run test:load).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  FatalError,
  PROJECT_ID,
  ROOT,
  assertPortsFree,
  emulatorEnv,
  ensureInstalled,
  ensureLocalServiceConfig,
  ensureSandboxPlans,
  exitOnFatal,
  firebaseCommand,
  functionsRuntime,
  log,
  ownRun,
  run,
} from '../emulators/lib.mjs';
import { findChromium, findTestBrowser } from '../tools/chromium.mjs';
import { focusedFiles, needsEmulators } from './focus.mjs';

const REPORTS = join(ROOT, 'tests', '.reports');
const load = process.argv.includes('--load');
/**
 * `npm test -- <file or pattern> …`: only the API/rules and e2e test files whose path contains one of the
 * patterns, against the emulators (the build still runs: the emulators serve what it makes). No type check,
 * lint or unit tests: that is `npm test` without arguments.
 */
const focus = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const started = Date.now();
const timings = [];
// This run owns every process it starts: the end of the tests, a failure or Ctrl-C stops all of them.
const { finish } = ownRun();

async function step(name, fn) {
  const t0 = Date.now();
  log(`▶ ${name}`);
  try {
    await fn();
  } finally {
    timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  }
}

/** Runs sequences of steps side by side; when all have ended, throws the first one's failure, if any. */
async function inLanes(...lanes) {
  const ended = await Promise.allSettled(lanes.map((lane) => lane()));
  const failed = ended.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

const npx = (bin, args, options) => run(join(ROOT, 'node_modules', '.bin', bin), args, options);

function vitestReport(name) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${join(REPORTS, `${name}.json`)}`];
}

/** The address a failed browser test's page was at (its story, attached by tests/e2e/fixtures.ts), if it had one. */
function failedPageUrl(result) {
  const story = result?.attachments?.find((attachment) => attachment.name === 'page-story.txt');
  if (!story) return undefined;
  try {
    const text = story.body ? Buffer.from(story.body, 'base64').toString('utf8') : readFileSync(story.path, 'utf8');
    return /^url: (.*)$/m.exec(text)?.[1];
  } catch {
    return undefined;
  }
}

/** Playwright's report nests suites in suites; each spec's tests carry their own status. */
function playwrightFailures(suites, titles = []) {
  const names = [];
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        // The first lines of the last try's error, and where it was thrown: CI keeps only the log's tail.
        const error = test.results?.at(-1)?.error;
        const reason = String(error?.message ?? '')
          .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 4)
          .join(' / ')
          .slice(0, 400);
        const at = error?.location ? ` at ${basename(error.location.file)}:${error.location.line}` : '';
        const url = failedPageUrl(test.results?.at(-1));
        names.push(
          `${[...path, spec.title].join(' › ')} [${test.projectName}]${reason ? ` (${reason}${at})` : ''}${url ? ` on ${url}` : ''}`,
        );
      }
    }
    names.push(...playwrightFailures(suite.suites, path));
  }
  return names;
}

function tally() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  if (!existsSync(REPORTS)) return { passed, failed, skipped, failures };
  for (const file of [
    'domain-unit',
    'functions-unit',
    'web-unit',
    'functions-emulator',
    'api',
    'recorded',
    'scale',
    'load',
    'e2e',
    'lifecycle',
  ]) {
    const path = join(REPORTS, `${file}.json`);
    if (!existsSync(path)) continue;
    const report = JSON.parse(readFileSync(path, 'utf8'));
    if (report.stats && 'expected' in report.stats) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      skipped += report.stats.skipped ?? 0;
      failures.push(...playwrightFailures(report.suites).map((name) => `${file}: ${name}`));
    } else {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      for (const result of report.testResults ?? []) {
        for (const assertion of result.assertionResults ?? []) {
          if (assertion.status !== 'failed') continue;
          const reason = String(assertion.failureMessages?.[0] ?? '')
            .split('\n')[0]
            .slice(0, 200);
          failures.push(`${file}: ${assertion.fullName} (${reason})`);
        }
      }
    }
  }
  return { passed, failed, skipped, failures };
}

async function main() {
  await ensureInstalled();
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const chromium = findChromium();
  const testBrowser = findTestBrowser(chromium);
  log(`Browser tests in ${testBrowser}${testBrowser === chromium ? '' : ` (Lighthouse in ${chromium})`}`);
  const functions = functionsRuntime();
  log(
    `Functions: deployed runtime ${functions.runtime}, engines node ${functions.engines}, emulator Node ${functions.version} (${functions.binary})`,
  );
  const env = await emulatorEnv();
  await assertPortsFree();
  ensureLocalServiceConfig();

  const build = () => step('build', () => run('npm', ['run', 'build:emulator', '--silent']));
  const lifecycle = () =>
    step('npm start owns its processes', () =>
      npx('vitest', ['run', '--config', 'tests/vitest.lifecycle.config.ts', ...vitestReport('lifecycle')]),
    );
  if (!load && focus.length === 0) {
    // Three lanes on two cores. The type check and the lint are each one single-threaded process (127 s and 177 s in
    // CI on 24 November's run, one after the other), and nothing in one lane reads what another writes. The third is
    // the npm start lifecycle test (three starts of the emulators on the fixed ports, 111 s, much of it waiting for
    // processes to come up and go): it needs the build and ports nobody holds yet, so it runs once the build is done
    // and before the emulator suite starts. Every lane finishes before the first failure is reported, so a red run
    // names everything that failed.
    const built = build();
    await inLanes(
      async () => {
        await step('type check', async () => {
          await npx('tsc', ['-p', join('packages', 'domain'), '--noEmit']);
          await npx('tsc', ['-p', 'functions', '--noEmit']);
          await npx('tsc', ['-p', 'web', '--noEmit']);
          await npx('tsc', ['-p', 'tests', '--noEmit']);
        });
        await step('unit tests (domain)', () =>
          npx('vitest', ['run', ...vitestReport('domain-unit')], { cwd: join(ROOT, 'packages', 'domain') }),
        );
        await step('unit tests (functions)', () =>
          npx('vitest', ['run', ...vitestReport('functions-unit')], { cwd: join(ROOT, 'functions') }),
        );
      },
      async () => {
        await built;
        await step('lint', async () => {
          await npx('eslint', ['.', '--max-warnings=0']);
          // One formatter, configured once (.prettierrc.json): an unformatted file fails the run like a lint error.
          await npx('prettier', ['--check', '**/*.{ts,tsx,mjs,js,cjs,mts}']);
        });
        await step('component tests (web)', () => npx('vitest', ['run', ...vitestReport('web-unit')], { cwd: join(ROOT, 'web') }));
      },
      async () => {
        // A failed build is reported once, by the lane above (the first failed lane's error is the one thrown).
        await built;
        await lifecycle();
      },
    );
  } else await build();
  const lifecycleFocused = !load && focus.length > 0 && focusedFiles(focus, ['lifecycle'], '.test.ts').length > 0;
  if (lifecycleFocused && !needsEmulators(focus)) {
    // Only the lifecycle test (`npm test -- lifecycle`): it starts npm start itself, with no emulator suite around it.
    await lifecycle();
    return;
  }
  await step('Razorpay plans', () => ensureSandboxPlans());
  const inner = [
    `node ${JSON.stringify(join(ROOT, 'tests', 'emulator-suite.mjs'))}`,
    ...(load ? ['--load'] : []),
    ...focus.map((f) => `--only=${JSON.stringify(f)}`),
  ].join(' ');
  await step(load ? 'load test (emulators)' : 'API, rules and e2e tests (emulators)', () =>
    run(
      ...firebaseCommand([
        'emulators:exec',
        '--project',
        PROJECT_ID,
        '--only',
        'auth,functions,firestore,hosting',
        // Warnings, errors and the functions' own log lines only: at the default, the CLI also printed a line for every
        // request Hosting served and two for every function call (about 87,000 of run AJ's 145,000 lines), each formatted
        // in the one process that also proxies every request. UPSKILL_EMULATOR_LOG=INFO brings them back.
        '--log-verbosity',
        process.env.UPSKILL_EMULATOR_LOG ?? 'QUIET',
        inner,
      ]),
      {
        // The functions record every query they send (functions/src/platform/queryRecorder.ts) for tests/after/.
        env: {
          ...env,
          // The CLI's debug log file keeps info and above (patches/firebase-tools+14.27.0.patch): at debug it took
          // each proxied request's body and each function call's queue state, about 10 MB a minute, formatted in
          // the process that proxies every request, for a file deleted when the run ends well.
          UPSKILL_CLI_LOG_FILE_LEVEL: process.env.UPSKILL_CLI_LOG_FILE_LEVEL ?? 'info',
          CHROMIUM_PATH: chromium,
          CHROMIUM_TEST_BROWSER: testBrowser,
          UPSKILL_QUERY_LOG: join(REPORTS, 'queries.jsonl'),
          UPSKILL_USAGE_LOG: join(REPORTS, 'usage.jsonl'),
        },
      },
    ),
  );
  if (lifecycleFocused) {
    // A focused run: npm start itself, on the ports the suite has just released (a full run tests it before the
    // emulator suite, beside the static checks). Whatever of the suite is still shutting down goes first.
    await finish();
    await lifecycle();
  }
}

main()
  .finally(() => finish())
  .then(() => {
    const { passed, failed, skipped, failures } = tally();
    log(`Steps: ${timings.join(', ')}. Total ${((Date.now() - started) / 1000).toFixed(1)}s.`);
    // The last lines of a run are often all a CI log keeps: name what failed there.
    for (const name of failures) console.log(`failed: ${name}`);
    // A skipped test is counted where it shows: the last line is often all a CI log keeps.
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
    process.exit(failed > 0 ? 1 : 0);
  })
  .catch((err) => {
    const { passed, failed, skipped, failures } = tally();
    if (timings.length) log(`Steps: ${timings.join(', ')}.`);
    for (const name of failures) console.log(`failed: ${name}`);
    console.log(`${passed} passed, ${Math.max(failed, 1)} failed, ${skipped} skipped`);
    exitOnFatal(err instanceof Error ? err : new FatalError(String(err)));
  });
