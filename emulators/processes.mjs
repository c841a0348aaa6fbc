// Who owns which process. `npm start` and `npm test` start a tree of processes: the firebase CLI, the
// Firestore emulator (java, which firebase-tools starts in a process group of its own), the Functions
// workers, MailDev, the Razorpay sandbox, Chromium. Killing a process group does not reach them all, and
// a crashed CLI leaves java holding port 8080 (the next start then refused, naming nothing to kill).
//
// So every process of a run carries two environment variables, inherited by everything it starts:
// UPSKILL_CHECKOUT (this checkout's folder) and UPSKILL_RUN (the run: the wrapper's pid and a random id).
// /proc/<pid>/environ keeps a process's environment from its start, so a run's processes can be found,
// and stopped, whoever started them and whatever became of their parents. Linux only: elsewhere the
// checks fall back to naming the port.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

export const CHECKOUT_VAR = 'UPSKILL_CHECKOUT';
export const RUN_VAR = 'UPSKILL_RUN';

const PROC = '/proc';
export const canInspectProcesses = () => existsSync(`${PROC}/self/environ`);

/** Marks this process's future children as part of a new run of `checkout`; returns the run's tag. */
export function markRun(checkout) {
  const run = `${process.pid}:${randomUUID()}`;
  process.env[CHECKOUT_VAR] = checkout;
  process.env[RUN_VAR] = run;
  return run;
}

function read(path) {
  try {
    return readFileSync(path);
  } catch {
    return undefined; // The process ended, or is not ours to read.
  }
}

/** The environment a process started with, or undefined if it cannot be read. */
function environOf(pid) {
  const raw = read(`${PROC}/${pid}/environ`);
  if (!raw) return undefined;
  const env = {};
  for (const entry of raw.toString('utf8').split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

/** The command line of a process, shortened for a message. */
export function commandOf(pid) {
  const raw = read(`${PROC}/${pid}/cmdline`);
  const text = raw ? raw.toString('utf8').split('\0').filter(Boolean).join(' ') : '';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

const pids = () =>
  readdirSync(PROC)
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => pid !== process.pid);

/** Every process (not this one) started by a run of `checkout`, with its run tag. */
export function processesOfCheckout(checkout) {
  const found = [];
  for (const pid of pids()) {
    const env = environOf(pid);
    if (env?.[CHECKOUT_VAR] === checkout) found.push({ pid, run: env[RUN_VAR] ?? '', command: commandOf(pid) });
  }
  return found;
}

/** The parent of a process (from /proc/<pid>/stat; the command may hold spaces and parentheses). */
function parentOf(pid) {
  const stat = read(`${PROC}/${pid}/stat`)?.toString('utf8') ?? '';
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Whether the wrapper (npm start / npm test) that started a run is still running. */
export function runIsLive(run, checkout) {
  const wrapper = Number(run.split(':')[0]);
  if (!wrapper || !alive(wrapper)) return false;
  // A reused pid runs something else: the wrapper names this checkout on its command line or runs in it.
  if (commandOf(wrapper).includes(checkout)) return true;
  try {
    return readlinkSync(`${PROC}/${wrapper}/cwd`) === checkout;
  } catch {
    return false;
  }
}

/**
 * Processes of this checkout that no live run owns, found in one pass over /proc:
 * - marked by a run of this checkout whose wrapper is gone (it crashed, or was killed);
 * - unmarked orphans (started by an older npm start, or a CLI run by hand that crashed): handed to init, and
 *   running this checkout's firebase-tools or emulators/. A live CLI's children still have their parent, so
 *   nobody's running suite is touched.
 */
export function leftoversOfCheckout(checkout) {
  if (!canInspectProcesses()) return [];
  const own = process.env[RUN_VAR];
  const emulatorPaths = [`${checkout}/node_modules/firebase-tools/`, `${checkout}/emulators/`];
  const found = [];
  for (const pid of pids()) {
    const env = environOf(pid);
    if (!env) continue;
    if (env[CHECKOUT_VAR] === checkout) {
      const run = env[RUN_VAR] ?? '';
      if (run !== own && !runIsLive(run, checkout)) found.push({ pid, run, command: commandOf(pid) });
    } else if (env[CHECKOUT_VAR] === undefined && parentOf(pid) === 1) {
      const command = commandOf(pid);
      if (emulatorPaths.some((path) => command.includes(path))) found.push({ pid, run: '', command });
    }
  }
  return found;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM, then after `graceMs` SIGKILL, to each pid; resolves once all of them are gone. */
export async function stopProcesses(list, { graceMs = 5000 } = {}) {
  const signal = (pid, name) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  for (const pid of list) signal(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (list.some(alive) && Date.now() < deadline) await sleep(100);
  for (const pid of list.filter(alive)) signal(pid, 'SIGKILL');
  while (list.some(alive)) await sleep(50);
}

/** Stops every process of one run (the wrapper's own children, however deep, and their orphans). */
export async function stopRun(checkout, run, options) {
  if (!canInspectProcesses()) return [];
  const mine = processesOfCheckout(checkout).filter((p) => p.run === run);
  await stopProcesses(
    mine.map((p) => p.pid),
    options,
  );
  return mine;
}

/** The pid listening on a TCP port (IPv4 or IPv6), from /proc/net/tcp* and each process's sockets. */
export function listenerOf(port) {
  if (!canInspectProcesses()) return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['tcp', 'tcp6']) {
    const text = read(`${PROC}/net/${table}`)?.toString('utf8') ?? '';
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; column 9 is the socket's inode.
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return undefined;
  for (const pid of [process.pid, ...pids()]) {
    let fds;
    try {
      fds = readdirSync(`${PROC}/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target;
      try {
        target = readlinkSync(`${PROC}/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return { pid, command: commandOf(pid), env: environOf(pid) ?? {} };
    }
  }
  return undefined;
}
