import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_PORTS } from '../../config/localServices.mjs';
import { CHECKOUT_VAR, RUN_VAR, listenerOf, processesOfCheckout } from '../../emulators/processes.mjs';

// `npm start` owns its whole process tree: an emulator that dies takes the run down with it and leaves
// nothing behind; a leftover of an earlier run of this checkout is stopped at the next start; a port held
// by something else is named with the command that frees it. Runs after the emulator suite (npm test has
// built the site, hence --no-build), on the same fixed ports.
const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const START = fileURLToPath(new URL('../../emulators/start.mjs', import.meta.url));
/** Every port a run listens on: the emulators' (firebase.json) and the local services'. */
const emulators = (
  JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as { emulators: Record<string, { port?: number }> }
).emulators;
const PORTS = [...Object.values(emulators).flatMap((e) => (e.port ? [e.port] : [])), ...LOCAL_SERVICE_PORTS.map((s) => s.port)];

/** The environment of a terminal: none of npm test's own run marks. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env[CHECKOUT_VAR];
  delete env[RUN_VAR];
  delete env.FIRESTORE_EMULATOR_HOST;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  return env;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const running: ChildProcess[] = [];
afterEach(async () => {
  // Whatever a failed test left running: stop it, so the next test (and the next npm test) finds free ports.
  const pids = running.splice(0).map((child) => child.pid);
  for (const pid of pids) {
    try {
      process.kill(pid!, 'SIGINT');
    } catch {
      // Already gone.
    }
  }
  await until(() => processesOfCheckout(ROOT).every((p) => !pids.some((pid) => p.run.startsWith(`${pid}:`))), 60_000).catch(
    () => undefined,
  );
});

function npmStart(): Started {
  const child = spawn(process.execPath, [START, '--no-build'], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => (text += String(chunk)));
  child.stderr?.on('data', (chunk) => (text += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ready = (run: Started) =>
  until(() => /Ready in [\d.]+s/.test(run.output()) || run.child.exitCode !== null, 180_000, 'npm start to be ready').then(() =>
    expect(run.output(), run.output().slice(-2000)).toMatch(/Ready in [\d.]+s/),
  );

/**
 * Up, not yet seeded: every emulator answers ("All emulators ready", when npm start's watchdog begins) and Hosting
 * serves the site, while the seed is still writing. The runs that only crash or stop wait for this, not for the seed
 * (about 17 s each on an idle machine): stopping a run mid-seed is what a visitor's Ctrl-C or a crash does anyway.
 */
const up = (run: Started) =>
  until(() => /All emulators ready/.test(run.output()) || run.child.exitCode !== null, 180_000, 'the emulators to be up').then(async () => {
    expect(run.output(), run.output().slice(-2000)).toMatch(/All emulators ready/);
    expect((await fetch('http://127.0.0.1:5000/pricing')).status).toBe(200);
  });

/** The processes a given `npm start` (by its pid) started, however deep. */
const processesOf = (run: Started) => processesOfCheckout(ROOT).filter((p) => p.run.startsWith(`${run.child.pid}:`));

const portOpen = (port: number) => listenerOf(port) !== undefined;
const allPortsFree = () => PORTS.every((port) => !portOpen(port));

async function stopped(run: Started) {
  const code = await Promise.race([run.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 60_000))]);
  expect(code, run.output().slice(-2000)).not.toBe('hung');
  await until(() => processesOf(run).length === 0, 20_000, 'every process of the run to end');
  await until(allPortsFree, 20_000, 'every port to be free');
  return code;
}

describe('npm start owns its whole process tree', () => {
  it('an emulator killed mid-run ends every process of the run; the next npm start comes up seeded; after it crashes, the next stops its leftovers and comes up; Ctrl-C stops it all', async () => {
    // Killed while its seed is still writing: the run stops whatever the seed was doing too.
    const first = npmStart();
    await up(first);
    const tree = processesOf(first);
    const firestore = tree.find((p) => /java/.test(p.command));
    expect(firestore, JSON.stringify(tree, null, 1)).toBeDefined();
    console.log(
      `npm start: ${tree.length} processes in the run (${[...new Set(tree.map((p) => p.command.split(' ')[0].split('/').pop()))].join(', ')})`,
    );
    process.kill(firestore!.pid, 'SIGKILL');
    expect(await stopped(first)).not.toBe(0);
    expect(first.output()).toMatch(/stopped answering|exited/);

    const second = npmStart();
    await ready(second);
    // Seeded for QA: the demo learner's Pro purchase has its mentor call, and both mentors take bookings.
    const signIn = await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@upskill.dev', password: 'Upskill#2026', returnSecureToken: true }),
    }).then((r) => r.json() as Promise<{ idToken: string }>);
    const mentoring = await fetch('http://127.0.0.1:5000/api/mentoring', { headers: { Authorization: `Bearer ${signIn.idToken}` } }).then(
      (r) => r.json() as Promise<{ allowances: { left: number }[]; mentors: { name: string; timeZone: string }[] }>,
    );
    expect(mentoring.allowances.map((a) => a.left)).toEqual([1]);
    expect(mentoring.mentors.map((m) => `${m.name} (${m.timeZone})`).sort()).toEqual([
      'Daniel Price (America/New_York)',
      'Kavitha Rao (Asia/Kolkata)',
    ]);
    // And graded work in every state: passed, returned with changes, awaiting review, open.
    const assignments = await fetch('http://127.0.0.1:5000/api/assignments', {
      headers: { Authorization: `Bearer ${signIn.idToken}` },
    }).then(
      (r) => r.json() as Promise<{ batches: { offeringName: string; assignments: { id: string; state: string; canSubmit: boolean }[] }[] }>,
    );
    const python = assignments.batches.find((b) => b.offeringName === 'Python Programming Foundations');
    expect(python?.assignments.map((a) => `${a.id} ${a.state}${a.canSubmit ? ' (open)' : ''}`)).toEqual([
      'a1 passed',
      'a2 needs-work (open)',
      'a3 awaiting-review',
      'a4 not-started (open)',
    ]);
    // And one support request waiting for the team, about the paid Pro purchase.
    const support = await fetch('http://127.0.0.1:5000/api/support', { headers: { Authorization: `Bearer ${signIn.idToken}` } }).then(
      (r) => r.json() as Promise<{ requests: { reference: string; topic: string; state: string; enrollmentLabel: string | null }[] }>,
    );
    expect(support.requests.map((r) => `${r.topic} ${r.state}`)).toEqual(['payment open']);
    expect(support.requests[0].reference).toMatch(/^SR-\d{6}$/);
    expect(support.requests[0].enrollmentLabel).toMatch(/^Pro, enrolled /);
    // And the Python course's Q&A space: one question answered by a mentor and accepted, one awaiting a mentor.
    const space = await fetch('http://127.0.0.1:5000/api/qa/spaces/course-1', {
      headers: { Authorization: `Bearer ${signIn.idToken}` },
    }).then((r) => r.json() as Promise<{ questions: { title: string; answered: boolean; accepted: boolean }[] }>);
    expect(space.questions.map((q) => `${q.answered ? (q.accepted ? 'accepted' : 'answered') : 'waiting'}: ${q.title}`)).toEqual([
      'waiting: When should I use a tuple instead of a list?',
      'accepted: Why does my list change when I change its copy?',
    ]);
    // And the Full Stack starter lessons the Pro plan opens, the first marked done.
    const starter = await fetch('http://127.0.0.1:5000/api/starter', { headers: { Authorization: `Bearer ${signIn.idToken}` } }).then(
      (r) => r.json() as Promise<{ modules: { programme: string; done: number; total: number }[] }>,
    );
    expect(starter.modules.map((m) => `${m.programme} ${m.done}/${m.total}`)).toEqual(['full-stack-web-development 1/4']);

    // Then that run crashes, and the next npm start stops what it left behind. (One start fewer than a run of its
    // own for the crash: each takes about 25 s.)
    await leftoversStoppedAfterCrashOf(second);
  });
});

/**
 * A Firestore emulator left over from a crashed run of this checkout is stopped, and npm start comes up; Ctrl-C
 * then stops it all.
 */
async function leftoversStoppedAfterCrashOf(crashed: Started) {
  // The crash: the wrapper and the firebase CLI die at once, the way a terminal closed with kill -9 would.
  const cli = processesOf(crashed).find((p) => p.command.includes('firebase-tools/lib/bin/firebase.js'));
  expect(cli).toBeDefined();
  process.kill(crashed.child.pid!, 'SIGKILL');
  process.kill(cli!.pid, 'SIGKILL');
  await crashed.exited;
  await until(() => !portOpen(5000), 10_000, 'hosting to go with its CLI');
  expect(portOpen(8080)).toBe(true); // The orphan: java still holds the Firestore port.
  expect(processesOf(crashed).some((p) => /java/.test(p.command))).toBe(true);

  const next = npmStart();
  await up(next);
  expect(next.output()).toMatch(/Stopping \d+ process\(es\) left over from an earlier run of this checkout/);
  expect(processesOf(crashed)).toEqual([]);
  next.child.kill('SIGINT');
  expect(await stopped(next)).toBe(0);
}

describe('npm start and ports it does not own', () => {
  it('a port held by something else: npm start names the process and the command that frees it, and starts nothing', async () => {
    const holder = spawn(
      process.execPath,
      ['-e', "require('node:net').createServer().listen(9410, '127.0.0.1'); setTimeout(() => {}, 600000)"],
      { env: cleanEnv(), stdio: 'ignore' },
    );
    running.push(holder);
    await until(() => portOpen(9410), 10_000, 'the stranger to listen');
    const refused = npmStart();
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`Port 9410 (Razorpay sandbox) is held by pid ${holder.pid}`);
    expect(refused.output()).toContain(`Free it with: kill ${holder.pid}`);
    expect(processesOf(refused)).toEqual([]);
    holder.kill('SIGKILL');
  });
});
