// The Content-Security-Policy, from one source for production (firebase.json, deployed) and for the
// local emulator suite (firebase.emulator.json, generated). Each allows exactly what it needs:
// production the project's own auth domain and Google sign-in; the emulator suite also the local Auth
// emulator. Node built-ins only: `npm start` and `npm test` call it before anything is installed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RAZORPAY_SANDBOX_ORIGIN } from '../config/localServices.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FIREBASE_JSON = join(ROOT, 'firebase.json');
export const EMULATOR_CONFIG = join(ROOT, 'firebase.emulator.json');

/**
 * The one inline script: prerendered pages carry web/inline/early-input.js at the top of <body> so no
 * click is lost before the app's scripts load. The policy allows exactly that text, by its hash.
 */
export const EARLY_INPUT_SCRIPT = join(ROOT, 'web', 'inline', 'early-input.js');
export const earlyInputScript = () => readFileSync(EARLY_INPUT_SCRIPT, 'utf8');
export const earlyInputHash = () => `'sha256-${createHash('sha256').update(earlyInputScript()).digest('base64')}'`;

/** Google sign-in (Firebase Auth's popup): its script, its token endpoints and its frames. */
const GOOGLE_SIGN_IN = {
  script: ['https://apis.google.com'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
  frame: ['https://apis.google.com', 'https://accounts.google.com'],
  img: ['https://lh3.googleusercontent.com'],
};

/** The staff console reads Firestore from the browser (under the rules' staff claim); nothing else does. */
const FIRESTORE = { connect: ['https://firestore.googleapis.com'] };

/** Razorpay Standard Checkout: its script, the checkout frame and what the frame reports to. */
export const RAZORPAY_CHECKOUT = {
  script: ['https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

/** The local sandbox that stands in for Razorpay in the emulator suite: script and frame from one origin. */
export const sandboxCheckout = (origin) => ({ script: [origin], connect: [], frame: [origin], img: [] });

/**
 * @param {{ authDomain: string, authEmulatorOrigin?: string, firestoreEmulatorOrigin?: string, payments?: typeof RAZORPAY_CHECKOUT }} options
 *   authDomain: the project's own auth domain (`<project>.firebaseapp.com` or a custom one), whose
 *   handler page the sign-in popup and iframe load; authEmulatorOrigin: only for the emulator suite.
 */
export function contentSecurityPolicy({ authDomain, authEmulatorOrigin, firestoreEmulatorOrigin, payments = RAZORPAY_CHECKOUT }) {
  if (!/^[a-z0-9.-]+$/i.test(authDomain) || authDomain.includes('*')) throw new Error(`Not an auth domain: ${authDomain}`);
  const local = authEmulatorOrigin ? [authEmulatorOrigin] : [];
  const firestore = firestoreEmulatorOrigin ? [firestoreEmulatorOrigin] : FIRESTORE.connect;
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", earlyInputHash(), ...GOOGLE_SIGN_IN.script, ...payments.script],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...GOOGLE_SIGN_IN.img, ...payments.img],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...GOOGLE_SIGN_IN.connect, ...firestore, ...payments.connect, ...local],
    ['frame-src', `https://${authDomain}`, ...GOOGLE_SIGN_IN.frame, ...payments.frame, ...local],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

function readEnvFile(path) {
  if (!existsSync(path)) return {};
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line))
      .filter(Boolean)
      .map((m) => [m[1], m[2]]),
  );
}

/**
 * The production auth domain: web/.env.production(.local) when filled in, else the default
 * project's `<id>.firebaseapp.com` from .firebaserc (or the project named on the command line).
 */
export function productionAuthDomain(projectId) {
  const env = { ...readEnvFile(join(ROOT, 'web', '.env.production')), ...readEnvFile(join(ROOT, 'web', '.env.production.local')) };
  if (env.VITE_FIREBASE_AUTH_DOMAIN) return env.VITE_FIREBASE_AUTH_DOMAIN;
  const project = projectId ?? JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')).projects.default;
  return `${project}.firebaseapp.com`;
}

function withCsp(config, policy) {
  const copy = structuredClone(config);
  const all = copy.hosting.headers.find((rule) => rule.source === '**');
  const header = all.headers.find((h) => h.key === 'Content-Security-Policy');
  header.value = policy;
  return copy;
}

export function readFirebaseJson() {
  return JSON.parse(readFileSync(FIREBASE_JSON, 'utf8'));
}

export function servedCsp(config) {
  return config.hosting.headers.find((rule) => rule.source === '**').headers.find((h) => h.key === 'Content-Security-Policy').value;
}

/** Writes the production policy into firebase.json (what `firebase deploy` serves). */
export function writeProductionConfig(projectId) {
  const config = withCsp(readFirebaseJson(), contentSecurityPolicy({ authDomain: productionAuthDomain(projectId) }));
  writeFileSync(FIREBASE_JSON, `${JSON.stringify(config, null, 2)}\n`);
}

/** firebase.json with the emulator suite's policy, for `firebase --config firebase.emulator.json`. */
export function writeEmulatorConfig() {
  const config = readFirebaseJson();
  const authEmulatorOrigin = `http://${config.emulators.auth.host}:${config.emulators.auth.port}`;
  const firestoreEmulatorOrigin = `http://${config.emulators.firestore.host}:${config.emulators.firestore.port}`;
  const env = readEnvFile(join(ROOT, 'web', '.env.emulator'));
  const policy = contentSecurityPolicy({
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    authEmulatorOrigin,
    firestoreEmulatorOrigin,
    payments: sandboxCheckout(RAZORPAY_SANDBOX_ORIGIN),
  });
  writeFileSync(EMULATOR_CONFIG, `${JSON.stringify(withCsp(config, policy), null, 2)}\n`);
  return EMULATOR_CONFIG;
}

// `node hosting/csp.mjs [projectId]`: refresh firebase.json's policy before a deploy.
if (import.meta.url === `file://${process.argv[1]}`) {
  writeProductionConfig(process.argv[2]);
  console.log(`firebase.json: Content-Security-Policy for ${productionAuthDomain(process.argv[2])}`);
}
