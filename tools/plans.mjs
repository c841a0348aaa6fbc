// The Razorpay plans of the recurring plan cards (Elite yearly, Elite yearly with DISCOUNT20, Pre Registration
// monthly), made at the configured Razorpay account where missing, with the amounts the domain decides:
//
//   npm run plans -- --write-local             locally: the sandbox's account; the ids go into functions/.env.local
//                                               (what `npm start` and `npm test` do)
//   RAZORPAY_KEY_SECRET=… npm run plans -- --project <id>
//                                               a deployment: the account of functions/.env and .env.<id>
//                                               (RAZORPAY_KEY_ID there); prints RAZORPAY_PLAN_…=plan_… lines to
//                                               add to functions/.env.<id>
//   npm run plans                               locally, printing the lines without writing them
//
// It uses the functions' own code. A configured plan that exists and charges what the domain says is kept; it
// is safe to run as often as you like.
import { readFileSync, writeFileSync } from 'node:fs';
import { builtJobs, loadFunctionsEnv } from './jobs.mjs';

const ENV_LOCAL = new URL('../functions/.env.local', import.meta.url);

/** Sets (or adds) NAME=value lines in a dotenv file, leaving every other line as it was. */
export function withLines(text, values) {
  const lines = text.split('\n');
  for (const [name, value] of Object.entries(values)) {
    const at = lines.findIndex((line) => line.startsWith(`${name}=`));
    if (at === -1) lines.splice(lines.at(-1) === '' ? lines.length - 1 : lines.length, 0, `${name}=${value}`);
    else lines[at] = `${name}=${value}`;
  }
  return lines.join('\n');
}

export async function ensurePlans({ writeLocal = false, project = null } = {}) {
  const { ensureGatewayPlans, PLAN_ENV } = builtJobs();
  if (project) {
    // A deployment's secret is in Secret Manager, never in a file here: the operator passes it for this run.
    const secret = process.env.RAZORPAY_KEY_SECRET;
    loadFunctionsEnv(['functions/.env', `functions/.env.${project}`]);
    if (!secret) throw new Error("Set RAZORPAY_KEY_SECRET (the account's key secret) for this run.");
    process.env.RAZORPAY_KEY_SECRET = secret;
    if (!process.env.RAZORPAY_KEY_ID) throw new Error(`RAZORPAY_KEY_ID is not set in functions/.env.${project}.`);
  } else {
    loadFunctionsEnv();
  }
  const configured = Object.fromEntries(Object.entries(PLAN_ENV).map(([key, name]) => [key, process.env[name] ?? '']));
  const ensured = await ensureGatewayPlans(configured);
  const values = Object.fromEntries(ensured.map(({ key, id }) => [PLAN_ENV[key], id]));
  if (writeLocal) writeFileSync(ENV_LOCAL, withLines(readFileSync(ENV_LOCAL, 'utf8'), values));
  return { ensured, values };
}

/** `--write-local`, or `--project <id>` (a Firebase project id), or nothing. */
export function parsePlanArgs(argv) {
  const args = [...argv];
  let project = null;
  const at = args.indexOf('--project');
  if (at !== -1) {
    [, project] = args.splice(at, 2);
    if (!project || !/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project)) throw new Error('--project takes a Firebase project id.');
  }
  const writeLocal = args.includes('--write-local');
  const extra = args.filter((a) => a !== '--write-local');
  if (extra.length) throw new Error(`unexpected ${extra.join(' ')}`);
  if (writeLocal && project)
    throw new Error("--write-local is for the local sandbox; a deployment's ids go into functions/.env.<project> by hand.");
  return { writeLocal, project };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let options;
  try {
    options = parsePlanArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`plans: ${err.message}\nUsage: npm run plans [-- --write-local | --project <id>]`);
    process.exit(1);
  }
  ensurePlans(options)
    .then(({ ensured, values }) => {
      for (const { key, created } of ensured) console.error(`plans: ${key} ${created ? 'made now' : 'kept'}`);
      for (const [name, id] of Object.entries(values)) console.log(`${name}=${id}`);
      process.exit(0);
    })
    .catch((err) => {
      console.error(`plans: ${err?.error?.description ?? err?.message ?? err}`);
      process.exit(1);
    });
}
