// Helpers shared by `npm start`, `npm run dev` and `npm test`. Node built-ins only: they run before `npm install`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { writeEmulatorConfig } from '../hosting/csp.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROJECT_ID = JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')).projects.default;
const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));

/** Ports from firebase.json, named for messages. */
export const PORTS = Object.entries(firebaseJson.emulators)
  .filter(([, v]) => typeof v === 'object' && v && 'port' in v)
  .map(([name, v]) => ({ name, port: v.port, host: v.host ?? '127.0.0.1' }));
export const HOSTING_URL = `http://127.0.0.1:${firebaseJson.emulators.hosting.port}`;

export class FatalError extends Error {}

export function log(message) {
  process.stdout.write(`\x1b[36m[upskill]\x1b[0m ${message}\n`);
}

export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new FatalError(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}).`)),
    );
  });
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  log('Installing dependencies (first run)...');
  await run('npm', existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund']);
}

function javaVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr);
  if (!match) return undefined;
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

const GCLOUD_JAR_CANDIDATES = [
  process.env.CLOUDSDK_ROOT && join(process.env.CLOUDSDK_ROOT, 'platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'),
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  '/opt/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  join(homedir(), 'google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'),
].filter(Boolean);

function firebaseToolsHasOwnJar() {
  const dir = join(homedir(), '.cache', 'firebase', 'emulators');
  const info = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json'), 'utf8'),
  );
  return existsSync(join(dir, info.firestore.downloadPathRelativeToCacheDir));
}

async function online() {
  try {
    const res = await fetch('https://storage.googleapis.com/', { method: 'HEAD', signal: AbortSignal.timeout(4000) });
    return res.status > 0;
  } catch {
    return false;
  }
}

/**
 * The environment the emulators need. firebase-tools' own Firestore JAR wins when present (or
 * downloadable); offline, a launcher JAR pointing at the preinstalled gcloud emulator stands in.
 */
export async function emulatorEnv() {
  const env = { ...process.env };
  const java = javaVersion();
  if (!java || java < 11) {
    throw new FatalError(
      'The Firestore emulator needs Java 11 or newer: install a JDK (e.g. `apt-get install -y openjdk-17-jre-headless`) and run again.',
    );
  }
  if (env.FIRESTORE_EMULATOR_BINARY_PATH || firebaseToolsHasOwnJar()) return env;
  const gcloudJar = GCLOUD_JAR_CANDIDATES.find((p) => existsSync(p));
  if (gcloudJar) {
    env.FIRESTORE_EMULATOR_BINARY_PATH = writeLauncherJar(gcloudJar);
    return env;
  }
  if (await online()) return env; // firebase-tools downloads its own JAR.
  throw new FatalError(
    'No Firestore emulator is available offline: install the Google Cloud SDK component `cloud-firestore-emulator` (or run once with internet access so firebase-tools can download it).',
  );
}

/** A tiny JAR whose manifest starts the gcloud emulator; firebase-tools runs it with `java -jar`. */
function writeLauncherJar(targetJar) {
  const dir = join(ROOT, 'emulators', '.cache');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'firestore-launcher.jar');
  const manifest = Buffer.from(
    'Manifest-Version: 1.0\r\n' +
      'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\r\n' +
      `Class-Path: file:${targetJar}\r\n\r\n`,
  );
  writeFileSync(path, storedZip('META-INF/MANIFEST.MF', manifest));
  return path;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A one-entry ZIP (method "stored"), enough for a manifest-only JAR without needing the `jar` tool. */
function storedZip(name, data) {
  const nameBuf = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  const centralOffset = local.length + nameBuf.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBuf.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBuf, data, central, nameBuf, end]);
}

function portFree(port, host) {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.once('listening', () => server.close(() => resolvePromise(true)));
    server.listen(port, host);
  });
}

/** Stops with one sentence naming the first emulator port that is already taken. */
export async function assertPortsFree() {
  for (const { name, port, host } of PORTS) {
    if (!(await portFree(port, host))) {
      throw new FatalError(
        `Port ${port} (${name} emulator) is already in use: is another \`npm start\` or \`npm test\` running? Stop it or free the port, then try again.`,
      );
    }
  }
}

/**
 * The Node binary the functions run on, and the check that keeps three declarations in step: the
 * deployed runtime (firebase.json `runtime`), the functions' `engines` and the binary the emulator
 * uses (the `node` package, a devDependency of the functions, ships it). firebase-tools runs the
 * Functions emulator with its own host Node when that major matches the runtime, so the CLI itself
 * is started with this binary.
 */
export function functionsRuntime() {
  const runtime = firebaseJson.functions[0].runtime;
  const engines = JSON.parse(readFileSync(join(ROOT, 'functions', 'package.json'), 'utf8')).engines?.node;
  const require = createRequire(join(ROOT, 'functions', 'package.json'));
  let nodePackage;
  try {
    nodePackage = require.resolve('node/package.json');
  } catch {
    throw new FatalError('The functions\' Node binary (the `node` devDependency of functions/) is not installed: run `npm ci`.');
  }
  const binary = join(dirname(nodePackage), 'bin', 'node');
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const majors = { runtime: /^nodejs(\d+)$/.exec(runtime)?.[1], engines: /^(\d+)/.exec(String(engines))?.[1], emulator: /^v(\d+)\./.exec(version)?.[1] };
  if (!majors.runtime || majors.runtime !== majors.engines || majors.runtime !== majors.emulator) {
    throw new FatalError(
      `The functions' Node versions disagree: firebase.json runtime ${runtime}, functions/package.json engines ${engines}, emulator Node ${version}. Make them the same major.`,
    );
  }
  return { runtime, engines, binary, version };
}

/** [command, args] that run the pinned firebase-tools on the functions' Node (see functionsRuntime). */
export function firebaseCommand(args, { emulatorConfig = true } = {}) {
  const cli = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const config = emulatorConfig ? ['--config', writeEmulatorConfig()] : [];
  return [functionsRuntime().binary, [cli, ...config, ...args]];
}

export function exitOnFatal(err) {
  if (err instanceof FatalError) {
    process.stderr.write(`\x1b[31m[upskill]\x1b[0m ${err.message}\n`);
  } else {
    process.stderr.write(`\x1b[31m[upskill]\x1b[0m ${err?.stack ?? err}\n`);
  }
  process.exit(1);
}
