import { randomUUID } from 'node:crypto';
import { AUTH_EMULATOR, PROJECT_ID } from './env';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${AUTH_EMULATOR}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
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
export async function signIn(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const signedIn = await post<{ idToken: string }>('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    email: user.email,
    password: user.password,
    returnSecureToken: true,
  });
  return signedIn.idToken;
}
