import { readFileSync } from 'node:fs';

/** Hosts, ports and the project id, read from the same files the emulators read. */
const firebaseJson = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as {
  emulators: Record<'hosting' | 'auth' | 'firestore', { host: string; port: number }>;
};
const origin = (name: 'hosting' | 'auth' | 'firestore') => `${firebaseJson.emulators[name].host}:${firebaseJson.emulators[name].port}`;

export const HOSTING = `http://${origin('hosting')}`;
export const AUTH_EMULATOR = `http://${origin('auth')}`;
export const AUTH_EMULATOR_HOST = origin('auth');
export const FIRESTORE_EMULATOR_HOST = origin('firestore');
export const PROJECT_ID: string = (
  JSON.parse(readFileSync(new URL('../../.firebaserc', import.meta.url), 'utf8')) as { projects: { default: string } }
).projects.default;

/**
 * The emulator has no front end to say who is calling, so every request comes from 127.0.0.1. Tests
 * name the client they act as in this header, which only the Functions emulator honours (see
 * functions/src/http/clientAddress.ts); a deployed function ignores it.
 */
export const EMULATOR_CLIENT_HEADER = 'X-Emulator-Client-Address';
/** Parse this request's address as production does (functions/src/http/clientAddress.ts; honoured only by the emulator). */
export const EMULATOR_ADDRESS_MODE_HEADER = 'X-Emulator-Address-Mode';

/** The instant a request happens at, honoured only by the Functions emulator (functions/src/http/clock.ts). */
export const EMULATOR_NOW_HEADER = 'x-emulator-now';
