// The Razorpay plans of the recurring plan cards (Elite yearly, Elite yearly with DISCOUNT20, Pre Registration
// monthly), made at the configured Razorpay account where missing, with the amounts the domain decides:
//
//   npm run plans                  prints the configuration lines (RAZORPAY_PLAN_…=plan_…) for .env.<project>
//   npm run plans -- --write-local writes them into functions/.env.local (what `npm start` and `npm test` do)
//
// It uses the functions' own code and configuration (functions/.env, .env.local, .secret.local), so locally it
// talks to the Razorpay sandbox. A configured plan that exists and charges what the domain says is kept; it is
// safe to run as often as you like.
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

export async function ensurePlans({ writeLocal = false } = {}) {
  const { ensureGatewayPlans, PLAN_ENV } = builtJobs();
  loadFunctionsEnv();
  const configured = Object.fromEntries(Object.entries(PLAN_ENV).map(([key, name]) => [key, process.env[name] ?? '']));
  const ensured = await ensureGatewayPlans(configured);
  const values = Object.fromEntries(ensured.map(({ key, id }) => [PLAN_ENV[key], id]));
  if (writeLocal) writeFileSync(ENV_LOCAL, withLines(readFileSync(ENV_LOCAL, 'utf8'), values));
  return { ensured, values };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const extra = process.argv.slice(2).filter((a) => a !== '--write-local');
  if (extra.length) {
    console.error(`plans: unexpected ${extra.join(' ')}\nUsage: npm run plans [-- --write-local]`);
    process.exit(1);
  }
  ensurePlans({ writeLocal: process.argv.includes('--write-local') })
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
