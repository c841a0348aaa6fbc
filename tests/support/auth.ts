import { randomUUID } from 'node:crypto';
import { AUTH_EMULATOR, PROJECT_ID } from './env';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

/**
 * Whether fetch failed on a kept-alive connection the emulator had already closed ("other side closed"): the request was
 * never read, so sending it again on a new connection is safe. Two e2e tests of the last clean run failed on it: their
 * previous call to the Auth emulator was some seconds before (a staff CLI in between), past the server's keep-alive.
 */
const closedBeforeAnswer = (err: unknown): boolean =>
  err instanceof TypeError &&
  err.cause instanceof Error &&
  ((err.cause as { code?: unknown }).code === 'UND_ERR_SOCKET' || (err.cause as { code?: unknown }).code === 'ECONNRESET');

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const send = () =>
    fetch(`${AUTH_EMULATOR}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const res = await send().catch((err: unknown) => {
    if (!closedBeforeAnswer(err)) throw err;
    console.log(`auth: ${path} sent again after a closed keep-alive connection`);
    return send();
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new account in the Auth emulator, signed in, with a real emulator-issued ID token. */
export async function createUser(options: { emailVerified?: boolean; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Passw0rd!';
  const created = await post<{ localId: string }>(
    `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`,
    { email, password, emailVerified: options.emailVerified ?? false },
    { Authorization: 'Bearer owner' },
  );
  const signedIn = await post<{ idToken: string }>('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: created.localId, email, password, idToken: signedIn.idToken };
}

export const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

/**
 * When the Auth emulator signed this user in (the ID token's auth_time), in milliseconds. The Auth emulator
 * keeps the real clock even when a test moves the rest of the stack's (TEST_CLOCK), so a request that needs a
 * recent sign-in (a data export, deleting an account) is sent at this instant: just after signing in.
 */
export function signedInAt(user: Pick<TestUser, 'idToken'>): number {
  const payload = JSON.parse(Buffer.from(user.idToken.split('.')[1], 'base64url').toString('utf8')) as { auth_time: number };
  return payload.auth_time * 1000;
}

/** The user's bearer token, on a request sent a second after they signed in (see signedInAt). */
export const freshlySignedIn = (user: TestUser): Record<string, string> => ({
  ...bearer(user),
  'x-emulator-now': new Date(signedInAt(user) + 1000).toISOString(),
});

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs in through the Auth emulator's Google provider with an identity whose claims the test chooses
 * (the emulator accepts an unsigned IdP token), e.g. an address Google has not verified.
 */
export async function signInWithGoogle(options: { email: string; emailVerified: boolean }): Promise<TestUser> {
  const claims = {
    sub: `google-${randomUUID()}`,
    email: options.email,
    email_verified: options.emailVerified,
    iss: 'https://accounts.google.com',
    aud: 'upskill-test',
  };
  const idpToken = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
  const signedIn = await post<{ localId: string; idToken: string }>(
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key',
    {
      postBody: `id_token=${idpToken}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    },
  );
  return { uid: signedIn.localId, email: options.email, password: '', idToken: signedIn.idToken };
}

/** A fresh ID token for an existing e-mail/password account. */
/** A password sign-in's tokens from the Auth emulator, as the site's SDK would hold them. */
export interface Session {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: string;
}

export async function sessionOf(user: Pick<TestUser, 'email' | 'password'>): Promise<Session> {
  return post<Session>('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
}

export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const signedIn = await post<{ idToken: string }>('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  return signedIn.idToken;
}
