// Runs inside `firebase emulators:exec`: API + rules tests, then the browser tests.
import { existsSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HOSTING_URL, ROOT, run, startMailCatcher, startPaymentSandbox } from '../emulators/lib.mjs';
import { focusedSuiteFiles } from './focus.mjs';

/** What the run mailed, by kind of message: the closing note's "mails sent per flow". */
async function reportMail(inbox) {
  const mails = await (await fetch(`${inbox}/api/email`)).json();
  const kinds = {};
  for (const { subject } of mails) {
    const kind = subject.replace(/:.*$/, '').replace(/^Your .* enrollment$/, 'Enrollment');
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  console.log(`mail: ${mails.length} caught by MailDev: ${JSON.stringify(kinds)}`);
}

/**
 * How full the run left the public batches, by course and batch time: tests enroll without naming a batch take the
 * next batch with a seat, and a run that fills every open one fails far from its cause ("No ... batch is open").
 * Only groups at three quarters or more are printed.
 */
async function reportSeats() {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  if (!host) return;
  const base = `http://${host}/v1/projects/${process.env.GCLOUD_PROJECT ?? 'demo-upskill'}/databases/(default)/documents`;
  async function list(collection, fields) {
    const docs = [];
    let pageToken = '';
    do {
      const mask = fields.map((f) => `mask.fieldPaths=${f}`).join('&');
      const url = `${base}/${collection}?pageSize=1000&${mask}${pageToken ? `&pageToken=${pageToken}` : ''}`;
      const page = await (await fetch(url, { headers: { Authorization: 'Bearer owner' } })).json();
      docs.push(...(page.documents ?? []));
      pageToken = page.nextPageToken ?? '';
    } while (pageToken);
    return docs;
  }
  const now = new Date().toISOString();
  const held = new Map();
  for (const seat of await list('seats', ['activeUntil'])) {
    const id = seat.name.split('/').pop();
    const until = seat.fields?.activeUntil?.timestampValue ?? '';
    if (until > now) held.set(id.replace(/_\d+$/, ''), (held.get(id.replace(/_\d+$/, '')) ?? 0) + 1);
  }
  const groups = new Map();
  for (const batch of await list('batches', ['offering', 'batchTime', 'capacity', 'status', 'startsAt', 'campus'])) {
    const f = batch.fields ?? {};
    if (f.status?.stringValue !== 'open' || (f.startsAt?.timestampValue ?? '') <= now || f.campus?.stringValue) continue;
    const key = `${f.offering?.stringValue} ${f.batchTime?.stringValue}`;
    const group = groups.get(key) ?? { batches: 0, capacity: 0, taken: 0 };
    group.batches += 1;
    group.capacity += Number(f.capacity?.integerValue ?? 0);
    group.taken += held.get(batch.name.split('/').pop()) ?? 0;
    groups.set(key, group);
  }
  const full = [...groups].filter(([, g]) => g.taken >= 0.75 * g.capacity);
  console.log(
    `seats: ${full.length ? full.map(([key, g]) => `${key} ${g.taken}/${g.capacity} in ${g.batches} batches`).join('; ') : 'no course and batch time three quarters full'}`,
  );
}

/**
 * A focused browser run meets cold functions: the emulator starts a function's worker on its first request,
 * and five starting at once on two cores took 10 s, past a test's wait for its answer. One request to each
 * function, in turn, first (the full run's API tests have warmed them all by the time the browser tests start).
 */
async function warmFunctions() {
  const { rewrites } = JSON.parse(readFileSync(join(ROOT, 'firebase.emulator.json'), 'utf8')).hosting;
  const pathOf = new Map();
  for (const { source, function: fn } of rewrites) {
    if (fn && !pathOf.has(fn.functionId)) pathOf.set(fn.functionId, source.replace('/**', '/warm-up'));
  }
  const t0 = Date.now();
  for (const path of pathOf.values()) await fetch(`${HOSTING_URL}${path}`).catch(() => undefined);
  console.log(`warmed ${pathOf.size} functions in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/**
 * Runs `fn`, then moves the usage lines it added (tests/.reports/usage.jsonl, one per request and job) to their own
 * file: the scale test judges its own requests at 10x of a month, and the after checks (tests/after/usage.test.ts)
 * judge the suite's. The functions append a line at a time (appendFileSync), so cutting the file between phases is safe.
 */
async function setAsideUsage(name, fn) {
  const log = process.env.UPSKILL_USAGE_LOG;
  const from = log && existsSync(log) ? statSync(log).size : 0;
  try {
    await fn();
  } finally {
    if (log && existsSync(log)) {
      writeFileSync(join(dirname(log), name), readFileSync(log).subarray(from));
      truncateSync(log, from);
    }
  }
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const reports = join(ROOT, 'tests', '.reports');
const load = process.argv.includes('--load');
// `npm test -- <pattern>`: only the test files whose path (from the repository root) contains a pattern.
const only = process.argv.filter((arg) => arg.startsWith('--only=')).map((arg) => arg.slice('--only='.length));

/**
 * The functions' own tests against the emulators (functions/vitest.emulator.config.mts): all, or these files of it.
 * `options` go to `run` (a full run holds their output: `held`).
 */
const functionsEmulatorTests = (files = [], options = {}) =>
  run(
    bin('vitest'),
    [
      'run',
      '--config',
      'functions/vitest.emulator.config.mts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'functions-emulator.json')}`,
      ...files,
    ],
    options,
  );

// Razorpay cannot be reached from here: its local sandbox runs beside the emulators for every test,
// and so does MailDev, which catches every mail the functions send.
const sandbox = await startPaymentSandbox();
const mail = await startMailCatcher();
try {
  if (load) {
    await run(bin('vitest'), [
      'run',
      '--config',
      'tests/vitest.load.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'load.json')}`,
    ]);
  } else if (only.length) {
    const { api, e2e, units } = focusedSuiteFiles(only);
    if (!api.length && !e2e.length && !units.length)
      throw new Error(`no API, rules, e2e or functions emulator test file matches ${only.join(', ')}`);
    console.log(`focused run: ${[...units, ...api, ...e2e].join(', ')}`);
    if (units.length) await functionsEmulatorTests(units.map((f) => f.replace(/^functions\//, '')));
    if (api.length)
      await run(bin('vitest'), [
        'run',
        '--config',
        'tests/vitest.config.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, 'api.json')}`,
        ...api.map((f) => f.replace(/^tests\//, '')),
      ]);
    if (e2e.length) await warmFunctions();
    if (e2e.length)
      // --no-deps: a project's dependencies would otherwise run whole, unfiltered (the impatient and faults projects
      // run after every other browser test in a full run; a focused run names its files).
      await run(
        bin('playwright'),
        ['test', '--config', 'tests/playwright.config.ts', '--no-deps', ...e2e.map((f) => f.replace(/^tests\//, ''))],
        {
          // The browser tests enroll in real batches: without API test files, nothing else has opened them.
          env: api.length ? process.env : { ...process.env, UPSKILL_SEED_BATCHES: '1' },
        },
      );
    // Whatever seats the focused files wrote, against their seat boards (the whole run checks the same after it).
    // A focused file may write no seat at all (UPSKILL_FOCUSED: then an empty collection is not a failure).
    await run(bin('vitest'), ['run', '--config', 'tests/vitest.after.config.ts', '--reporter=default', 'after/seatBoards.test.ts'], {
      env: { ...process.env, UPSKILL_FOCUSED: '1' },
    });
  } else {
    // The functions' two emulator test files (about 11 s, most of it the sender's retries and its SMTP gate waiting)
    // beside the API files rather than before them: neither reads what the other writes (the sender's tests reach
    // MailDev through a gate of their own and write only their own mail documents, long before the fuzz counts). Their
    // output is held and printed in one piece when they end: the API files' reporter would interleave with it.
    const functionsTests = functionsEmulatorTests([], {
      held: "the functions' emulator tests (run beside the API files)",
    });
    const apiTests = run(bin('vitest'), [
      'run',
      '--config',
      'tests/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'api.json')}`,
    ]);
    const ended = await Promise.allSettled([functionsTests, apiTests]);
    const failed = ended.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    // The launch-day scale test (issue 59): a month at 1x and 10x, each endpoint's reads counted at both sizes, and its
    // table printed (about 3 minutes; npm run test:load runs it too). Between the API tests and the browser tests: no
    // browser has opened a Listen channel yet. After the browser phase it hung for 20 minutes (run U, 30 November): the
    // staff console's Listen channels outlive their closed browsers, and the Firestore emulator tried to push each of
    // the seed's writes to them, logging a failure per message at 100% CPU. Its seeded records are deleted at its end.
    await setAsideUsage('usage-scale.jsonl', () =>
      run(bin('vitest'), [
        'run',
        '--config',
        'tests/vitest.load.config.ts',
        'load/launch.scale.ts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, 'scale.json')}`,
      ]),
    );
    await run(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts']);
    // What the run recorded: each query the functions sent, and each the staff console sent from the browser,
    // against firestore.indexes.json.
    await run(bin('vitest'), [
      'run',
      '--config',
      'tests/vitest.after.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'recorded.json')}`,
    ]);
  }
} finally {
  await reportMail(mail.inbox).catch(() => undefined);
  await reportSeats().catch((error) => console.log(`seats: not counted (${error.message})`));
  await sandbox.close();
  await mail.close();
}
