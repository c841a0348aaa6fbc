import {
  EmailAuthProvider,
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  updatePassword,
  updateProfile,
  type User,
} from 'firebase/auth';
import { DELETE_CONFIRMATION, type AccountDeleted, type DataExport, type EmailChangeAnswer } from '@upskill/domain/account';
import { apiRequest, bearerHeader } from '../../lib/api';
import { saveFile } from '../../lib/saveFile';

// The account page's changes. Name and password go to Firebase Auth directly (they are the account
// itself); anything that reads or revokes what we hold goes through our API with a fresh token.

export const usesPassword = (user: User) => user.providerData.some((p) => p.providerId === 'password');

/** Signs in again, as the account signs in: its password, or Google. Export and deletion need it. */
export async function reauthenticate(user: User, password: string | null): Promise<void> {
  if (password !== null && user.email) await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  else await reauthenticateWithPopup(user, new GoogleAuthProvider(), browserPopupRedirectResolver);
  await user.getIdToken(true);
}

export async function saveName(user: User, name: string): Promise<void> {
  await updateProfile(user, { displayName: name });
  await user.getIdToken(true);
}

export async function changePassword(user: User, current: string, next: string): Promise<void> {
  await reauthenticate(user, current);
  await updatePassword(user, next);
  // A password change revokes every session signed in before it, this one's sign-in included (its
  // auth_time); signing in again with the new password keeps this tab's session valid on the server.
  await reauthenticate(user, next);
}

/** Downloads GET /api/me/export as the file the server names. */
export async function downloadMyData(user: User): Promise<void> {
  const data = await apiRequest<DataExport>('/api/me/export', { headers: await bearerHeader(user) });
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `upskill-my-data-${data.exportedAt.slice(0, 10)}.json`);
}

/** Revokes every session of the account on our side; the caller then signs this tab out too. */
export async function signOutEverywhere(user: User): Promise<void> {
  await apiRequest('/api/me/sessions', { method: 'DELETE', headers: await bearerHeader(user), retries: 2 });
}

/** DELETE /api/me with the typed confirmation; the caller then signs this tab out. */
export async function deleteAccount(user: User): Promise<AccountDeleted> {
  return apiRequest<AccountDeleted>('/api/me', {
    method: 'DELETE',
    body: { confirm: DELETE_CONFIRMATION },
    headers: await bearerHeader(user),
  });
}

/** Proves it is them (their password), then asks for the link to the new address (POST /api/me/email). */
export async function changeEmail(user: User, password: string, newEmail: string): Promise<void> {
  await reauthenticate(user, password);
  await apiRequest<EmailChangeAnswer>('/api/me/email', { method: 'POST', body: { newEmail }, headers: await bearerHeader(user) });
}
