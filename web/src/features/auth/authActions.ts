import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  validatePassword,
} from 'firebase/auth';
import { auth } from '../../lib/firebase';
import { setSessionHint } from '../../lib/sessionHint';

// Loaded on demand by the sign-in pages, so they render (and prerender) without the Firebase SDK.

export async function signInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
  setSessionHint(true);
}

export async function registerWithEmail(email: string, password: string): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  setSessionHint(true);
  // Enrollments made with this e-mail before registering join the account once the address is verified.
  await sendEmailVerification(user).catch(() => undefined);
}

export async function signInWithGoogle(): Promise<void> {
  await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
  setSessionHint(true);
}

export async function fetchPasswordPolicy() {
  return (await validatePassword(auth, '')).passwordPolicy.customStrengthOptions;
}
