// Accounts for the seeds (seed.mjs, seedTeams.mjs): made in the Auth emulator as verified addresses, and signed in
// as the site signs in, through the emulator's REST API.
import { PROJECT_ID, PORTS } from './lib.mjs';

const AUTH = `http://127.0.0.1:${PORTS.find((p) => p.name === 'auth').port}`;

/** A response's JSON body, or an error naming its status and body. */
export async function json(res) {
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A verified account with these custom claims (staff, mentor), if any. */
export async function createAccount(account, claims) {
  const { localId } = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ ...account, emailVerified: true }),
  }).then(json);
  if (claims) {
    await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, customAttributes: JSON.stringify(claims) }),
    }).then(json);
  }
}

/** The account's ID token, signed in with its password. */
export async function signInAs(account) {
  const { idToken } = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  }).then(json);
  return idToken;
}
