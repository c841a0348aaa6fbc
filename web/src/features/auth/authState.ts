import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { useSyncExternalStore } from 'react';
import { auth } from '../../lib/firebase';
import { clearDraft } from '../enrollment';
import { setSessionHint } from '../../lib/sessionHint';

/** Who is signed in, as Firebase Auth says: unknown until its first answer, then a user or null. */
export type AuthState = { status: 'loading' } | { status: 'ready'; user: User | null };

const LOADING: AuthState = { status: 'loading' };
let state: AuthState = LOADING;
const listeners = new Set<() => void>();
let stopListening: (() => void) | undefined;

// One subscription to the SDK for the whole page, started by the first component that asks. Every
// answer (sign-in, sign-out here or in another tab, an expired or revoked session) rewrites the hint.
function subscribe(listener: () => void): () => void {
  stopListening ??= onIdTokenChanged(auth, (user) => {
    state = { status: 'ready', user };
    setSessionHint(user !== null);
    for (const notify of listeners) notify();
  });
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The one way the site knows who is signed in. Only modules that need the SDK import it. */
export function useAuthUser(): AuthState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
}

/** Signs out and forgets what this tab kept for the signed-in person (the enrollment draft and its edit token). */
export async function signOutAndForget(): Promise<void> {
  clearDraft();
  setSessionHint(false);
  await signOut(auth);
}
