// The scheduled jobs, run now: what the deployed `onSchedule` functions run on their own.
//
//   npm run jobs -- reminders [--as-of <ISO instant>]    batch-start and session reminders due at that instant
//   npm run jobs -- completions [--as-of <ISO instant>]  batches over by then are completed, their certificates issued
//   npm run jobs -- reconcile [--as-of <ISO instant>]    payments captured at Razorpay that no one reported are applied (invoice and all),
//                                                        a course switch's difference among them
//   npm run jobs -- recordings [--as-of <ISO instant>]   instructors reminded once of a held class's recording past due
//   npm run jobs -- referrals [--as-of <ISO instant>]    referral credits whose friend's payment is final by then are granted
//   npm run jobs -- nudges [--as-of <ISO instant>] [--batch <id>]   learners behind are nudged once per cause (one batch's only, with --batch)
//   npm run jobs -- seats [--as-of <ISO instant>]        organisations' unclaimed seats: the warning, then the lapse; claim milestones left unmailed
//   npm run jobs -- qa-figures [--as-of <ISO instant>]   the console's Q&A week figures rebuilt from the questions (a repair)
//   npm run jobs -- qa-queue                             the Q&A answer queue's instructor lists and question owners rebuilt (a repair)
//   npm run jobs -- support-figures [--as-of <ISO instant>]   the console's support week figures rebuilt from the requests (a repair)
//   npm run jobs -- contact-figures [--as-of <ISO instant>]   the contact form's reply-clock figures rebuilt from the messages (a repair)
//   npm run jobs -- review-figures [--as-of <ISO instant>]    the console's review figures rebuilt from the attempts (a repair)
//   npm run jobs -- b2b-figures [--as-of <ISO instant>]       the console's B2B revenue by month rebuilt from the tax documents (a repair)
//   npm run jobs -- finance-figures [--as-of <ISO instant>]   the finance page's day sums of that month and the one before rebuilt from the tax documents (a repair)
//   npm run jobs -- mentor-figures [--as-of <ISO instant>]    the console's mentor utilisation rebuilt from the bookings (a repair)
//
// Against the local Firestore emulator (started by `npm start`), with the functions' own code
// (functions/lib/jobs.js, built by `npm start` and `npm test`). --as-of stands the job's clock at another
// instant, so a reminder due tomorrow can be sent today; without it the job runs as of now. A job is
// safe to run as often as you like: each reminder is sent once (see docs/decisions/0014).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';

const ROOT = new URL('..', import.meta.url);

export function parseArgs(argv) {
  const args = [...argv];
  let asOfMs = Date.now();
  const at = args.indexOf('--as-of');
  if (at !== -1) {
    const [, value] = args.splice(at, 2);
    asOfMs = Date.parse(value ?? '');
    if (!value || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(asOfMs))
      throw new Error('--as-of takes an ISO instant, like 2026-12-07T18:30:00+05:30.');
  }
  let batchId;
  const only = args.indexOf('--batch');
  if (only !== -1) {
    [, batchId] = args.splice(only, 2);
    if (!batchId || !/^[A-Za-z0-9]{1,64}$/.test(batchId)) throw new Error('--batch takes a batch id.');
  }
  const [job, ...extra] = args;
  if (!job) throw new Error('Name a job.');
  if (extra.length) throw new Error(`Unexpected: ${extra.join(' ')}`);
  if (batchId && job !== 'nudges') throw new Error('--batch is for the nudges job only.');
  return { job, asOfMs, batchId };
}

/** The functions' parameters and secrets as the Functions emulator loads them (a job calls Razorpay too). */
export function loadFunctionsEnv(files = ['functions/.env', 'functions/.env.local', 'functions/.secret.local']) {
  for (const file of files) {
    const path = new URL(file, ROOT);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
      if (match) process.env[match[1]] = match[2];
    }
  }
}

function connect() {
  loadFunctionsEnv();
  const firebase = JSON.parse(readFileSync(new URL('firebase.json', ROOT), 'utf8'));
  process.env.FIRESTORE_EMULATOR_HOST ??= `${firebase.emulators.firestore.host}:${firebase.emulators.firestore.port}`;
  process.env.GCLOUD_PROJECT ??= JSON.parse(readFileSync(new URL('.firebaserc', ROOT), 'utf8')).projects.default;
}

/** functions/lib/jobs.js, built first when it is missing. */
export function builtJobs() {
  const built = new URL('functions/lib/jobs.js', ROOT);
  if (!existsSync(built)) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Building the functions failed.');
  }
  return createRequire(import.meta.url)(built.pathname);
}

export async function main(argv, out = console.log) {
  const { job, asOfMs, batchId } = parseArgs(argv);
  const jobs = builtJobs();
  connect();
  // Under the test suite, a job's queries are recorded beside the functions' and checked against the declared
  // indexes (tests/after/recordedIndexes.test.ts): a job reads by queries the API never sends.
  if (process.env.UPSKILL_QUERY_LOG) jobs.recordQueriesIn(process.env.UPSKILL_QUERY_LOG);
  // And what it read and wrote, beside the requests' (docs/costs.md).
  if (process.env.UPSKILL_USAGE_LOG) jobs.recordUsageIn(process.env.UPSKILL_USAGE_LOG);
  const { runJob } = jobs;
  const result = await runJob(job, asOfMs, batchId);
  out(`${job} as of ${new Date(asOfMs).toISOString()}${batchId ? ` for batch ${batchId}` : ''}: ${JSON.stringify(result)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2))
    .then(() => process.exit(0))
    .catch((err) => {
      console.error(`jobs: ${err.message}`);
      console.error(
        'Usage: npm run jobs -- reminders|completions|reconcile|recordings|referrals|nudges|seats|qa-figures|qa-queue|support-figures|contact-figures|review-figures|mentor-figures|b2b-figures|finance-figures [--as-of <ISO instant>] [--batch <id> (nudges)]',
      );
      process.exit(1);
    });
}
