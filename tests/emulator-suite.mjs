// Runs inside `firebase emulators:exec`: API + rules tests, then the browser tests.
import { join } from 'node:path';
import { ROOT, run, startMailCatcher, startPaymentSandbox } from '../emulators/lib.mjs';

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

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const reports = join(ROOT, 'tests', '.reports');
const load = process.argv.includes('--load');

// Razorpay cannot be reached from here: its local sandbox runs beside the emulators for every test,
// and so does MailDev, which catches every mail the functions send.
const sandbox = await startPaymentSandbox();
const mail = await startMailCatcher();
try {
  if (load) {
    await run(bin('vitest'), ['run', '--config', 'tests/vitest.load.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'load.json')}`]);
  } else {
    await run(bin('vitest'), ['run', '--config', 'functions/vitest.emulator.config.mts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'functions-emulator.json')}`]);
    await run(bin('vitest'), ['run', '--config', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'api.json')}`]);
    await run(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts']);
  }
} finally {
  await reportMail(mail.inbox).catch(() => undefined);
  await sandbox.close();
  await mail.close();
}
