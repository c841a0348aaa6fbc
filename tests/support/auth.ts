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
